// The version `perpl --version` prints: package.json's, bundled into dist/ by the build.

import pkg from '../../package.json' with { type: 'json' };

export const PERPL_VERSION: string = pkg.version;

export function versionLine(): string {
  return `perpl ${PERPL_VERSION}`;
}

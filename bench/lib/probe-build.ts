// The probe as the app ships: bench/app-probe.ts bundled like `npm run build` bundles the CLI (npm
// packages inside the bundle, `require` for their CommonJS parts, split into chunks), into dist/bench/.
// Run under tsx, the probe would also hold tsx's compiled sources and source maps: megabytes the
// terminal does not have, counted in its memory figures.

import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './sim-child.js';
import { BUNDLE_ALIASES, BUNDLE_EXTERNALS, MINIFY_WHITESPACE, REQUIRE_BANNER } from '../../test/helpers/build-flags.js';

export async function buildProbe(): Promise<string> {
  const outdir = join(ROOT, 'dist', 'bench');
  await build({
    entryPoints: [join(ROOT, 'bench', 'app-probe.ts')],
    outdir,
    // Split as the app is: Ink's devtools (and its react-devtools-core import) stay in a chunk loaded only in DEV.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...BUNDLE_EXTERNALS],
    alias: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [name, join(ROOT, path)])),
    banner: { js: REQUIRE_BANNER },
    minifyWhitespace: MINIFY_WHITESPACE,
    logLevel: 'warning',
  });
  return join(outdir, 'app-probe.js');
}

// The probe as the app ships: bench/app-probe.ts bundled like `npm run build` bundles the CLI (npm
// packages inside the bundle, `require` for their CommonJS parts), into dist/bench/. Run under tsx, the probe would also hold tsx's compiled sources and source
// maps: megabytes the terminal does not have, counted in its memory figures.

import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './sim-child.js';

export async function buildProbe(): Promise<string> {
  const outfile = join(ROOT, 'dist', 'bench', 'app-probe.js');
  await build({
    entryPoints: [join(ROOT, 'bench', 'app-probe.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
    banner: { js: 'import { createRequire as __perplCreateRequire } from "node:module"; const require = __perplCreateRequire(import.meta.url);' },
    logLevel: 'warning',
  });
  return outfile;
}

// The CLI's main.ts as a worker thread's entry (the key thread runs it), with tsx registered first:
// Node 20 runs no --import tsx in a worker.

import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');

/** Writes the entry file into `dir`; its path. */
export function cliEntry(dir: string): string {
  const tsxApi = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  const entry = join(dir, 'cli-entry.mjs');
  writeFileSync(entry, `const { register } = await import(${JSON.stringify(tsxApi)});\nregister();\nawait import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/cli/main.ts')).href)});\n`);
  return entry;
}

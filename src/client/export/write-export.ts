// Where an export goes: a file written whole or not at all (a 0600 temp file beside it, renamed over it
// once complete: lib/checked-file.ts), by default under $PERPL_HOME/exports/.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writePrivateFile } from '../../lib/checked-file.js';
import { perplHome } from '../../lib/perpl-home.js';
import type { ExportFormat } from './render.js';
import type { ExportKind } from '../../domain/export-kinds.js';

export function exportsDir(env: NodeJS.ProcessEnv): string {
  return join(perplHome(env), 'exports');
}

/** $PERPL_HOME/exports/fills-20261128-093000.csv (local time: the name a person looks for). */
export function defaultExportPath(env: NodeJS.ProcessEnv, kind: ExportKind, format: ExportFormat, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return join(exportsDir(env), `${kind}-${stamp}.${format}`);
}

/** Writes the whole export at `path`, mode 0600; `makeDir`: create its directory (0700) first. */
export function writeExportFile(path: string, text: string, makeDir = false): void {
  if (makeDir) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writePrivateFile(path, text);
}

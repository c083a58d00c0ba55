// A child node for the tests that hold the app's V8 settings against the real V8 (young-generation.test.ts,
// old-generation-compaction.test.ts): a script written into `dir`, run under tsx from the repository (it
// imports src/ by path), its result the JSON of its last stdout line.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A src/ module's path as a script imports it. */
export const srcModule = (path: string): string => JSON.stringify(join(ROOT, 'src', path));

/** Runs `source` as `dir`/`name`.mts in a child node (`nodeArgs` before tsx's) and returns its last line's JSON. */
export function v8ChildResult<T>(dir: string, name: string, source: string, nodeArgs: readonly string[] = []): T {
  const script = join(dir, `${name}.mts`);
  writeFileSync(script, source);
  const run = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as T;
}

// Builds the real CLI bundle (the esbuild flags of `npm run build`, test/helpers/build-flags.ts) into a private directory under
// node_modules/.cache (so package imports resolve and nothing shared, like dist/, is overwritten), and
// runs it inside a pseudo-terminal with util-linux `script`.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitFor } from '../helpers/wait.js';
import { APP_BUILD_FLAGS } from '../helpers/build-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');

export function buildApp(name: string): { entry: string; dispose(): void } {
  const out = join(ROOT, 'node_modules', '.cache', `perpl-${name}-${process.pid}`);
  mkdirSync(out, { recursive: true });
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'esbuild'),
    ['perpl=src/cli/main.ts', ...APP_BUILD_FLAGS, `--outdir=${out}`],
    { cwd: ROOT, stdio: 'pipe' },
  );
  return { entry: join(out, 'perpl.js'), dispose: () => rmSync(out, { recursive: true, force: true }) };
}

export const hasScript = (): boolean => existsSync('/usr/bin/script') || existsSync('/bin/script');

export interface PtyRun {
  child: ChildProcess;
  output(): string;
  /** Resolves with the shell's full output once `script` ends. */
  ended: Promise<string>;
}

/** Runs `shellCommand` in a new pseudo-terminal of cols x rows. */
export function runInPty(shellCommand: string, env: NodeJS.ProcessEnv, cols = 100, rows = 30): PtyRun {
  const command = `stty cols ${cols} rows ${rows}; ${shellCommand}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const ended = new Promise<string>((r) => child.on('close', () => r(out)));
  return { child, output: () => out, ended };
}

export async function waitForOutput(run: PtyRun, test: (out: string) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  await waitFor(() => test(run.output()), () => `${what}; output tail: ${JSON.stringify(run.output().slice(-400))}`, timeoutMs, 50);
}

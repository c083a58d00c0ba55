// Builds the real CLI bundle (the esbuild flags of `npm run build`, test/helpers/build-flags.ts) into a private directory under
// node_modules/.cache (so package imports resolve and nothing shared, like dist/, is overwritten), and
// runs it inside a pseudo-terminal with util-linux `script`.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import xterm from '@xterm/headless';
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
  cols: number;
  rows: number;
}

/** Runs `shellCommand` in a new pseudo-terminal of cols x rows. */
export function runInPty(shellCommand: string, env: NodeJS.ProcessEnv, cols = 100, rows = 30): PtyRun {
  const command = `stty cols ${cols} rows ${rows}; ${shellCommand}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const ended = new Promise<string>((r) => child.on('close', () => r(out)));
  return { child, output: () => out, ended, cols, rows };
}

export async function waitForOutput(run: PtyRun, test: (out: string) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  await waitFor(() => test(run.output()), () => `${what}; output tail: ${JSON.stringify(run.output().slice(-400))}`, timeoutMs, 50);
}

const ENTER_ALT = '\u001B[?1049h';

/** The screen a terminal would show for everything the app wrote after it last took the alternate screen. */
export async function screenOf(run: PtyRun): Promise<string> {
  const output = run.output();
  const term = new xterm.Terminal({ cols: run.cols, rows: run.rows, allowProposedApi: true, scrollback: 0 });
  await new Promise<void>((r) => term.write(output.slice(output.lastIndexOf(ENTER_ALT)), r));
  const buffer = term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
  term.dispose();
  return lines.join('\n');
}

/** Waits until the painted screen passes `test`; the last screen seen is in the failure. */
export async function waitForScreen(run: PtyRun, test: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
  let last = '';
  const shown = async () => {
    if (!run.output().includes(ENTER_ALT)) return undefined;
    last = await screenOf(run);
    return test(last) ? last : undefined;
  };
  const described = () => (last ? `${what}; screen:\n${last}` : `${what}; output tail: ${JSON.stringify(run.output().slice(-400))}`);
  return waitFor(shown, described, timeoutMs, 100);
}

// start: the built terminal (`node dist/perpl.js`, default network = the local exchange in-process)
// spawned in a pseudo-terminal of 200x50 (util-linux `script`; there is no node-pty here), its output
// parsed by a headless terminal; the time from spawn to the first screen with a live book.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import xterm from '@xterm/headless';
import { LAUNCHER_MALLOC_ENV, LAUNCHER_NODE_ARGS } from '../../test/helpers/build-flags.js';
import { ROOT } from './sim-child.js';

const { Terminal } = xterm;

export function liveBookOnScreen(screen: string): boolean {
  return screen.includes('● live') && screen.includes('spread ');
}

function screenText(term: InstanceType<typeof Terminal>): string {
  const b = term.buffer.active;
  const out: string[] = [];
  for (let y = 0; y < term.rows; y++) out.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
  return out.join('\n');
}

function cpuMsOfStat(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 Hz).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU ms (user + system) the node process under `script` has used so far, all threads and its main
 * thread alone (the exchange's thread runs beside it); null where /proc cannot tell.
 */
export function nodeCpuMsUnder(scriptPid: number | undefined): { process: number; mainThread: number } | null {
  if (scriptPid === undefined) return null;
  try {
    const stack = [scriptPid];
    while (stack.length > 0) {
      const pid = stack.pop() as number;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Node 24 names its main thread (and so the process) MainThread.
      if (comm === 'node' || comm === 'MainThread') return { process: cpuMsOfStat(`/proc/${pid}/stat`), mainThread: cpuMsOfStat(`/proc/${pid}/task/${pid}/stat`) };
      for (const t of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) stack.push(Number(t));
    }
  } catch {
    // The process ended or /proc is not there: no CPU figure.
  }
  return null;
}

/**
 * The app's start as `perpl` starts it: node with its launcher's options and malloc settings
 * (test/helpers/build-flags.ts), which the sh line of dist/perpl.js gives it; the bench names node itself.
 */
export const USER_START = { nodeArgs: LAUNCHER_NODE_ARGS, env: LAUNCHER_MALLOC_ENV } satisfies Pick<StartOptions, 'nodeArgs' | 'env'>;

/**
 * The bench's baseline start, the stock start: the same app started the way a plain Ink app starts.
 * Development React (NODE_ENV=development, as an Ink app run without NODE_ENV gets), Node's defaults (no
 * compile cache: NODE_DISABLE_COMPILE_CACHE=1), and the app's bench switch PERPL_BENCH_STOCK_START=1
 * (src/lib/start-steps.ts) turning off its start steps: the compile cache, the context over the exchange
 * thread's port (fetched over HTTP instead, undici loaded), the mount at the first live book (the empty
 * layout painted at once), undici after the first frame (Yoga fetches its wasm; trading and the chart's
 * history start with the market data). Everything else (the exchange on its thread, the frame path) is the app's.
 */
export const BASELINE_START: Pick<StartOptions, 'nodeEnv' | 'env'> = { nodeEnv: 'development', env: { NODE_DISABLE_COMPILE_CACHE: '1', PERPL_BENCH_STOCK_START: '1' } };

/**
 * ms from spawn to the live screen. `nodeEnv` undefined = as a user starts it (the CLI re-runs itself
 * with production React); 'development' = no re-run, development React.
 */
export async function measureStart(opts: StartOptions): Promise<number> {
  return (await measureStartWithCpu(opts)).ms;
}

export interface StartOptions {
  home: string;
  nodeEnv?: string;
  cols: number;
  rows: number;
  timeoutMs?: number;
  nodeArgs?: readonly string[];
  /** More environment for the app (the baseline's NODE_DISABLE_COMPILE_CACHE and PERPL_BENCH_STOCK_START). */
  env?: Readonly<Record<string, string>>;
  /** The built entry file, relative to the repo (default dist/perpl.js): another build for an A/B. */
  entry?: string;
  /** The node binary that runs the app (bench/lib/bench-nodes.ts); default `node` on PATH. */
  node?: string;
}

/** measureStart, with the CPU ms the app had used when the live screen showed (steady under a loaded machine, unlike wall time). */
export async function measureStartWithCpu(opts: StartOptions): Promise<{ ms: number; cpuMs: { process: number; mainThread: number } | null }> {
  const term = new Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true, scrollback: 0, convertEol: true });
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, CI: 'false', PERPL_HOME: opts.home, TERM: 'xterm-256color' };
  if (opts.nodeEnv) env.NODE_ENV = opts.nodeEnv;
  else delete env.NODE_ENV;
  const quote = (a: string): string => `'${a.replace(/'/g, `'\\''`)}'`;
  const nodeArgs = (opts.nodeArgs ?? []).map(quote).join(' ');
  const cmd = `stty cols ${opts.cols} rows ${opts.rows}; exec ${opts.node ? quote(opts.node) : 'node'} ${nodeArgs} ${opts.entry ?? 'dist/perpl.js'}`;
  const t0 = performance.now();
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    return await new Promise<{ ms: number; cpuMs: { process: number; mainThread: number } | null }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no live book on screen within ${opts.timeoutMs ?? 30_000} ms`)), opts.timeoutMs ?? 30_000);
      let done = false;
      child.stdout.on('data', (d: Buffer) => {
        term.write(d, () => {
          if (done || !liveBookOnScreen(screenText(term))) return;
          done = true;
          clearTimeout(timer);
          resolve({ ms: performance.now() - t0, cpuMs: nodeCpuMsUnder(child.pid) });
        });
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (!done) reject(new Error(`the app exited (${code ?? 'signal'}) before a live book`));
      });
    });
  } finally {
    await quit(child);
    term.dispose();
  }
}

async function quit(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.write('q');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGTERM');
    await exited;
  }
}

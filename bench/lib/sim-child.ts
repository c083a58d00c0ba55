// The local exchange as a child process (`node dist/perpl.js sim`), so its CPU is not the app's.
// It prints one JSON line when ready (rest, ws, chain_id, demo_key_file). It traces when each block's
// heartbeat leaves (PERPL_SIM_BLOCK_TRACE, src/sim/server/block-trace.ts) for the probes' feed lag.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { ProbeConfig } from './probe-types.js';

export interface SimChild {
  rest: string;
  ws: string;
  chainId: number;
  keyFile: string;
  pid: number;
  /** The exchange's block trace: each block's heartbeat send time (a probe's feed lag pairs its arrivals with it). */
  blockTrace: string;
  /** CPU seconds of the child so far (from /proc), or null where unavailable. */
  stop(): Promise<void>;
}

interface ReadyLine {
  rest: string;
  ws: string;
  chain_id: number;
  demo_key_file: string;
}

export const ROOT = join(import.meta.dirname, '..', '..');

/** The busy book as the tools outside the whole bench probe it: the optimized app at 200x50 against `sim`, after 3 s of warm-up. */
export function busyBookProbe(sim: SimChild, home: string, seconds: number): ProbeConfig {
  return { mode: 'optimized', rest: sim.rest, ws: sim.ws, chainId: sim.chainId, cols: 200, rows: 50, seconds, warmupS: 3, home };
}

export async function startSimChild(opts: { flowRate: number; home: string; markets?: string; seed?: number }): Promise<SimChild> {
  const args = [
    join(ROOT, 'dist', 'perpl.js'),
    'sim',
    '--port',
    '0',
    '--quiet',
    '--flow-rate',
    String(opts.flowRate),
    '--home',
    opts.home,
    '--markets',
    opts.markets ?? 'BTC',
    '--seed',
    String(opts.seed ?? 1),
  ];
  // A folder of its own: several exchanges of one bench share its home.
  const blockTrace = join(mkdtempSync(join(opts.home, 'sim-')), 'blocks.txt');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PERPL_SIM_BLOCK_TRACE: blockTrace },
  });
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer): void => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        child.stdout?.off('data', onData);
        try {
          resolve(JSON.parse(out.slice(0, nl)) as ReadyLine);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`sim exited (${code ?? 'signal'}) before it was ready`)));
  });
  child.stdout?.resume();
  return {
    rest: ready.rest,
    ws: ready.ws,
    chainId: ready.chain_id,
    keyFile: ready.demo_key_file,
    pid: child.pid ?? 0,
    blockTrace,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// Runs bench/app-probe.ts in its own process with the React build of its mode, drains the frames it
// writes (as a terminal would), and returns its result. The time limit follows the run's length (a soak
// runs for minutes).

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ProbeConfig, ProbeResult } from './probe-types.js';
import { ROOT } from './sim-child.js';

export interface ProbeRun {
  result: ProbeResult;
  /** Epoch ms just before the spawn. */
  spawnedAtEpoch: number;
  bytes: number;
}

/** Start-up (exchange context, first live frame), the warm-up, the measured run, the exit: with room to spare. */
export function probeTimeoutMs(cfg: Pick<ProbeConfig, 'seconds' | 'warmupS'>): number {
  return (cfg.warmupS + Math.max(0, cfg.seconds)) * 1000 + 90_000;
}

export interface ProbeSpawnOptions {
  /** Sees every byte the probe writes (the start scenario feeds a headless terminal with them). */
  onOutput?: (chunk: Buffer) => void;
  /** Default: probeTimeoutMs(cfg). */
  timeoutMs?: number;
  /** Extra node flags for the probe (e.g. --cpu-prof while profiling). */
  nodeArgs?: readonly string[];
}

export function runProbe(cfg: ProbeConfig, opts: ProbeSpawnOptions = {}): Promise<ProbeRun> {
  const { onOutput, nodeArgs = [] } = opts;
  const timeoutMs = opts.timeoutMs ?? probeTimeoutMs(cfg);
  // Production React for the app; a straightforward Ink app runs with NODE_ENV unset (development).
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', PERPL_HOME: cfg.home };
  if (cfg.mode === 'optimized') env.NODE_ENV = 'production';
  else delete env.NODE_ENV;
  // The app lowers its frame rate over SSH: only the low-bandwidth run may look like SSH.
  if (cfg.lowBandwidth) env.SSH_TTY = '/dev/pts/bench';
  else delete env.SSH_TTY;
  const spawnedAtEpoch = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, '--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'app-probe.ts'), JSON.stringify(cfg)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env,
  });
  // Diagnostics pass through; terminal control sequences (cursor restore at exit) do not.
  child.stderr?.on('data', (d: Buffer) => {
    const text = d.toString().replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
    if (text.trim()) process.stderr.write(text);
  });
  let bytes = 0;
  child.stdout?.on('data', (d: Buffer) => {
    bytes += d.length;
    onOutput?.(d);
  });
  return new Promise<ProbeRun>((resolve, reject) => {
    let result: ProbeResult | null = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`probe ${cfg.mode} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (m) => {
      result = m as ProbeResult;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!result) return reject(new Error(`probe ${cfg.mode} exited (${code ?? 'signal'}) without a result`));
      if (result.error) return reject(new Error(`probe ${cfg.mode} failed: ${result.error}`));
      resolve({ result, spawnedAtEpoch, bytes });
    });
  });
}

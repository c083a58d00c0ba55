// Runs bench/app-probe.ts in its own process with the React build of its mode, drains the frames it
// writes (as a terminal would), and returns its result. The time limit follows the run's length (a soak
// runs for minutes).

import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDERS_EXTRA_MS, type KeyMessage, type ProbeConfig, type ProbeMessage, type ProbeResult } from './probe-types.js';
import { epochNow } from './key-driver.js';
import { startKeyPresser, type KeyPresser } from './key-press.js';
import { TRACE_MARKER } from './key-wake-trace.js';
import { quantile, round } from './stats.js';
import { ROOT } from './sim-child.js';
import { LAUNCHER_MALLOC_ENV, LAUNCHER_NODE_ARGS } from '../../test/helpers/build-flags.js';

export interface ProbeRun {
  result: ProbeResult;
  /** Epoch ms just before the spawn. */
  spawnedAtEpoch: number;
  bytes: number;
}

/** Start-up (exchange context, first live frame), the warm-up, the measured run, the exit: with room to spare. */
export function probeTimeoutMs(cfg: Pick<ProbeConfig, 'seconds' | 'warmupS' | 'ordersTarget'>): number {
  // A run that types until a number of orders left may go on for ORDERS_EXTRA_MS after its seconds.
  const orders = cfg.ordersTarget !== undefined ? ORDERS_EXTRA_MS : 0;
  return (cfg.warmupS + Math.max(0, cfg.seconds)) * 1000 + orders + 90_000;
}

export interface ProbeSpawnOptions {
  /** Sees every byte the probe writes (the start scenario feeds a headless terminal with them). */
  onOutput?: (chunk: Buffer) => void;
  /** Default: probeTimeoutMs(cfg). */
  timeoutMs?: number;
  /** Extra node flags for the probe (e.g. --cpu-prof while profiling). */
  nodeArgs?: readonly string[];
  /** The built probe (probe-build.ts), run as the app ships; default bench/app-probe.ts under tsx. */
  script?: string;
  /** The node binary that runs the probe (bench/lib/bench-nodes.ts); default the bench's own. */
  node?: string;
}

/** The probe's environment: the app's as `perpl` starts it (its launcher's malloc settings, a value already set kept). */
export function probeEnvironment(cfg: Pick<ProbeConfig, 'mode' | 'home' | 'lowBandwidth'>, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // Production React for the app; a straightforward Ink app runs with NODE_ENV unset (development).
  const env: NodeJS.ProcessEnv = { ...base, CI: 'false', PERPL_HOME: cfg.home };
  if (cfg.mode === 'optimized') env.NODE_ENV = 'production';
  else delete env.NODE_ENV;
  // The baseline is the straightforward app: its keys are read on the screen thread, as stock Ink reads them.
  if (cfg.mode === 'baseline') env.PERPL_KEY_THREAD = '0';
  // As `perpl`'s launcher line starts node (test/helpers/build-flags.ts); BENCH_MALLOC_DEFAULTS=1 leaves glibc's own settings (A/B).
  if (cfg.mode === 'optimized' && base.BENCH_MALLOC_DEFAULTS !== '1') for (const [name, value] of Object.entries(LAUNCHER_MALLOC_ENV)) env[name] ??= value;
  // The app lowers its frame rate over SSH: only the low-bandwidth run may look like SSH.
  if (cfg.lowBandwidth) env.SSH_TTY = '/dev/pts/bench';
  else delete env.SSH_TTY;
  return env;
}

/** Node's options for the probe: the app's as `perpl`'s launcher starts it; BENCH_NODE_DEFAULTS=1 leaves Node's own (A/B). */
export function probeNodeArgs(cfg: Pick<ProbeConfig, 'mode'>, base: NodeJS.ProcessEnv = process.env): readonly string[] {
  return cfg.mode === 'optimized' && base.BENCH_NODE_DEFAULTS !== '1' ? LAUNCHER_NODE_ARGS : [];
}

export function runProbe(cfg: ProbeConfig, opts: ProbeSpawnOptions = {}): Promise<ProbeRun> {
  const { onOutput } = opts;
  const nodeArgs = [...probeNodeArgs(cfg), ...(opts.nodeArgs ?? [])];
  const timeoutMs = opts.timeoutMs ?? probeTimeoutMs(cfg);
  const env = probeEnvironment(cfg);
  const spawnedAtEpoch = Date.now();
  const entry = opts.script ? [opts.script] : ['--import', 'tsx', join(ROOT, 'bench', 'app-probe.ts')];
  const child = spawn(opts.node ?? process.execPath, [...nodeArgs, '--expose-gc', ...entry, JSON.stringify(cfg)], {
    cwd: ROOT,
    // stdin is the probe's keyboard (key_to_wire).
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
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
    // Only a run that places orders presses keys.
    const presser = cfg.ordersEveryMs !== undefined && child.stdin ? startKeyPresser(child.stdin, process.env.BENCH_TRACE_MARK === '1' ? { traceMark: TRACE_MARKER } : {}) : null;
    const keys = new KeyTimer(presser);
    child.on('message', (m: ProbeMessage) => {
      if ('figures' in m) result = m;
      else keys.onMessage(m);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      presser?.stop();
      if (!result) return reject(new Error(`probe ${cfg.mode} exited (${code ?? 'signal'}) without a result`));
      if (result.error) return reject(new Error(`probe ${cfg.mode} failed: ${result.error}`));
      Object.assign(result.figures, keys.figures());
      resolve({ result, spawnedAtEpoch, bytes });
    });
  });
}

/** The parent's side of key_to_wire: presses the key the probe asks for and times it to the send. */
class KeyTimer {
  /** Per key pressed and not yet sent: when it was pressed, and how long the parent's write of it took. */
  private readonly pressedAt = new Map<number, { at: number; writeMs: number }>();
  private readonly samples: number[] = [];
  private readonly handled: number[] = [];
  /** From the press to the key's read (the send less its handling), and how long the parent's write took. */
  private readonly toRead: number[] = [];
  private readonly writeTook: number[] = [];
  /** BENCH_KEY_WORKER=1: from the press to the worker's read, and to its synced line. */
  private readonly workerRead: number[] = [];
  private readonly workerSynced: number[] = [];
  private lastPressAt = 0;
  /** Presses on a thread of its own (key-press.ts); null when the probe has no stdin to press into. */
  constructor(private readonly presser: KeyPresser | null) {}

  onMessage(m: KeyMessage): void {
    if (m.kind === 'key-ready') {
      // 30-130 ms later (a trader reading the review, shortened so >= 300 orders fit in a minute): the
      // press lands at a random point of the probe's frame cycle (two 20 Hz frames wide; at once, it would
      // always meet the paint of the frame that showed the review).
      setTimeout(() => {
        // The time is noted at once before the write, on the presser's thread (key-press.ts): the key arrives as it is.
        const { at, writeMs } = this.presser?.press(m.key, m.n) ?? { at: epochNow(), writeMs: 0 };
        this.lastPressAt = at;
        this.pressedAt.set(m.n, { at, writeMs });
      }, 30 + Math.random() * 100);
      return;
    }
    if (m.kind === 'key-worker') {
      // One key is pressed at a time: the worker's read is of the last press.
      this.workerRead.push(m.readAtEpochMs - this.lastPressAt);
      if (m.syncedAtEpochMs !== undefined) this.workerSynced.push(m.syncedAtEpochMs - this.lastPressAt);
      return;
    }
    const pressed = this.pressedAt.get(m.n);
    this.pressedAt.delete(m.n);
    if (pressed === undefined) return;
    this.samples.push(m.atEpochMs - pressed.at);
    this.handled.push(m.handledMs);
    this.toRead.push(m.atEpochMs - m.handledMs - pressed.at);
    this.writeTook.push(pressed.writeMs);
  }

  figures(): Record<string, number> {
    if (this.samples.length === 0) return {};
    // BENCH_KEY_SAMPLES=FILE: each press as [to wire, to read, the parent's write] in ms, appended a run a line.
    const samplesFile = process.env.BENCH_KEY_SAMPLES;
    if (samplesFile) appendFileSync(samplesFile, JSON.stringify(this.samples.map((s, i) => [round(s, 3), round(this.toRead[i]!, 3), round(this.writeTook[i]!, 3)])) + '\n');
    return {
      key_to_wire_p50_ms: round(quantile(this.samples, 0.5), 2),
      key_to_wire_p99_ms: round(quantile(this.samples, 0.99), 2),
      key_to_wire_max_ms: round(Math.max(...this.samples), 2),
      // The same path once the key is read: what is left when no frame is being painted as it arrives.
      key_handled_to_wire_p50_ms: round(quantile(this.handled, 0.5), 2),
      key_handled_to_wire_p99_ms: round(quantile(this.handled, 0.99), 2),
      orders_sent: this.samples.length,
      key_to_read_p50_ms: round(quantile(this.toRead, 0.5), 2),
      key_to_read_p99_ms: round(quantile(this.toRead, 0.99), 2),
      key_press_write_p99_ms: round(quantile(this.writeTook, 0.99), 3),
      ...(this.workerRead.length > 0
        ? {
            key_to_worker_read_p50_ms: round(quantile(this.workerRead, 0.5), 2),
            key_to_worker_read_p99_ms: round(quantile(this.workerRead, 0.99), 2),
            key_to_worker_synced_p50_ms: round(quantile(this.workerSynced, 0.5), 2),
            key_to_worker_synced_p99_ms: round(quantile(this.workerSynced, 0.99), 2),
            worker_read_to_synced_p99_ms: round(quantile(this.workerSynced.map((s, i) => s - (this.workerRead[i] ?? 0)), 0.99), 2),
          }
        : {}),
    };
  }
}

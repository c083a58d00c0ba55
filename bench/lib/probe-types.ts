// What bench/run.ts tells a probe process and what the probe sends back (over IPC).

import type { Mode } from './app-wiring.js';

export interface ProbeConfig {
  mode: Mode;
  rest: string;
  ws: string;
  chainId: number;
  cols: number;
  rows: number;
  /** Measured seconds after the warm-up; 0 = stop at the first live frame (start scenario). */
  seconds: number;
  warmupS: number;
  /** $PERPL_HOME for the order journal. */
  home: string;
  /** Type one order every this many ms while measuring (key_to_wire); needs keyFile. */
  ordersEveryMs?: number;
  /** key_to_wire: measure on past `seconds` until this many orders went out (at most ORDERS_EXTRA_MS more), so p99 rests on enough samples. */
  ordersTarget?: number;
  /** The exchange's demo key file (trade scope): the app trades with it, as `perpl` does on `local`. */
  keyFile?: string;
  /** Run as over SSH (SSH_TTY set): the app's low-bandwidth profile. */
  lowBandwidth?: boolean;
  /** The DOM ladder open in the book's place (issue 34) from the first live frame on. */
  ladder?: boolean;
  /** The Algos tab open with a TWAP running (started through the app's keys, bench/lib/twap-driver.ts); needs keyFile. */
  twap?: boolean;
  /** The exchange's block trace (bench/lib/sim-child.ts): feed_lag and backlog_growing pair the app's heartbeats with it; without it, neither is measured. */
  blockTrace?: string;
  /** A soak: the meter keeps no per-frame samples (they would grow the heap it measures); no latency figures. */
  soak?: boolean;
}

/** Figures are numbers named with their unit; notes and errors travel apart. */
export type Figures = Record<string, number>;

export interface ProbeResult {
  figures: Figures;
  notes?: string[];
  error?: string;
}

/** key_to_wire: the probe asks the parent to press a key; the parent times it to the order's send. */
export type KeyMessage =
  | { kind: 'key-ready'; n: number; key: string }
  /** `handledMs`: from the key's bytes reaching the probe's event loop to the send (no wait behind a paint). */
  | { kind: 'key-sent'; n: number; atEpochMs: number; handledMs: number }
  /** BENCH_KEY_WORKER=1: the last key's read on a worker thread, and its journal-sized line synced there. */
  | { kind: 'key-worker'; readAtEpochMs: number; syncedAtEpochMs?: number };

export type ProbeMessage = ProbeResult | KeyMessage;

/** How long a run with an `ordersTarget` may type after its seconds before it stops short of the target. */
export const ORDERS_EXTRA_MS = 240_000;

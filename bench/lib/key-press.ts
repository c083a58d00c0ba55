// The bench parent's key press (key_to_wire), made on a thread of its own: the presser. It notes the time
// and writes the key into the probe's stdin pipe with nothing between, in the shortest slice Linux gives
// (lib/short-slice.ts, asked for it by its thread id from the bench's thread), so what the press's time bills to
// the app starts where the key arrives.
// Why a thread: on the bench's main thread, between its noted time and its write, the bench could be
// preempted; a scheduler trace (bench/key-wake-trace.ts, Node 24, 300 presses) caught it there twice: once for
// 3.3 ms by the app's screen thread, woken by its frame timer on the bench's CPU (the key read 4.03 ms after
// its time, the run's slowest), once for 1.2 ms by the exchange, and cold code of the bench's own (0.9 ms at
// press 5). A thread woken with a shorter slice than the running one's preempts it; one with the shortest
// slice is preempted by no thread woken meanwhile, and this one runs ~0.02 ms a press and sleeps.
// Where the presser cannot be used (no descriptor, bytes queued in the stream, a full pipe, a long key) the
// key takes the stream's way, timed just before.

import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { askSlice, SHORTEST_SLICE_NS } from '../../src/lib/short-slice.js';
import { epochNow } from './key-driver.js';
import { PRESS_MARK } from './key-wake-trace.js';

/** The longest key the presser writes in one go (a key press is a few bytes; a paste goes the stream's way). */
const KEY_BYTES = 64;

// The shared words (Int32): what the bench asked for and what the presser did.
const ASKED = 0; // press number asked (-1: stop)
const DONE = 1; // press number done
const LENGTH = 2; // the key's bytes
const WRITTEN = 3; // bytes written, or -1 for a full pipe (EAGAIN), -2 for another failure
const READY = 4; // 1 once the presser is warm
const MARK = 5; // BENCH_TRACE_MARK's press number
const TID = 6; // the presser's thread id (Linux), its slice asked from this thread (askSlice)
const WORDS = 8;
// Then two times (Float64, epoch ms): noted just before the write, and after it returned; then the key's bytes.
const TIMES_AT = WORDS * 4;
const KEY_AT = TIMES_AT + 16;

// CommonJS (an eval'd worker), as bench/lib/key-worker-probe.ts: the bench runs under tsx on Node 20, whose
// workers do not load TypeScript.
const PRESSER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { openSync, readlinkSync, writeSync } = require('node:fs');
const { shared, fd, markPath } = workerData;
const words = new Int32Array(shared, 0, ${WORDS});
const times = new Float64Array(shared, ${TIMES_AT}, 2);
const key = new Uint8Array(shared, ${KEY_AT}, ${KEY_BYTES});
const bytes = Buffer.alloc(${KEY_BYTES});
const now = () => performance.timeOrigin + performance.now();
try { Atomics.store(words, ${TID}, Number(readlinkSync('/proc/thread-self').split('/').pop())); } catch {}
let markFd = null;
if (markPath) try { markFd = openSync(markPath, 'w'); } catch {}
// The clock's and writeSync's first calls are cold (~0.6 ms): warmed on writes of no bytes, which wake no reader.
for (let i = 0; i < 64; i++) { now(); writeSync(fd, bytes, 0, 0); }
Atomics.store(words, ${READY}, 1);
Atomics.notify(words, ${READY});
let seen = 0;
for (;;) {
  Atomics.wait(words, ${ASKED}, seen);
  seen = Atomics.load(words, ${ASKED});
  if (seen < 0) break;
  const n = Atomics.load(words, ${LENGTH});
  bytes.set(key.subarray(0, n));
  if (markFd !== null) try { writeSync(markFd, '${PRESS_MARK} ' + Atomics.load(words, ${MARK})); } catch { markFd = null; }
  let written;
  const at = now();
  try {
    written = writeSync(fd, bytes, 0, n);
  } catch (e) {
    written = e.code === 'EAGAIN' ? -1 : -2;
  }
  times[0] = at;
  times[1] = now();
  Atomics.store(words, ${WRITTEN}, written);
  Atomics.store(words, ${DONE}, seen);
  Atomics.notify(words, ${DONE});
}
`;

export interface PressTimes {
  /** Epoch ms noted just before the key's write. */
  at: number;
  /** How long the write took to return (ms). */
  writeMs: number;
}

export interface KeyPresser {
  /** Presses `key` (one write into the pipe) and gives its times; `mark` labels the kernel trace's line (BENCH_TRACE_MARK). */
  press(key: string, mark?: number): PressTimes;
  /** True once the presser is warm (its slice asked then): until then keys go from this thread, the stream's way. */
  warm(): boolean;
  /** True when the presser runs in the shortest slice (Linux 6.12 on). */
  shortSlice(): boolean;
  stop(): void;
}

/** How long a press waits for the presser's write before it gives up on the run. */
const PRESS_TIMEOUT_MS = 2_000;

/**
 * The presser of `stdin`'s pipe. `traceMark`: the presser writes a line to that kernel trace marker file just
 * before each press's time (bench/key-wake-trace.ts).
 */
export function startKeyPresser(stdin: Writable, o: { traceMark?: string } = {}): KeyPresser {
  const fd = (stdin as unknown as { _handle?: { fd?: number } })._handle?.fd;
  const shared = new SharedArrayBuffer(KEY_AT + KEY_BYTES);
  const words = new Int32Array(shared, 0, WORDS);
  const times = new Float64Array(shared, TIMES_AT, 2);
  const key = new Uint8Array(shared, KEY_AT, KEY_BYTES);
  let worker: Worker | null = null;
  if (fd !== undefined && fd >= 0) {
    worker = new Worker(PRESSER_SOURCE, {
      eval: true,
      workerData: { shared, fd, markPath: o.traceMark ?? null },
    });
    // A press in flight holds the run; the presser alone never keeps the bench alive.
    worker.unref();
  }
  let asked = 0;
  /** Whether the presser runs in the shortest slice; null until it is warm and its slice was asked. */
  let sliced: boolean | null = null;
  const warm = (): boolean => {
    if (Atomics.load(words, READY) === 0) return false;
    const tid = Atomics.load(words, TID);
    sliced ??= tid > 0 && 'sliceNs' in askSlice(SHORTEST_SLICE_NS, { tid });
    return true;
  };

  const byStream = (bytes: Buffer): PressTimes => {
    const at = epochNow();
    stdin.write(bytes);
    return { at, writeMs: epochNow() - at };
  };

  function press(text: string, mark = 0): PressTimes {
    const bytes = Buffer.from(text, 'utf8');
    if (worker === null || !warm() || stdin.writableLength > 0 || bytes.length > KEY_BYTES) return byStream(bytes);
    key.set(bytes);
    Atomics.store(words, LENGTH, bytes.length);
    Atomics.store(words, MARK, mark);
    asked += 1;
    Atomics.store(words, ASKED, asked);
    Atomics.notify(words, ASKED);
    const deadline = performance.now() + PRESS_TIMEOUT_MS;
    for (let done = Atomics.load(words, DONE); done !== asked; done = Atomics.load(words, DONE)) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`the key presser did not write within ${PRESS_TIMEOUT_MS} ms`);
      // On the value just read: a write done since returns at once instead of waiting out `left`.
      Atomics.wait(words, DONE, done, left);
    }
    const written = Atomics.load(words, WRITTEN);
    if (written === -2) throw new Error('the key presser could not write into the pipe');
    // A full pipe: nothing went; the key goes the stream's way, after what the pipe holds.
    if (written === -1) return byStream(bytes);
    // A partial write: the rest goes after it, in order.
    if (written < bytes.length) stdin.write(bytes.subarray(written));
    return { at: times[0]!, writeMs: times[1]! - times[0]! };
  }

  return {
    press,
    warm,
    shortSlice: () => warm() && sliced === true,
    stop() {
      Atomics.store(words, ASKED, -1);
      Atomics.notify(words, ASKED);
      worker = null;
    },
  };
}

// BENCH_KEY_WORKER=1 (key_to_wire): what reading the keys on a worker thread would give, measured beside
// the app's own path in the same run. A worker reads the probe's stdin (the bench parent's key presses),
// notes when each read returned, hands the bytes on to the app's stdin as before, and for a lone `y` does
// what an armed worker would do before the send: append a journal-sized line to a file and fdatasync it.
// The app still handles the key on its main thread (its figures are unchanged); the worker's times tell
// how long a key waits for a thread that never paints, and the floor of a worker-fired order.

import { Worker } from 'node:worker_threads';

export interface WorkerKeyTimes {
  /** Epoch ms the worker's read of the key returned. */
  readAtEpochMs: number;
  /** Epoch ms the worker's journal-sized line was on disk (a lone `y` only). */
  syncedAtEpochMs?: number;
}

// CommonJS (an eval'd worker): the probe is bundled, so the worker's code travels as text.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const now = () => performance.timeOrigin + performance.now();
const buf = Buffer.alloc(4096);
const fd = fs.openSync(workerData.journal, 'a', 0o600);
const line = JSON.stringify({ t: 0, k: 'request', pad: 'x'.repeat(300) }) + '\\n';
const pause = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  let n;
  try {
    n = fs.readSync(0, buf, 0, buf.length, null);
  } catch (e) {
    if (e.code === 'EAGAIN') { Atomics.wait(pause, 0, 0, 1); continue; }
    throw e;
  }
  if (n === 0) break;
  const readAtEpochMs = now();
  const bytes = Buffer.from(buf.subarray(0, n));
  parentPort.postMessage({ bytes });
  if (n === 1 && bytes[0] === 0x79) {
    fs.writeSync(fd, line);
    fs.fdatasyncSync(fd);
    parentPort.postMessage({ times: { readAtEpochMs, syncedAtEpochMs: now() } });
  }
}
`;

/** Starts the reader; `onBytes` gets every read's bytes on the main thread, `onKey` a lone `y`'s times. */
export function startWorkerKeyReader(o: { journal: string; onBytes(bytes: Buffer): void; onKey(times: WorkerKeyTimes): void }): Worker {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { journal: o.journal } });
  worker.on('message', (m: { bytes?: Uint8Array; times?: WorkerKeyTimes }) => {
    if (m.bytes) o.onBytes(Buffer.from(m.bytes));
    if (m.times) o.onKey(m.times);
  });
  worker.unref();
  return worker;
}

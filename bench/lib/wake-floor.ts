// The floor under key_to_wire's wait before the read: the bench's own presser (key-press.ts) writes keys into a
// child that does nothing but read its stdin as the key thread reads it (a net.Socket's onread, in the key
// thread's slice) and note when each read returned. No app, no paint, no exchange: what is left of a key's
// wait is the kernel's and the VM's wake of a sleeping thread. Measured on the bench's VM (an idle 2-core
// Firecracker guest), that wake alone is about as long at its p99 as the app's whole handling of a key.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { askSlice } from '../../src/lib/short-slice.js';
import { startKeyPresser } from './key-press.js';

// CommonJS (node -e): the reader runs on a bare Node. It reads on its main thread, which does nothing else;
// its slice is asked from here, by its thread id (its pid).
const READER_SOURCE = `
const net = require('node:net');
const buf = Buffer.alloc(64);
process.stdout.write('ready\\n');
new net.Socket({ fd: 0, readable: true, writable: false, onread: { buffer: buf, callback: (n) => {
  const at = performance.timeOrigin + performance.now();
  process.stdout.write(n + ' ' + at + '\\n');
  return true;
} } });
`;

export interface WakeFloorOptions {
  presses: number;
  /** Pause between presses (ms): a sleeping reader each time, as the app's key thread between orders. */
  gapMs: number;
  /** The reader's slice (the key thread's). */
  sliceNs: number;
}

/** Each press's wait (ms) from the presser's time, just before its write, to the reader's read of it. */
export async function measureWakeFloor(o: WakeFloorOptions): Promise<number[]> {
  const child = spawn(process.execPath, ['-e', READER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let ready!: () => void;
  const readyNow = new Promise<void>((r) => (ready = r));
  /** The press waiting for its read, handed the read's time. */
  let read: ((atEpochMs: number) => void) | null = null;
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    read?.(Number(line.split(' ')[1]));
  });
  const presser = startKeyPresser(child.stdin);
  try {
    await readyNow;
    if (child.pid !== undefined) askSlice(o.sliceNs, { tid: child.pid });
    const until = performance.now() + 10_000;
    while (!presser.warm()) {
      if (performance.now() > until) throw new Error('the key presser did not start within 10 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    const waits: number[] = [];
    for (let i = 0; i < o.presses; i++) {
      await new Promise((r) => setTimeout(r, o.gapMs));
      const readAt = new Promise<number>((r) => (read = r));
      const { at } = presser.press('y');
      waits.push((await readAt) - at);
    }
    return waits;
  } finally {
    presser.stop();
    child.kill();
  }
}

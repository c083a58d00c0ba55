// `node --import tsx bench/wake-floor.ts [presses] [gap ms ...]`: the wait from a press to its read with nothing
// but a reader on the other end (bench/lib/wake-floor.ts), the floor under key_to_wire's wait before the read on
// this machine, for each gap between presses: the longer the machine idles before a key, the longer its wake
// (on the bench's VM: p50 0.22 ms 10 ms apart, 0.73 ms 50 ms apart, 1.6-2.4 ms 150 ms apart). Defaults: 200
// presses at each of 10, 50 and 150 ms apart (about 45 s). Run it on a quiet machine.

import { KEY_THREAD_SLICE_NS } from '../src/app/key-thread.js';
import { quantile, round } from './lib/stats.js';
import { measureWakeFloor } from './lib/wake-floor.js';

const [pressesArg = '200', ...gapArgs] = process.argv.slice(2);
const presses = Number(pressesArg);
const gaps = (gapArgs.length > 0 ? gapArgs : ['10', '50', '150']).map(Number);
if (!Number.isInteger(presses) || presses < 1 || !gaps.every((g) => g >= 0)) throw new Error(`usage: wake-floor.ts [presses >= 1] [gap ms >= 0 ...], not ${process.argv.slice(2).join(' ')}`);

for (const gapMs of gaps) {
  const waits = await measureWakeFloor({ presses, gapMs, sliceNs: KEY_THREAD_SLICE_NS });
  const at = (q: number): number => round(quantile(waits, q), 3);
  console.log(`press to read, ${waits.length} presses ${gapMs} ms apart (ms): p50 ${at(0.5)}  p90 ${at(0.9)}  p99 ${at(0.99)}  max ${at(1)}`);
}

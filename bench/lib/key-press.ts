// The bench parent's key press (key_to_wire): one write(2) of the key straight into the probe's stdin pipe,
// its time noted just before the call, after the bytes are made and the pipe checked (cold, those cost the
// bench ~0.01-0.04 ms a press that the app never saw). Through the pipe's stream the press ran Writable's and the socket's JS first,
// and this process could be descheduled in it: a scheduler trace of a quiet run (bench/key-wake-trace.ts)
// put 0.07 ms median, 0.68 ms p99 and 4.1 ms at worst between the noted time and the write that woke the
// app, two of the five slowest presses: the bench's time, billed to the app's key path.

import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { epochNow } from './key-driver.js';

/**
 * Presses `key` into `stdin` with one write on its descriptor, and gives the epoch ms noted just before it;
 * a stream with no descriptor, or a full pipe, takes the key the stream's way.
 */
export function pressIntoPipe(stdin: Writable, clock: () => number = epochNow): (key: string) => number {
  const fd = (stdin as unknown as { _handle?: { fd?: number } })._handle?.fd;
  return (key) => {
    const bytes = Buffer.from(key, 'utf8');
    if (fd !== undefined && fd >= 0 && stdin.writableLength === 0) {
      const at = clock();
      try {
        const written = writeSync(fd, bytes);
        // A partial write (a pipe nearly full): the rest goes after it, in order.
        if (written < bytes.length) stdin.write(bytes.subarray(written));
        return at;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
    }
    const at = clock();
    stdin.write(bytes);
    return at;
  };
}

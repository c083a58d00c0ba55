// The bench parent's key press (key_to_wire): one write(2) of the key straight into the probe's stdin pipe,
// its time noted just before. Through the pipe's stream the press ran Writable's and the socket's JS first,
// and this process could be descheduled in it: a scheduler trace of a quiet run (bench/key-wake-trace.ts)
// put 0.07 ms median, 0.68 ms p99 and 4.1 ms at worst between the noted time and the write that woke the
// app, two of the five slowest presses: the bench's time, billed to the app's key path.

import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** Presses `key` into `stdin` with one write on its descriptor; a stream with no descriptor, or a full pipe, takes the key the stream's way. */
export function pressIntoPipe(stdin: Writable): (key: string) => void {
  const fd = (stdin as unknown as { _handle?: { fd?: number } })._handle?.fd;
  return (key) => {
    const bytes = Buffer.from(key, 'utf8');
    if (fd !== undefined && fd >= 0 && stdin.writableLength === 0) {
      try {
        const written = writeSync(fd, bytes);
        // A partial write (a pipe nearly full): the rest goes after it, in order.
        if (written < bytes.length) stdin.write(bytes.subarray(written));
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
    }
    stdin.write(bytes);
  };
}

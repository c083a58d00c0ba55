// For the bench's feed lag (bench/lib/feed-tracker.ts). Blocks are stamped in whole seconds on the wire
// (wire.md 15), so no frame tells a client when it left. With a trace file, the exchange appends
// "block epochMs" (ms with fractions, the wall clock every local process shares) as it sends a block's
// heartbeat (mt 100, h = block); a client pairs the heartbeat's arrival with that line. Nothing on the
// wire changes.

import { closeSync, openSync, writeSync } from 'node:fs';

export class BlockTrace {
  private fd: number | null;

  constructor(file: string) {
    this.fd = openSync(file, 'a', 0o600);
  }

  /** The heartbeats of `block` leave now. */
  sending(block: number): void {
    if (this.fd === null) return;
    const at = performance.timeOrigin + performance.now();
    try {
      writeSync(this.fd, `${block} ${at.toFixed(3)}\n`);
    } catch {
      // A trace that cannot be written must never stop the exchange: it stops tracing.
      this.close();
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    closeSync(fd);
  }
}

/** The lines of a trace file: block -> epoch ms its heartbeats left (a last line still being written is skipped). */
export function parseBlockTrace(text: string): Map<number, number> {
  const sent = new Map<number, number>();
  const lines = text.split('\n');
  // What follows the last newline is a line not yet whole.
  lines.pop();
  for (const line of lines) {
    const m = /^(\d+) (\d+(?:\.\d+)?)$/.exec(line);
    if (m) sent.set(Number(m[1]), Number(m[2]));
  }
  return sent;
}

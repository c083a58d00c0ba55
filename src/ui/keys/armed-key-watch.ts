// The key thread's reading of the keyboard while an order is armed (transport/ws/armed-frame.ts): it
// fires only when the FIRST read since arming is the confirm key alone, read as a key. The same key
// reader as the screen's (key-reader.ts) sees every read, armed or not, so its paste and terminal-string
// state is the screen's: a `y` inside a bracketed paste (even one split across reads), inside an escape
// sequence or a terminal's reply, in a chunk with other keys, or after any other key never fires.

import { KeyReader } from './key-reader.js';

export class ArmedKeyWatch {
  private readonly reader = new KeyReader();
  /** The next read is the first since arming (one chance per arm). */
  private fresh = false;
  /** Reads seen so far (the screen thread counts the same reads as it receives them). */
  private reads = 0;

  /** How many reads this watch has seen: the number each read is forwarded with. */
  get readCount(): number {
    return this.reads;
  }

  /**
   * An order was armed by a screen thread that had received `afterRead` reads: the next read may fire it
   * only when that was every read. A read still on its way to the screen thread (an Esc that closes the
   * review) was not seen by the state the order was armed on, so nothing fires until the next arm.
   */
  arm(afterRead: number): void {
    this.fresh = afterRead === this.reads;
  }

  /** Nothing armed (the screen thread claimed or the frame fired): no read fires until the next arm. */
  disarm(): void {
    this.fresh = false;
  }

  /** One read of the keyboard (`nowMs` monotonic): true when it is the lone confirm key that fires. */
  read(raw: string, nowMs: number, confirmKey = 'y'): boolean {
    this.reads += 1;
    const keys = [...this.reader.push(raw, nowMs), ...this.reader.endRead()];
    const first = this.fresh;
    this.fresh = false;
    return first && keys.length === 1 && keys[0]!.name === confirmKey;
  }
}

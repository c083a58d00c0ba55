// How long the armed order stays right (issue 35, the key thread): the screen thread renews the arm at
// every publish, and the key thread reads the latest renewal only when a `y` comes. Shared memory, not a
// message: a message woke the key thread at every publish, and a thread woken while the screen thread
// paints often waits on that CPU's run queue for the rest of the paint (Linux let it run only at the next
// tick, 4 ms later), so the key that came next waited with it. Written as a seqlock by one thread (the
// screen's); a read that meets a write in progress gives up at once, and the key thread falls back to what
// the stage message said: older values only hold the key back, never let it send.

/** The fields, each one int64 slot after the sequence (odd while a write is in progress). */
const SEQ = 0;
const ID = 1;
const AFTER_FRAME = 2;
const EXPIRES_US = 3;
const SLOTS = 4;

export interface Renewal {
  /** Epoch ms after which the key thread no longer fires the arm. */
  expiresAtEpochMs: number;
  /** Socket frames the screen thread had received when it renewed: the order is right after all of them. */
  afterFrame: number;
}

/** Epoch microseconds as an int64 (Infinity: never, as far as an int64 of microseconds goes). */
const toMicros = (ms: number): bigint => BigInt(Math.round(Math.min(ms * 1000, Number.MAX_SAFE_INTEGER)));

export class ArmRenewal {
  private readonly cells: BigInt64Array;

  /** `buffer`: the same SharedArrayBuffer on both threads (a fresh one by default). */
  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(SLOTS * 8)) {
    this.cells = new BigInt64Array(buffer, 0, SLOTS);
  }

  get buffer(): SharedArrayBuffer {
    return this.cells.buffer as SharedArrayBuffer;
  }

  /** Screen thread (the only writer): arm `id` stays right until `renewal.expiresAtEpochMs`. */
  write(id: number, renewal: Renewal): void {
    const seq = Atomics.load(this.cells, SEQ);
    Atomics.store(this.cells, SEQ, seq + 1n);
    Atomics.store(this.cells, ID, BigInt(id));
    Atomics.store(this.cells, AFTER_FRAME, BigInt(renewal.afterFrame));
    Atomics.store(this.cells, EXPIRES_US, toMicros(renewal.expiresAtEpochMs));
    Atomics.store(this.cells, SEQ, seq + 2n);
  }

  /** Key thread: the latest renewal of arm `id`; null when there is none, or a write is in progress (never waited for). */
  read(id: number): Renewal | null {
    const seq = Atomics.load(this.cells, SEQ);
    if (seq % 2n === 1n) return null;
    const readId = Atomics.load(this.cells, ID);
    const afterFrame = Atomics.load(this.cells, AFTER_FRAME);
    const expiresUs = Atomics.load(this.cells, EXPIRES_US);
    if (Atomics.load(this.cells, SEQ) !== seq || seq === 0n || readId !== BigInt(id)) return null;
    return { expiresAtEpochMs: Number(expiresUs) / 1000, afterFrame: Number(afterFrame) };
  }
}

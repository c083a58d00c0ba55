// The one word two threads agree on about an armed order (issue 35, the key thread): the screen thread
// stages an order frame and arms it; the key thread, which owns the trading socket and reads the keyboard,
// may send it the instant a lone `y` is read, without waiting for a paint. Whoever moves the word first
// wins, with Atomics.compareExchange, so a frame leaves at most once:
// - the key thread fires only `armed(id)` -> `fired(id)` for the id of the frame it holds;
// - the screen thread, before any other frame of that socket, moves `armed` -> `idle` (the frame can no
//   longer leave behind a later request) or finds `fired` and adopts it (marks it sent, never sends it).
// The arm id sits in the same word as the state: a frame staged for an earlier arm never matches a later one.

const STATE_BITS = 2;
const STATE_MASK = (1 << STATE_BITS) - 1;
/** Ids wrap in 29 bits: far more arms than one connection ever sees. */
const ID_MASK = (1 << 29) - 1;

export const ArmState = { idle: 0, armed: 1, fired: 2 } as const;
export type ArmStateValue = (typeof ArmState)[keyof typeof ArmState];

const word = (id: number, state: ArmStateValue): number => ((id & ID_MASK) << STATE_BITS) | state;
const stateOf = (w: number): number => w & STATE_MASK;
const idOf = (w: number): number => (w >>> STATE_BITS) & ID_MASK;

export class ArmWord {
  private readonly cell: Int32Array;

  /** `buffer`: a SharedArrayBuffer of at least 4 bytes, the same on both threads (a fresh one by default). */
  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.cell = new Int32Array(buffer, 0, 1);
  }

  get buffer(): SharedArrayBuffer {
    return this.cell.buffer as SharedArrayBuffer;
  }

  /** What the word says now (for tests and logs; decisions go through the compare-and-swap methods). */
  peek(): { id: number; state: number } {
    const w = Atomics.load(this.cell, 0);
    return { id: idOf(w), state: stateOf(w) };
  }

  /**
   * Screen thread: arms `id` (replacing an armed earlier id). False when a fired frame still waits to be
   * adopted: the caller adopts it (claim) first, since its frame has left.
   */
  arm(id: number): boolean {
    for (;;) {
      const w = Atomics.load(this.cell, 0);
      if (stateOf(w) === ArmState.fired) return false;
      if (Atomics.compareExchange(this.cell, 0, w, word(id, ArmState.armed)) === w) return true;
    }
  }

  /**
   * Screen thread, before it sends anything else on the socket and whenever the armed frame stops being
   * right: after this no armed frame can leave. Returns the id of a frame the key thread already sent
   * (adopt it, exactly once: a second claim returns null), else null.
   */
  claim(): number | null {
    for (;;) {
      const w = Atomics.load(this.cell, 0);
      const state = stateOf(w);
      if (state === ArmState.idle) return null;
      if (Atomics.compareExchange(this.cell, 0, w, word(idOf(w), ArmState.idle)) !== w) continue;
      return state === ArmState.fired ? idOf(w) : null;
    }
  }

  /** Key thread: true when `id` was armed and is now fired (send its frame at once); false: send nothing. */
  fire(id: number): boolean {
    const armed = word(id, ArmState.armed);
    return Atomics.compareExchange(this.cell, 0, armed, word(id, ArmState.fired)) === armed;
  }
}

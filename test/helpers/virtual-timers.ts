// A clock that moves only when a test moves it: the `Timers` the transport and the client take, so an
// ack timeout, a block wait or the send budget's refill happens at an exact virtual millisecond while the
// sockets and the local exchange stay real. Global timers (the exchange's block clock, `ws`) are untouched,
// which is why this is injected rather than vi.useFakeTimers(): faking the globals would freeze the
// exchange the test trades against.

import type { TimerHandle, Timers } from '../../src/lib/timers.js';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class VirtualTimers implements Timers {
  private current: number;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Starts at `startMs` (default: the real time now, so timestamps look ordinary). */
  constructor(startMs: number = Date.now()) {
    this.current = startMs;
  }

  readonly now = (): number => this.current;

  readonly setTimeout = (fn: () => void, ms: number): TimerHandle => {
    const id = this.nextId++;
    this.pending.set(id, { id, at: this.current + Math.max(0, ms), fn });
    return handle(id);
  };

  readonly clearTimeout = (h: TimerHandle): void => {
    this.pending.delete(idOf(h));
  };

  /** Timers not yet run or cleared. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Ms from now until the earliest pending timer, or null when none is pending. */
  nextDueInMs(): number | null {
    let at: number | null = null;
    for (const p of this.pending.values()) if (at === null || p.at < at) at = p.at;
    return at === null ? null : at - this.current;
  }

  /**
   * Moves the clock `ms` on, running every timer due on the way in due order (a timer set while running
   * runs too when it falls due inside the step), each with the clock at its own due time.
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance by ${ms} ms`);
    const end = this.current + ms;
    for (let ran = 0; ; ran++) {
      if (ran > 100_000) throw new Error('virtual timers: more than 100000 timers in one advance (a loop re-arming at 0 ms?)');
      const due = this.earliestDue(end);
      if (!due) break;
      this.pending.delete(due.id);
      this.current = due.at;
      due.fn();
    }
    this.current = end;
  }

  private earliestDue(end: number): Pending | undefined {
    let first: Pending | undefined;
    for (const p of this.pending.values()) {
      if (p.at > end) continue;
      if (!first || p.at < first.at || (p.at === first.at && p.id < first.id)) first = p;
    }
    return first;
  }
}

const IDS = new WeakMap<object, number>();

/** What Node's timers return, as far as the code under test uses it (unref / ref). */
function handle(id: number): TimerHandle {
  const h = {
    unref() {
      return h;
    },
    ref() {
      return h;
    },
    hasRef: () => false,
    [Symbol.toPrimitive]: () => id,
  };
  IDS.set(h, id);
  return h as unknown as TimerHandle;
}

function idOf(h: TimerHandle): number {
  return IDS.get(h as unknown as object) ?? -1;
}

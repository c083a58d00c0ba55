// A FIFO queue in front of one or more token buckets: work runs at once while every bucket has a token
// and nobody is waiting, otherwise it waits its turn (never dropped, never reordered). Used in front of
// REST requests (acquire) and WebSocket writes (submit, which runs synchronously when it can).

import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import { TokenBucket, type TokenBucketLimit } from '../../lib/token-bucket.js';

/** Estimated ms until everything waiting has gone out, or null when nothing waits. */
export type ThrottleReport = (waitMs: number | null) => void;

export interface RateGateOptions {
  /** Every bucket must have a token for one unit of work to go. */
  limits: readonly TokenBucketLimit[];
  timers?: Timers;
  onThrottle?: ThrottleReport;
}

export interface SubmitOptions {
  /** Aborting removes the work from the queue (it never runs) and calls `dropped` with the reason. */
  signal?: AbortSignal;
  /** The work will never run: aborted, or the gate was cleared. */
  dropped?: (reason: unknown) => void;
}

interface Waiter {
  go: () => void;
  dropped: ((reason: unknown) => void) | undefined;
  detach: () => void;
}

export class RateGate {
  private readonly timers: Timers;
  private readonly buckets: TokenBucket[];
  private readonly queue: Waiter[] = [];
  private timer: TimerHandle | null = null;
  private throttled = false;
  /** Inside pump(): work it runs may submit more, which then just joins the queue. */
  private pumping = false;

  constructor(private readonly options: RateGateOptions) {
    this.timers = options.timers ?? realTimers;
    const now = this.timers.now();
    this.buckets = options.limits.map((limit) => new TokenBucket(limit, now));
  }

  /** Work waiting for a token. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Whole units of work that could run now without waiting, less what already waits (0 when throttled):
   * the tightest bucket decides. Lets a caller with optional work (an algo's next child) leave room.
   */
  available(): number {
    const now = this.timers.now();
    let tokens = Infinity;
    for (const bucket of this.buckets) tokens = Math.min(tokens, Math.floor(bucket.available(now)));
    return Math.max(0, tokens - this.queue.length);
  }

  /** Runs `go` now when allowed (returns true), else queues it behind the others (returns false). */
  submit(go: () => void, opts: SubmitOptions = {}): boolean {
    const { signal, dropped } = opts;
    if (signal?.aborted) {
      dropped?.(signal.reason);
      return false;
    }
    const now = this.timers.now();
    if (this.queue.length === 0 && !this.pumping && this.readyInMs(now) === 0) {
      this.take(now);
      go();
      return true;
    }
    const waiter: Waiter = { go, dropped, detach: () => {} };
    if (signal) {
      const onAbort = () => this.remove(waiter, signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      waiter.detach = () => signal.removeEventListener('abort', onAbort);
    }
    this.queue.push(waiter);
    if (this.pumping) return false;
    if (this.timer === null) this.pump();
    else this.report(now);
    return false;
  }

  /** Resolves when a token is taken for the caller; rejects with the abort reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.submit(resolve, { ...(signal ? { signal } : {}), dropped: reject });
    });
  }

  /**
   * Counts one unit of work that already ran elsewhere (an armed frame the key thread sent: it was armed
   * only while a token was there and nothing waited, and every other send claims the arm before taking
   * one, so the token is still there). False when none was.
   */
  spend(): boolean {
    const now = this.timers.now();
    if (this.queue.length > 0 || this.readyInMs(now) > 0) return false;
    this.take(now);
    return true;
  }

  /** Drops everything waiting (its connection ended): nothing of it runs. */
  clear(reason: unknown): void {
    this.cancelTimer();
    const dropped = this.queue.splice(0);
    for (const w of dropped) {
      w.detach();
      w.dropped?.(reason);
    }
    this.report(this.timers.now());
  }

  private readyInMs(now: number): number {
    let wait = 0;
    for (const bucket of this.buckets) wait = Math.max(wait, bucket.waitMs(now));
    return wait;
  }

  private take(now: number): void {
    for (const bucket of this.buckets) bucket.tryTake(now);
  }

  private pump(): void {
    this.timer = null;
    this.pumping = true;
    let now = this.timers.now();
    try {
      while (this.queue.length > 0) {
        const wait = this.readyInMs(now);
        if (wait > 0) {
          this.timer = this.timers.setTimeout(() => this.pump(), wait);
          break;
        }
        this.take(now);
        const next = this.queue.shift()!;
        next.detach();
        next.go();
        now = this.timers.now();
      }
    } finally {
      this.pumping = false;
      // Work that threw must not stall the work queued behind it.
      if (this.timer === null && this.queue.length > 0) this.timer = this.timers.setTimeout(() => this.pump(), 0);
    }
    this.report(now);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private remove(waiter: Waiter, reason: unknown): void {
    const i = this.queue.indexOf(waiter);
    if (i < 0) return;
    this.queue.splice(i, 1);
    waiter.detach();
    waiter.dropped?.(reason);
    if (this.queue.length === 0) this.cancelTimer();
    this.report(this.timers.now());
  }

  /** Until the whole queue has gone: each bucket must refill one token per waiter. */
  private estimateMs(now: number): number {
    let wait = 0;
    for (const bucket of this.buckets) wait = Math.max(wait, bucket.waitMs(now, this.queue.length));
    return wait;
  }

  private report(now: number): void {
    const onThrottle = this.options.onThrottle;
    if (!onThrottle) return;
    if (this.queue.length > 0) {
      this.throttled = true;
      onThrottle(this.estimateMs(now));
    } else if (this.throttled) {
      this.throttled = false;
      onThrottle(null);
    }
  }
}

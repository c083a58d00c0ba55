// A token bucket: `capacity` tokens at most (the burst), refilled continuously at `refillPerSec`.
// Pure: the caller passes the time, so tests and the queue in front of it choose the clock. The one token
// bucket: the client's send queues and the local exchange's request budgets both count with it. Imports
// no layer; every layer may import it.

export interface TokenBucketLimit {
  /** Largest burst, and the tokens a new bucket starts with. */
  capacity: number;
  /** Tokens added per second (a steady rate of this many operations per second). */
  refillPerSec: number;
}

export class TokenBucket {
  private tokens: number;
  private lastMs: number;

  constructor(
    readonly limit: TokenBucketLimit,
    nowMs: number,
  ) {
    if (!(limit.capacity >= 1) || !(limit.refillPerSec > 0)) {
      throw new RangeError(`a token bucket needs capacity >= 1 and refillPerSec > 0 (got ${limit.capacity}, ${limit.refillPerSec})`);
    }
    this.tokens = limit.capacity;
    this.lastMs = nowMs;
  }

  /** Tokens available at `nowMs` (fractional while refilling). */
  available(nowMs: number): number {
    this.refill(nowMs);
    return this.tokens;
  }

  /** Takes one token when there is one; false (and nothing taken) otherwise. */
  tryTake(nowMs: number): boolean {
    this.refill(nowMs);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until `count` tokens could have been taken one after another (0 when they are there now). */
  waitMs(nowMs: number, count = 1): number {
    this.refill(nowMs);
    const missing = count - this.tokens;
    return missing <= 0 ? 0 : Math.ceil((missing / this.limit.refillPerSec) * 1000);
  }

  private refill(nowMs: number): void {
    // A clock that steps back must not mint tokens later: only forward time counts.
    const elapsed = Math.max(0, nowMs - this.lastMs);
    this.tokens = Math.min(this.limit.capacity, this.tokens + (elapsed / 1000) * this.limit.refillPerSec);
    this.lastMs = Math.max(this.lastMs, nowMs);
  }
}

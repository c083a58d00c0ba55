// The exchange's request budgets: `perMinute` requests a minute with a burst of the same size, counted by
// the one token bucket (lib/token-bucket.ts). A limit of 0 or less means unlimited.

import { TokenBucket } from '../../lib/token-bucket.js';

/** One budget of `perMinute` requests a minute (a connection's, an address's, a key's). */
export class RequestBudget {
  private readonly bucket: TokenBucket | null;

  constructor(
    private readonly perMinute: number,
    nowMs: number,
  ) {
    this.bucket = perMinute > 0 ? new TokenBucket({ capacity: perMinute, refillPerSec: perMinute / 60 }, nowMs) : null;
  }

  /** Takes one request's token; false when the budget is used up. */
  take(nowMs: number): boolean {
    return this.bucket === null || this.bucket.tryTake(nowMs);
  }

  /** Whole seconds until the next request is allowed (for Retry-After); at least 1 while used up. */
  retryAfterSec(nowMs: number): number {
    if (this.bucket === null) return 0;
    return Math.max(1, Math.ceil(((1 - this.bucket.available(nowMs)) * 60) / this.perMinute));
  }
}

/** One budget per key (IP address, API key), dropped when idle so memory stays bounded. */
export class KeyedLimiter {
  private readonly budgets = new Map<string, { budget: RequestBudget; lastUse: number }>();

  constructor(private readonly perMinute: number) {}

  take(key: string, nowMs: number): { ok: boolean; retryAfterSec: number } {
    if (this.perMinute <= 0) return { ok: true, retryAfterSec: 0 };
    if (this.budgets.size > 10_000) {
      for (const [k, v] of this.budgets) if (nowMs - v.lastUse > 60_000) this.budgets.delete(k);
    }
    let entry = this.budgets.get(key);
    if (!entry) {
      entry = { budget: new RequestBudget(this.perMinute, nowMs), lastUse: nowMs };
      this.budgets.set(key, entry);
    }
    entry.lastUse = nowMs;
    const ok = entry.budget.take(nowMs);
    return { ok, retryAfterSec: ok ? 0 : entry.budget.retryAfterSec(nowMs) };
  }
}

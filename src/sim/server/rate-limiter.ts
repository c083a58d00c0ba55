// Token buckets: `perMinute` requests per minute with a burst of the same size.

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perMinute: number,
    nowMs: number,
  ) {
    this.tokens = perMinute;
    this.last = nowMs;
  }

  /** Takes one token; false when empty. A limit of 0 or less means unlimited. */
  take(nowMs: number): boolean {
    if (this.perMinute <= 0) return true;
    this.tokens = Math.min(this.perMinute, this.tokens + ((nowMs - this.last) * this.perMinute) / 60_000);
    this.last = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Seconds until the next token is available (for Retry-After). */
  retryAfterSec(): number {
    if (this.perMinute <= 0) return 0;
    return Math.max(1, Math.ceil(((1 - this.tokens) * 60) / this.perMinute));
  }
}

/** One bucket per key (IP address, API key), dropped when idle so memory stays bounded. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, { bucket: TokenBucket; lastUse: number }>();

  constructor(private readonly perMinute: number) {}

  take(key: string, nowMs: number): { ok: boolean; retryAfterSec: number } {
    if (this.perMinute <= 0) return { ok: true, retryAfterSec: 0 };
    if (this.buckets.size > 10_000) {
      for (const [k, v] of this.buckets) if (nowMs - v.lastUse > 60_000) this.buckets.delete(k);
    }
    let entry = this.buckets.get(key);
    if (!entry) {
      entry = { bucket: new TokenBucket(this.perMinute, nowMs), lastUse: nowMs };
      this.buckets.set(key, entry);
    }
    entry.lastUse = nowMs;
    const ok = entry.bucket.take(nowMs);
    return { ok, retryAfterSec: ok ? 0 : entry.bucket.retryAfterSec() };
  }
}

// Single-use nonces within the signature window. Memory is bounded: entries expire once their
// timestamp falls out of the window (a replay that old fails the timestamp check anyway), and a hard
// cap refuses new nonces rather than growing without limit under a flood.

export class NonceCache {
  private readonly seen = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxEntries = 200_000,
  ) {}

  /** Records `nonce` for `keyId`; false when it was already used (or the cache is full). */
  use(keyId: string, nonce: string, nowMs: number): boolean {
    this.sweep(nowMs);
    const id = `${keyId}\n${nonce}`;
    if (this.seen.has(id)) return false;
    if (this.seen.size >= this.maxEntries) return false;
    // Keep it until no timestamp that could still pass the window check could carry it.
    this.seen.set(id, nowMs + 2 * this.windowMs);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 1000 && this.seen.size < this.maxEntries) return;
    this.lastSweep = nowMs;
    for (const [id, expires] of this.seen) if (expires <= nowMs) this.seen.delete(id);
  }
}

// Single-use nonces within the signature window, kept per key so that one key's burst can never make
// another key's fresh requests look replayed. Memory is bounded twice: a nonce is dropped once its
// signed timestamp falls out of the window (a replay that old fails the timestamp check anyway), and
// each key holds at most `maxPerKey` live nonces; a key at its cap is refused until its oldest expire.

export type NonceVerdict = 'fresh' | 'replayed' | 'key-full';

/** One key's nonces with their expiries, and the earliest expiry so a full key is not rescanned in vain. */
class KeyNonces {
  readonly expiries = new Map<string, number>();
  private earliest = Infinity;

  add(nonce: string, expires: number): void {
    this.expiries.set(nonce, expires);
    this.earliest = Math.min(this.earliest, expires);
  }

  /** Drops the nonces whose expiry passed; a no-op until the earliest one has. */
  sweep(nowMs: number): void {
    if (nowMs < this.earliest) return;
    this.earliest = Infinity;
    for (const [nonce, expires] of this.expiries) {
      if (expires <= nowMs) this.expiries.delete(nonce);
      else this.earliest = Math.min(this.earliest, expires);
    }
  }
}

export class NonceCache {
  private readonly byKey = new Map<string, KeyNonces>();
  private lastGlobalSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxPerKey = 20_000,
  ) {}

  /**
   * Records `nonce` for `keyId`, signed at `timestampMs` (already checked to be within the window of
   * `nowMs`). 'replayed' when the key used it already; 'key-full' when this key holds its cap.
   */
  use(keyId: string, nonce: string, timestampMs: number, nowMs: number): NonceVerdict {
    this.sweepIdleKeys(nowMs);
    let nonces = this.byKey.get(keyId);
    if (!nonces) this.byKey.set(keyId, (nonces = new KeyNonces()));
    const known = nonces.expiries.get(nonce);
    if (known !== undefined && known > nowMs) return 'replayed';
    if (nonces.expiries.size >= this.maxPerKey) nonces.sweep(nowMs);
    if (nonces.expiries.size >= this.maxPerKey) return 'key-full';
    // A copy of this request passes the timestamp check until timestamp + window, no later.
    nonces.add(nonce, Math.max(timestampMs, nowMs) + this.windowMs);
    return 'fresh';
  }

  /** Live nonces of one key (tests). */
  sizeOf(keyId: string): number {
    return this.byKey.get(keyId)?.expiries.size ?? 0;
  }

  /** Keys with an entry (tests: idle keys are forgotten). */
  get keyCount(): number {
    return this.byKey.size;
  }

  /** Once a second: every key's expired nonces go, and a key with none left is forgotten. */
  private sweepIdleKeys(nowMs: number): void {
    if (nowMs - this.lastGlobalSweep < 1000) return;
    this.lastGlobalSweep = nowMs;
    for (const [keyId, nonces] of this.byKey) {
      nonces.sweep(nowMs);
      if (nonces.expiries.size === 0) this.byKey.delete(keyId);
    }
  }
}

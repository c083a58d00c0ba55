// Request-id (rq) allocation, interface.md 3: seed from the account's lfr on every connect and use
// rq = max(local, lfr) + 1. rq is the per-account idempotency key: the contract executes each rq at most once.

export class RequestIdAllocator {
  /** Highest rq this allocator handed out or saw consumed. */
  #local = 0;
  /** Last forwarded request id the exchange reported for the account. */
  #lfr = 0;

  constructor(initialLfr = 0) {
    this.seed(initialLfr);
  }

  /**
   * Seeds from the lfr of a fresh wallet snapshot (every connect).
   * Never lowers the local counter: a request sent before the disconnect may still land, and handing its
   * number to a different intent would mix up the two outcomes.
   */
  seed(lfr: number): void {
    this.observeLfr(lfr);
  }

  /** Records an lfr seen in any account frame (mt 19 / mt 21). */
  observeLfr(lfr: number): void {
    if (!Number.isSafeInteger(lfr) || lfr < 0) return;
    this.#lfr = lfr;
  }

  /** The next request id: max(local, lfr) + 1. */
  next(): number {
    const rq = Math.max(this.#local, this.#lfr) + 1;
    this.#local = rq;
    return rq;
  }

  /** Marks an rq as used (e.g. read back from the journal after a restart). */
  reserve(rq: number): void {
    if (rq > this.#local) this.#local = rq;
  }

  get lfr(): number {
    return this.#lfr;
  }
  get lastAllocated(): number {
    return this.#local;
  }
}

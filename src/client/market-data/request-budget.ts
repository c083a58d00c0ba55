// The market-data socket allows about 10 client requests a minute (wire.md 7.1: each mt 5 counts;
// more closes the socket 1008). This sliding window says whether one more request fits.

export class RequestBudget {
  private readonly sentAt: number[] = [];

  constructor(
    private readonly maxRequests = 8,
    private readonly windowMs = 60_000,
  ) {}

  /** Records a request at `nowMs` if it fits; false when sending now would exceed the budget. */
  tryTake(nowMs: number): boolean {
    while (this.sentAt.length > 0 && nowMs - (this.sentAt[0] as number) >= this.windowMs) this.sentAt.shift();
    if (this.sentAt.length >= this.maxRequests) return false;
    this.sentAt.push(nowMs);
    return true;
  }

  /** A new connection starts a new budget. */
  reset(): void {
    this.sentAt.length = 0;
  }
}

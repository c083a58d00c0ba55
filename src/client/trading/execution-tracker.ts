// Gathers the facts of execution reports (domain/trading/execution-report.ts) for the orders placed with an
// origin (the key press that sent them): when each frame left, when the exchange acked it, and the filled
// size and average price of its order rows with the times they arrived, on a monotonic clock. Rows are
// followed by rq for as long as the report is kept, after the request itself resolved (a resting limit
// fills later). Bounded: the oldest reports go first.

import { OrderType } from '../../protocol/enums.js';
import type { Market, Order } from '../../protocol/frames.js';
import { executionReport, type ExecutionFacts, type ExecutionOrigin, type ExecutionReport } from '../../domain/trading/execution-report.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';

export class ExecutionTracker {
  private readonly byKey = new Map<string, ExecutionFacts>();
  private readonly byRq = new Map<number, ExecutionFacts>();
  private changes = 0;

  constructor(
    private readonly monoNow: () => number,
    private readonly wallNow: () => number,
    private readonly max = 500,
  ) {}

  /** Bumps whenever a report changes. */
  get version(): number {
    return this.changes;
  }

  /** Starts a report for a new order (opens only: cancels, changes and closes have no origin). */
  begin(key: string, draft: OrderDraft, origin: ExecutionOrigin): void {
    if (draft.t !== OrderType.OpenLong && draft.t !== OrderType.OpenShort) return;
    const keyWallMs = this.wallNow() - Math.max(0, this.monoNow() - origin.keyAtMs);
    this.byKey.set(key, {
      requestKey: key, rq: 0, marketId: draft.mkt, side: draft.t === OrderType.OpenLong ? 'long' : 'short', origin, keyWallMs,
      sentAtMs: null, ackAtMs: null, firstFillAtMs: null, lastFillAtMs: null, filledSize: 0, averageFillPrice: null,
    });
    while (this.byKey.size > this.max) {
      const oldest = this.byKey.values().next().value!;
      this.byKey.delete(oldest.requestKey);
      if (this.byRq.get(oldest.rq) === oldest) this.byRq.delete(oldest.rq);
    }
    this.changes++;
  }

  /** The request moved to `rq` (its first, or a new one after expiry). */
  rqAssigned(key: string, rq: number): void {
    const f = this.byKey.get(key);
    if (!f) return;
    f.rq = rq;
    this.byRq.set(rq, f);
  }

  /** Its frame left for the exchange: the first time counts. */
  sent(key: string): void {
    const f = this.byKey.get(key);
    if (!f || f.sentAtMs !== null) return;
    f.sentAtMs = this.monoNow();
    this.changes++;
  }

  /** The exchange answered it (mt 3): the first answer counts. */
  acked(key: string): void {
    const f = this.byKey.get(key);
    if (!f || f.ackAtMs !== null) return;
    f.ackAtMs = this.monoNow();
    this.changes++;
  }

  /** An mt 24 row of the account: a larger filled size is a fill of a followed order. */
  orderRow(row: Order): void {
    const f = this.byRq.get(row.rq);
    if (!f || f.marketId !== row.mkt || row.fs <= f.filledSize) return;
    const now = this.monoNow();
    f.firstFillAtMs ??= now;
    f.lastFillAtMs = now;
    f.filledSize = row.fs;
    f.averageFillPrice = row.fp !== undefined && row.fp > 0 ? row.fp : f.averageFillPrice;
    this.changes++;
  }

  /** Every report, oldest first, figured with its market's decimals (a market no longer listed is left out). */
  reports(markets: readonly Market[]): ExecutionReport[] {
    const out: ExecutionReport[] = [];
    for (const f of this.byKey.values()) {
      const m = markets.find((x) => x.id === f.marketId);
      if (m) out.push(executionReport(f, { priceDecimals: m.config.price_decimals, sizeDecimals: m.config.size_decimals }));
    }
    return out;
  }
}

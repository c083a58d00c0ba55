// Gathers the facts of execution reports (domain/trading/execution-report.ts) for the orders sent with an
// origin (the key press that sent them): when each frame left, when the exchange acked it, and the filled
// size and average price of its order rows with the times they arrived, on a monotonic clock. An open's or
// a close's rows are followed by its rq, an amend's by its order's id (the changed order keeps its own rq),
// for as long as the report is kept, after the request itself resolved (a resting limit fills later).
// Cancels and triggers are timed to their ack only. Bounded: the oldest reports go first.

import type { Market, Order } from '../../protocol/frames.js';
import {
  executionKindOf, executionReport, followsFills, tradeSideOf, type ExecutionFacts, type ExecutionOrigin, type ExecutionReport,
} from '../../domain/trading/execution-report.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';

/** The order an amend or a cancel acts on, as the session holds it when it is sent. */
export type TargetOrder = Pick<Order, 't' | 'fs'>;

export class ExecutionTracker {
  private readonly byKey = new Map<string, ExecutionFacts>();
  private readonly byRq = new Map<number, ExecutionFacts>();
  /** Amends by the id of the order they change: the latest amend of an order follows its fills. */
  private readonly byOid = new Map<number, ExecutionFacts>();
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

  /**
   * Starts a report for an order sent with an origin: an amend or a cancel names its `target` (the order it
   * acts on, without which it trades on no known side and is not reported). Collateral is no order.
   */
  begin(key: string, draft: OrderDraft, origin: ExecutionOrigin, target?: TargetOrder): void {
    const kind = executionKindOf(draft.t, draft.tp, draft.plainStop);
    const acts = kind === 'amend' || kind === 'cancel';
    if (kind === null || (acts && !target)) return;
    const keyWallMs = this.wallNow() - Math.max(0, this.monoNow() - origin.keyAtMs);
    const facts: ExecutionFacts = {
      requestKey: key, rq: 0, kind, marketId: draft.mkt, side: tradeSideOf(acts ? target!.t : draft.t), origin, keyWallMs,
      filledBefore: kind === 'amend' ? target!.fs : 0,
      sentAtMs: null, ackAtMs: null, firstFillAtMs: null, lastFillAtMs: null, filledSize: kind === 'amend' ? target!.fs : 0, averageFillPrice: null,
    };
    this.byKey.set(key, facts);
    if (kind === 'amend' && draft.oid !== undefined) this.byOid.set(draft.oid, facts);
    while (this.byKey.size > this.max) {
      const oldest = this.byKey.values().next().value!;
      this.byKey.delete(oldest.requestKey);
      if (this.byRq.get(oldest.rq) === oldest) this.byRq.delete(oldest.rq);
      for (const [oid, f] of this.byOid) if (f === oldest) this.byOid.delete(oid);
    }
    this.changes++;
  }

  /** The request moved to `rq` (its first, or a new one after expiry). */
  rqAssigned(key: string, rq: number): void {
    const f = this.byKey.get(key);
    if (!f) return;
    f.rq = rq;
    // Only an open's and a close's rows carry its rq; an amend's are its order's, found by id.
    if (f.kind === 'open' || f.kind === 'close') this.byRq.set(rq, f);
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

  /**
   * The request ended. An amend that did not take effect stops following its order (later fills are at the
   * old terms, not the amend's), and any fill it counted meanwhile is taken back.
   */
  resolved(key: string, tookEffect: boolean): void {
    const f = this.byKey.get(key);
    if (!f || f.kind !== 'amend' || tookEffect) return;
    for (const [oid, x] of this.byOid) if (x === f) this.byOid.delete(oid);
    if (f.firstFillAtMs === null) return;
    Object.assign(f, { firstFillAtMs: null, lastFillAtMs: null, filledSize: f.filledBefore, averageFillPrice: null });
    this.changes++;
  }

  /** An mt 24 row of the account: a larger filled size is a fill of a followed order (and of an amend of it). */
  orderRow(row: Order): void {
    const byRq = this.byRq.get(row.rq);
    if (byRq) this.fill(byRq, row);
    const amend = this.byOid.get(row.oid);
    if (amend && amend !== byRq) this.fill(amend, row);
  }

  private fill(f: ExecutionFacts, row: Order): void {
    if (!followsFills(f.kind) || f.marketId !== row.mkt || row.fs <= f.filledSize) return;
    const now = this.monoNow();
    f.firstFillAtMs ??= now;
    f.lastFillAtMs = now;
    f.filledSize = row.fs;
    f.orderedSize = row.os;
    f.averageFillPrice = row.fp !== undefined && row.fp > 0 ? row.fp : f.averageFillPrice;
    this.changes++;
  }

  /**
   * The request's status was lost and its order row found by reconciling (open orders, order history): what
   * it filled counts as any fill does; when the fills happened is not known.
   */
  reconciled(key: string, row: Order): void {
    const f = this.byKey.get(key);
    if (!f || !followsFills(f.kind) || f.marketId !== row.mkt || row.fs <= f.filledSize) return;
    f.filledSize = row.fs;
    f.orderedSize = row.os;
    f.averageFillPrice = row.fp !== undefined && row.fp > 0 ? row.fp : f.averageFillPrice;
    f.fillTimesUnknown = true;
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

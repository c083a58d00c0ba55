// The chase limit on the runner: a PostOnly order kept at the top of its side of the book (chase.ts decides,
// chase-progress.ts folds what the exchange said). Its money rules:
//  - each request's `sent` event (the decision) is in the algo journal, fsynced, BEFORE it is sent;
//  - never two live orders: nothing new is decided while a request is on its way (this run's, or one a dead
//    run left, settled from the exchange and the order journal first), and a re-price that is no Change
//    cancels first and places only once the cancel is seen on the exchange;
//  - each order is placed in its own group `algo <id>.<n>` (child-outcome.ts childGroup), so a restart finds it.

import { OrderStatus } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import type { CommandHandle, CommandOutcome } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { marketWords, sizeText } from '../../domain/trading/order-words.js';
import { type ChaseDecision, nextChasePrice } from '../../domain/algos/chase.js';
import type { ChaseEvent } from '../../domain/algos/chase-progress.js';
import type { AlgoEntry } from './algo-fold.js';
import type { AlgoStepContext } from './algo-context.js';
import { childGroup, taggedRequests } from './child-outcome.js';


const RESTING: ReadonlySet<number> = new Set([OrderStatus.Open, OrderStatus.PartiallyFilled]);
const NEVER_EXECUTED: ReadonlySet<string> = new Set(['invalid', 'rejected', 'failed', 'gave-up']);

/** The order group of the chase's `n`th order. */
export function chaseGroup(id: string, n: number): string {
  return childGroup(`${id}.${n}`);
}

/** What a place's outcome says, as chase-progress events (none: not known yet, the exchange is asked later). */
export function placeEvents(d: { price: number; size: number }, outcome: CommandOutcome): ChaseEvent[] {
  const r = outcome.results[0];
  if (!r) return [];
  if (r.kind === 'definitive' && r.oid !== undefined && r.st !== undefined && RESTING.has(r.st)) {
    return [{ kind: 'placed', orderId: r.oid, price: d.price, size: r.os ?? d.size }, ...(r.fs ? [{ kind: 'fill', size: r.fs } as const] : [])];
  }
  if (r.kind === 'definitive') return [...(r.fs ? [{ kind: 'fill', size: r.fs } as const] : []), { kind: 'refused', reason: r.message }];
  if (r.kind === 'failed' || r.kind === 'rejected' || r.kind === 'invalid') return [{ kind: 'refused', reason: r.message }];
  return [];
}

/** An order that left the open orders with no row in order history is waited for this long, then reconciled from the fills. */
export const CHASE_GONE_AFTER_MS = 3_000;
/** A cancel is sent again (refused, or not yet seen on the exchange) at most this often. */
export const CANCEL_EVERY_MS = 1_000;
/**
 * A cancel that landed (its outcome definitive) is not sent again while the feed catches up with the order's
 * leaving: a second one would only fail and spend a request of the budget. Past this, it is sent again.
 */
export const CANCEL_LANDED_WAIT_MS = 10_000;

export class ChaseRun {
  private readonly busy = new Set<string>();
  /** When each chase's live order was first missing from the open orders with no row in history. */
  private readonly missingSince = new Map<string, number>();
  /** When a cancel of each order was last sent (a cancel is not repeated every look while the feed catches up). */
  private readonly cancelledAt = new Map<number, number>();
  /** When a cancel of each order landed (its outcome definitive). */
  private readonly cancelLandedAt = new Map<number, number>();

  constructor(private readonly c: AlgoStepContext) {}

  /**
   * Ends the chase from outside (the trader's cancel, panic) for `why`: the `end` is journaled first, then its
   * resting order is cancelled (the next looks send the cancel and see it land); the algo ends only once
   * nothing of it rests. A chase already ending keeps its way. False when it was already ending.
   */
  stop(a: AlgoEntry, why: string): boolean {
    const { state } = a.chase!;
    if (state.ended !== null) return false;
    this.c.append({ k: 'chase', id: a.id, event: { kind: 'sent', decision: { kind: 'end', reason: 'stopped', cancel: state.live?.orderId ?? null, why } } }, true);
    return true;
  }

  /** One look at the chase; a paused one only settles what is on its way and takes its order off the book. */
  async step(a: AlgoEntry, paused = false): Promise<void> {
    const chase = a.chase!;
    const { state } = chase;
    const id = a.id;
    if (this.busy.has(id)) return;
    const ev = (event: ChaseEvent): void => this.c.append({ k: 'chase', id, event }, true);
    if (state.ended !== null && state.pending === null) {
      // Ended from outside while its order was being placed: that order comes off the book before the end.
      if (state.live && (state.ended !== 'bound' || state.spec.atBound === 'cancel')) {
        return ev({ kind: 'sent', decision: { kind: 'end', reason: state.ended, cancel: state.live.orderId, ...(chase.why !== undefined ? { why: chase.why } : {}) } });
      }
      const all = state.filled >= state.spec.size;
      const what = all ? 'filled' : (chase.why ?? state.ended);
      const words = marketWords(this.c.reads.market(state.spec.marketId), state.spec.marketId);
      return this.c.append({ k: 'end', id, complete: all, reason: `${what}: filled ${sizeText(state.filled, words)} of ${sizeText(state.spec.size, words)}` }, true);
    }
    const reads = this.c.reads;
    if (!reads.openOrders || !reads.bookTop) return this.c.hold(id, 'the runner cannot see open orders and the book');
    const open = [...reads.openOrders()];
    // The live order as the exchange holds it: its fills, or its leaving (a cancel of ours, or another way).
    if (state.live) {
      const row = open.find((o) => o.oid === state.live!.orderId) ?? (await this.lastRow(a));
      if (!row) return this.missing(a, ev);
      this.missingSince.delete(id);
      const remaining = row.os - row.fs;
      if (remaining < state.live.remaining) return ev({ kind: 'fill', size: state.live.remaining - remaining });
      if (!RESTING.has(row.st) && remaining > 0) return ev(state.pending === 'cancel' ? { kind: 'cancelled' } : { kind: 'gone' });
    }
    if (state.pending === 'place') return this.settlePlace(a, ev);
    if (state.pending === 'change') {
      const row = open.find((o) => o.oid === state.live?.orderId);
      const sent = chase.lastSent;
      return ev(sent?.kind === 'change' && row?.p === sent.price ? { kind: 'changed', price: sent.price } : { kind: 'refused', reason: 'the change did not land' });
    }
    if (state.pending === 'cancel' && state.live && open.some((o) => o.oid === state.live!.orderId)) return this.cancel(a, state.live.orderId);
    if (state.pending !== null) return;
    if (paused) {
      // Paused: its order comes off the book (re-placed at the top once resumed), nothing new is decided.
      if (state.live) {
        ev({ kind: 'sent', decision: { kind: 'cancel-then-place', cancel: state.live.orderId, price: state.live.price, why: 'paused by the trader' } });
        this.cancel(a, state.live.orderId);
      }
      return;
    }
    // Locked: nothing can be sent, so nothing is decided (not even the deadline's end). At the lift the
    // deadline is looked at first (nextChasePrice), so a past one cancels before any re-price.
    const locks = describeLocks(this.c.commands.locks());
    if (locks) return this.c.hold(id, locks);
    if (a.status === 'held') this.c.append({ k: 'state', id, status: 'running', reason: 'trade lock lifted' });
    const market = reads.market(state.spec.marketId);
    const d = nextChasePrice(state, reads.bookTop(state.spec.marketId), this.c.now(), market);
    if (d.kind === 'wait') return;
    if (d.kind !== 'end' && reads.sendBudgetLeft() <= this.c.reserve) {
      a.reason = `waiting for the order budget (keeping ${this.c.reserve} for panic and closes)`;
      return;
    }
    this.decide(a, d, ev);
  }

  /**
   * Sends the cancel of the chase's order `orderId` (at most once a CANCEL_EVERY_MS). Its end is seen on the
   * exchange: the order leaves the open orders, its fills counted first, so an order that filled before the
   * cancel reached it ends the chase filled, not cancelled. A refusal is said on the row until then.
   */
  private cancel(a: AlgoEntry, orderId: number): void {
    const now = this.c.now();
    const landed = now - (this.cancelLandedAt.get(orderId) ?? -Infinity) < CANCEL_LANDED_WAIT_MS;
    if (landed || now - (this.cancelledAt.get(orderId) ?? -Infinity) < CANCEL_EVERY_MS) {
      a.reason = `cancelling order ${orderId}: waiting for the exchange to show it`;
      return;
    }
    this.cancelledAt.set(orderId, now);
    this.send(a.id, () => this.c.commands.cancel(orderId), (o) => {
      const r = o.results[0];
      if (r?.kind === 'definitive') this.cancelLandedAt.set(orderId, this.c.now());
      else if (r) this.c.log?.(`algo ${a.id}: cancel of order ${orderId} refused (${r.message}); its row decides`);
      return [];
    });
  }

  /**
   * The live order left the open orders and no order history row says how (no REST, or history behind): after
   * CHASE_GONE_AFTER_MS its fills are read from this session's fills. A cancel of ours: it is cancelled, the
   * rest as the chase goes on. Any other leaving, or no fills to read: the chase ends saying so (a new order
   * beside one whose fate is unknown could fill past the size).
   */
  private missing(a: AlgoEntry, ev: (e: ChaseEvent) => void): void {
    const { state } = a.chase!;
    const live = state.live!;
    const now = this.c.now();
    const since = this.missingSince.get(a.id) ?? now;
    this.missingSince.set(a.id, since);
    if (now - since < CHASE_GONE_AFTER_MS) {
      a.reason = `order ${live.orderId} left the open orders: waiting for order history`;
      return;
    }
    this.missingSince.delete(a.id);
    const fills = this.c.reads.orderFills?.(state.spec.marketId, live.orderId);
    const extra = fills === undefined ? 0 : Math.min(Math.max(0, fills - a.chase!.liveFilled), live.remaining);
    if (extra > 0) ev({ kind: 'fill', size: extra });
    if (extra === live.remaining) return;
    const ours = state.pending === 'cancel';
    ev(ours ? { kind: 'cancelled' } : { kind: 'gone' });
    if (ours && fills !== undefined) return;
    const counted = fills === undefined ? 'its fills unknown (no fills read)' : 'its fills counted from this session\'s fills';
    const why = `order ${live.orderId} left the book and no order history says how; ${counted}`;
    if (state.ended === null) ev({ kind: 'sent', decision: { kind: 'end', reason: 'stopped', cancel: null, why } });
    else this.c.log?.(`algo ${a.id}: ${why}`);
  }

  private decide(a: AlgoEntry, d: ChaseDecision, ev: (e: ChaseEvent) => void): void {
    const { spec } = a.chase!.state;
    const id = a.id;
    // Read before the `sent` line: journaling it folds the algo anew (`a` is this look's copy).
    const group = chaseGroup(id, a.chase!.places + 1);
    ev({ kind: 'sent', decision: d });
    switch (d.kind) {
      case 'place': {
        const p = { marketId: spec.marketId, kind: 'post-only' as const, side: spec.side, size: d.size, price: d.price, leverage: spec.leverage, group, ...(spec.reduceOnly ? { reduceOnly: true } : {}) };
        return this.send(id, () => this.c.commands.place(p), (o) => placeEvents(d, o));
      }
      case 'change':
        return this.send(id, () => this.c.commands.change(d.orderId, { price: d.price }), (o) =>
          o.results[0]?.kind === 'definitive' ? [{ kind: 'changed', price: d.price }] : [{ kind: 'refused', reason: o.message }],
        );
      // The cancel's end is seen on the exchange (the live order leaves the open orders, its fills counted).
      case 'cancel-then-place':
        return this.cancel(a, d.cancel);
      case 'end':
        if (d.cancel !== null) this.cancel(a, d.cancel);
        return;
      case 'wait':
        return;
    }
  }

  private send(id: string, go: () => CommandHandle, events: (o: CommandOutcome) => ChaseEvent[]): void {
    this.busy.add(id);
    let handle: CommandHandle;
    try {
      handle = go();
    } catch (e) {
      this.busy.delete(id);
      throw e;
    }
    void handle.outcome
      .then((o) => {
        for (const event of events(o)) this.c.append({ k: 'chase', id, event }, true);
      })
      .catch((e: unknown) => this.c.log?.(`algo ${id}: ${userMessage(e)}`))
      .finally(() => this.busy.delete(id));
  }

  /** The row of the chase's newest order (open, else order history), found by its group's rqs. */
  private async lastRow(a: AlgoEntry): Promise<Order | undefined> {
    const journal = this.c.reads.orderJournal();
    if (journal === null) return undefined;
    const requests = taggedRequests(journal, `${a.id}.${a.chase!.places}`);
    for (const r of requests.values()) {
      for (const rq of [...r.rqs].reverse()) {
        const row = await this.c.reads.orderByRq(rq);
        if (row) return row;
      }
    }
    return undefined;
  }

  /** A place whose outcome this run did not see: from the exchange and the order journal, never guessed. */
  private async settlePlace(a: AlgoEntry, ev: (e: ChaseEvent) => void): Promise<void> {
    const journal = this.c.reads.orderJournal();
    if (journal === null) return;
    const requests = [...taggedRequests(journal, `${a.id}.${a.chase!.places}`).values()];
    if (requests.length === 0) return ev({ kind: 'refused', reason: 'never sent (the run stopped before the send)' });
    const row = await this.lastRow(a);
    const sent = a.chase!.lastSent;
    if (row && RESTING.has(row.st)) {
      ev({ kind: 'placed', orderId: row.oid, price: row.p ?? (sent?.kind === 'place' ? sent.price : 0), size: row.os });
      if (row.fs > 0) ev({ kind: 'fill', size: row.fs });
      return;
    }
    if (row && row.st !== OrderStatus.Pending) {
      if (row.fs > 0) ev({ kind: 'fill', size: row.fs });
      return ev({ kind: 'refused', reason: 'the order left the book' });
    }
    if (requests.every((r) => r.resolved !== undefined && NEVER_EXECUTED.has(r.resolved))) return ev({ kind: 'refused', reason: 'the order was never placed' });
    a.reason = 'waiting for the exchange to settle the chase order';
  }
}

// The trailing stop on the runner: each look folds what the exchange holds into the trail's state
// (trail-replace.ts events, journaled) and, when the price moved in the position's favour, moves the stop by
// replaceProtection (the new stop armed, only then the old one cancelled). Its money rules:
//  - the `sent` event (the plan) is in the algo journal, fsynced, BEFORE the replace is sent;
//  - the position is never left without a stop by the trail: a replace left half-done by a dead run is
//    finished from what the exchange holds (both armed: cancel the old; only the old: trail on from it;
//    only the new: adopt it), and a new stop whose request the order journal still follows is waited for;
//  - at most one move per block, and only while the send budget keeps ALGO_ORDER_RESERVE free.

import { OrderStatus } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import type { CommandOutcome } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { roleOfCondition } from '../../domain/trading/protection.js';
import { nextTrailLevel, trailReplacePlan, trailStopTrigger, type TrailReplacePlan } from '../../domain/algos/trail.js';
import type { TrailReplaceEvent } from '../../domain/algos/trail-replace.js';
import type { JournalRecord } from '../trading/journal-record.js';
import type { AlgoEntry } from './algo-fold.js';
import type { AlgoStepContext } from './algo-context.js';

/** A replace sends two orders (the new stop, the cancel of the old). */
const REPLACE_ORDERS = 2;
/** A stop missing from the open orders this long is gone (not a feed that has not shown the new one yet). */
const GONE_AFTER_MS = 1_000;


const ARMED: ReadonlySet<number> = new Set([OrderStatus.Untriggered, OrderStatus.Triggered]);

/** What the replace's outcome says of the new stop and the old one, as trail-replace.ts events. */
export function replaceEvents(plan: TrailReplacePlan, outcome: CommandOutcome): TrailReplaceEvent[] {
  const [armed, cancel] = outcome.results;
  if (!armed) return [];
  if (armed.kind === 'definitive' && armed.st !== undefined && ARMED.has(armed.st) && armed.oid !== undefined) {
    const events: TrailReplaceEvent[] = [{ kind: 'armed', orderId: armed.oid }];
    if (plan.thenCancel !== null && cancel) {
      if (cancel.kind === 'definitive') events.push({ kind: 'cancelled', orderId: plan.thenCancel });
      else events.push({ kind: 'cancel-failed', reason: cancel.message });
    }
    return events;
  }
  // Refused for certain: the old one still protects. Unknown / given up: the exchange is asked next look.
  if (armed.kind === 'failed' || armed.kind === 'rejected' || armed.kind === 'invalid' || armed.kind === 'definitive') return [{ kind: 'arm-refused', reason: armed.message }];
  return [];
}

/** True while the order journal follows a request arming a stop at `price` for position `pid` (not resolved yet). */
export function armInDoubt(records: readonly JournalRecord[], pid: number, price: number): boolean {
  const keys = new Set(records.filter((r) => r.k === 'request' && r.frame.lp === pid && r.frame.tp === price).map((r) => r.key));
  for (const r of records) if (r.k === 'resolved') keys.delete(r.key);
  return keys.size > 0;
}

export class TrailRun {
  /** Trails whose replace or cancel this run awaits. */
  private readonly busy = new Set<string>();
  private readonly missingSince = new Map<string, number>();

  constructor(private readonly c: AlgoStepContext) {}

  step(a: AlgoEntry): void {
    const trail = a.trail!;
    const { spec } = trail;
    const id = a.id;
    if (this.busy.has(id)) return;
    const ev = (event: TrailReplaceEvent): void => this.c.append({ k: 'trail', id, event }, true);
    if (trail.phase.kind === 'ended') return this.c.append({ k: 'end', id, complete: false, reason: trail.phase.reason }, true);
    const reads = this.c.reads;
    if (!reads.position || !reads.openOrders) return this.c.hold(id, 'the runner cannot see positions and open orders');
    if (!reads.position(spec.position.id)) {
      return this.c.append({ k: 'end', id, complete: true, reason: `position ${spec.position.id} is closed (its stop fired or it was closed): the trail ends` }, true);
    }
    const long = spec.position.side === 'long';
    const stops = [...reads.openOrders()].filter((o) => o.lp === spec.position.id && (o.tp ?? 0) > 0 && roleOfCondition(long, o.tpc) === 'stop-loss');
    const open = (oid: number | null | undefined): boolean => oid != null && stops.some((o) => o.oid === oid);
    const phase = trail.phase;

    if (phase.kind === 'arming') {
      // Left by a run that died mid-replace, or its outcome was not known: what the exchange holds decides.
      const fresh = stops.find((o) => o.tp === phase.plan.arm && o.oid !== phase.plan.thenCancel);
      if (fresh) return ev({ kind: 'armed', orderId: fresh.oid });
      const journal = reads.orderJournal();
      if (journal === null || armInDoubt(journal, spec.position.id, phase.plan.arm)) {
        a.reason = 'waiting for the exchange to settle the new stop';
        return;
      }
      if (phase.plan.thenCancel === null || open(phase.plan.thenCancel)) return ev({ kind: 'arm-refused', reason: 'the new stop never reached the exchange' });
      return ev({ kind: 'stop-gone', orderId: phase.plan.thenCancel, why: 'cancelled' });
    }
    if (phase.kind === 'cancelling') {
      if (!open(phase.oldOrderId)) return ev({ kind: 'stop-gone', orderId: phase.oldOrderId, why: 'cancelled' });
      if (describeLocks(this.c.commands.locks()) || reads.sendBudgetLeft() <= this.c.reserve) return;
      this.busy.add(id);
      void this.c.commands
        .cancel(phase.oldOrderId)
        .outcome.then((o) => {
          const r = o.results[0];
          ev(r?.kind === 'definitive' ? { kind: 'cancelled', orderId: phase.oldOrderId } : { kind: 'cancel-failed', reason: r?.message ?? 'no answer' });
        })
        .catch((e: unknown) => this.c.log?.(`algo ${id}: ${userMessage(e)}`))
        .finally(() => this.busy.delete(id));
      return;
    }
    // Holding: its stop must still be on the exchange (a moment's absence may be the feed behind the ack).
    if (trail.stop && !open(trail.stop.orderId)) {
      const since = this.missingSince.get(id) ?? this.c.now();
      this.missingSince.set(id, since);
      if (this.c.now() - since >= GONE_AFTER_MS) ev({ kind: 'stop-gone', orderId: trail.stop.orderId, why: 'cancelled' });
      return;
    }
    this.missingSince.delete(id);
    this.move(a, stops);
  }

  private move(a: AlgoEntry, stops: readonly Order[]): void {
    const trail = a.trail!;
    const { spec } = trail;
    const reads = this.c.reads;
    const locks = describeLocks(this.c.commands.locks());
    if (locks) return this.c.hold(a.id, locks);
    if (a.status === 'held') this.c.append({ k: 'state', id: a.id, status: 'running', reason: 'trade lock lifted' });
    const price = spec.on === 'mark' ? reads.mark(spec.marketId) : reads.lastTrade?.(spec.marketId);
    const block = reads.block?.() ?? null;
    if (price === undefined || block === null) {
      a.reason = `waiting for the ${spec.on === 'mark' ? 'mark' : 'last trade'} and the head block`;
      return;
    }
    const level = nextTrailLevel(trail, price, block);
    if (level === null) return;
    if (reads.sendBudgetLeft() < this.c.reserve + REPLACE_ORDERS) {
      a.reason = `waiting for the order budget (keeping ${this.c.reserve} for panic and closes)`;
      return;
    }
    const plan = trailReplacePlan(trail, level);
    // Only the trail's own stop is replaced: a stop the trader armed by hand stays.
    const replacing = plan.thenCancel === null ? [] : [plan.thenCancel];
    if (plan.thenCancel !== null && !stops.some((o) => o.oid === plan.thenCancel)) return;
    this.c.append({ k: 'trail', id: a.id, event: { kind: 'sent', plan, block } }, true);
    this.busy.add(a.id);
    const handle = this.c.commands.replaceProtection(spec.position.id, { sl: trailStopTrigger(trail, plan) }, { replacing });
    void handle.outcome
      .then((outcome) => {
        for (const event of replaceEvents(plan, outcome)) this.c.append({ k: 'trail', id: a.id, event }, true);
      })
      .catch((e: unknown) => this.c.log?.(`algo ${a.id}: ${userMessage(e)}`))
      .finally(() => this.busy.delete(a.id));
  }
}

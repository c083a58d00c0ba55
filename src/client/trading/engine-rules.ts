// Rules the order engine applies around the pure retry table: which rows belong to a request, when a
// Cancel/Change took effect, what is safe to do right now, and how journal entries come back to life.

import { OrderStatus, OrderStatusReason, OrderType } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { type RetryDecision, rqIsSpent } from '../../domain/trading/retry.js';
import type { ConnectionHealth } from '../../domain/views.js';
import { type JournalRecord, unresolvedRequests } from './journal.js';
import { TrackedRequest } from './tracked-request.js';

const OPENS: ReadonlySet<number> = new Set([OrderType.OpenLong, OrderType.OpenShort]);

/**
 * rq is per ACCOUNT, and every client signed in on the account receives every row. When two clients used
 * the same rq (the sr 32 case), the Filled row of one and the Failed row of the other both carry it: a row
 * only counts for our request when its content matches what we sent (type, market, and for opens the size;
 * closes are clamped to the position, so their size may differ). Two identical intents remain ambiguous.
 */
export function rowMatchesRequest(row: Order, req: TrackedRequest): boolean {
  const f = req.frame;
  if (!f) return true;
  if (row.t !== f.t || row.mkt !== f.mkt) return false;
  if (OPENS.has(f.t) && row.os !== f.s) return false;
  return true;
}

/** A Cancel / Change shows on its TARGET order's row (which carries the target's rq, not ours). */
export function showsTargetEffect(t: number, row: Order): boolean {
  if (t === OrderType.Cancel) {
    return row.r === true || row.st === OrderStatus.Canceled || row.st === OrderStatus.Filled || row.st === OrderStatus.Expired;
  }
  return row.sr === OrderStatusReason.OrderChanged || row.st === OrderStatus.Filled;
}

/** Narrows a decision to what is safe at this moment and for this kind of request. */
export function restrictDecision(req: TrackedRequest, d: RetryDecision, trigger: string, health: ConnectionHealth): RetryDecision {
  if (d.action === 'reconcile' && trigger !== 'block' && trigger !== 'snapshot' && req.outcomes.size === 0) {
    return { action: 'wait', code: 'lfr-moved-mid-block', reason: 'lfr moved mid-block: judging at the block boundary' };
  }
  const resend = d.action === 'resend-same-rq' || d.action === 'resend-new-rq';
  if (resend && req.recovered) {
    // From a previous run: never resent. Spent (expired or failed, never consumed) means it never executed.
    return rqIsSpent(d)
      ? { action: 'give-up', code: 'recovered-expired', reason: 'from a previous run; expired without reaching the contract; not resent' }
      : { action: 'wait', code: 'recovered-in-flight', reason: 'from a previous run; waiting for it to land or expire' };
  }
  if (resend && health !== 'live') return { action: 'wait', code: 'feed-not-live', reason: `feed ${health}` };
  return d;
}

/** A decision worth a journal line: its action or its code changed (its words alone do not make it new). */
export function isNewDecision(last: RetryDecision | undefined, d: RetryDecision): boolean {
  return last?.action !== d.action || last.code !== d.code;
}

/** Requests a previous run journaled but never resolved: followed and reconciled, never resent. */
export function recoverRequests(records: readonly JournalRecord[]): TrackedRequest[] {
  return unresolvedRequests(records).map((u) => {
    const { mt: _mt, sn: _sn, rq: _rq, acc: _acc, ...draft } = u.frame;
    const req = new TrackedRequest(u.key, u.label, draft, true);
    req.rq = u.rqs[u.rqs.length - 1]!;
    req.rqHistory.push(...u.rqs);
    req.postedHead = u.postedHead;
    req.sendsOfRq = 1;
    req.frame = u.frame;
    req.phase = u.acked ? 'acked' : 'sent';
    return req;
  });
}

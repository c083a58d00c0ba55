// The retry table of interface.md 3, as one pure decision over the facts the order engine holds.
//
// | situation                                              | action          |
// | resolved (definitive status)                           | done            |
// | mt 3 rejected (non-zero code; no mt 24 follows)        | give-up (429/503: resend-same-rq, never forwarded) |
// | t 6 IncreasePositionCollateral, anything unresolved    | check-position (may be credited even on st 7 sr 32; the engine settles it by its account event et 3 first) |
// | st 7 sr 32, first time, rq sent once                   | resend-new-rq   |
// | st 7 sr 32, rq had been sent more than once            | reconcile (our own earlier send may have landed) |
// | st 7 sr 32 after the one allowed new-rq retry          | give-up         |
// | st 7 sr 14 ExceedsLastExecutionBlock                   | give-up         (see below) |
// | st 7 any other reason                                  | give-up         |
// | no status, socket down                                 | wait            |
// | no status, rq <= lfr (it reached the contract)         | reconcile (status lost; look the rq up, never resend) |
// | no status, lb not expired, reconnected since the send  | resend-same-rq  (row a: lost across the reconnect) |
// | no status, lb not expired, ack timed out               | resend-same-rq  (row a: lost ack) |
// | no status, lb not expired, otherwise                   | wait            |
// | no status, lb expired, no reconnection since the send  | resend-new-rq   (row c) |
// | no status, lb expired, reconnected, fresh lfr < rq     | resend-new-rq   (lfr proves nothing was consumed, and the old rq can no longer execute) |
// | no status, trigger order (lb 0, server-managed)        | never expires: wait / resend-same-rq only |
//
// sr 14 (ExceedsLastExecutionBlock): the rq's lb passed before it executed. wire.md: "can occur with no tx",
// so lfr may or may not move; either way no send of this rq can execute any more (its lb is in the past).
// interface.md 3 makes the first st 7 of an rq its processed outcome, and the retry table's only
// status-driven retry is sr 32; row c ("head >= lb, no status received") needs NO status. So sr 14 is a
// definitive failure, never resent on a new rq automatically: the lb was the caller's validity bound, and a
// market order sent again later would trade at a price the trader never saw. The caller decides.
//
// lb = 0 (server picks the window): the server sets lb = its head + order_ttl_blocks at admission, and its
// head can be slightly ahead of ours. We count such a request as expired only when
// head > postedHead + max(order_ttl_blocks, order_retry_blocks), order_retry_blocks (22 live, > ttl 20)
// being the exchange's own published retry distance; without it we add a margin of 2 blocks.

import { OrderStatus, OrderStatusReason, OrderType } from '../../protocol/enums.js';
import type { RequestOutcome } from './status.js';

export type RetryAction = 'done' | 'wait' | 'resend-same-rq' | 'resend-new-rq' | 'give-up' | 'check-position' | 'reconcile';

/**
 * Why a decision was taken, as the engine reads it: every rule that acts on a decision switches on this,
 * never on `reason`, whose words are for the trader and the journal only (they may be reworded or translated).
 */
export type RetryCode =
  | 'definitive'
  /** mt 3 with a non-zero code: nothing was forwarded. */
  | 'gateway-rejected'
  /** mt 3 429 / 503: never forwarded, so the same rq is safe to send again. */
  | 'gateway-busy'
  | 'collateral-failed'
  | 'collateral-never-retried'
  | 'socket-down'
  | 'awaiting-status'
  /** st 7 sr 32 on an rq sent more than once: an earlier send of it may have landed. */
  | 'sr32-after-resend'
  | 'sr32-again'
  /** st 7 sr 32, first time: the rq failed without executing; one retry on a new rq. */
  | 'sr32-new-rq'
  | 'sr14-lb-passed'
  | 'failed'
  /** rq <= lfr with no status: it reached the contract. */
  | 'status-lost'
  | 'lost-across-reconnect'
  | 'lost-ack'
  | 'expired-after-retries'
  /** Its window passed with no status and no reconnection (row c). */
  | 'expired-unanswered'
  /** Its window passed and a fresh lfr shows it was never consumed. */
  | 'expired-unconsumed'
  | 'expired-awaiting-snapshot'
  // What the engine narrows a decision to (client/trading/engine-rules.ts restrictDecision):
  | 'lfr-moved-mid-block'
  | 'recovered-expired'
  | 'recovered-in-flight'
  | 'feed-not-live';

export interface RetryDecision {
  action: RetryAction;
  code: RetryCode;
  /** Display only: the journal line and the result message. */
  reason: string;
}

/** Decisions on an rq that can no longer execute (it failed unexecuted or its window passed): only a new rq could. */
const SPENT_RQ_CODES: ReadonlySet<RetryCode> = new Set<RetryCode>(['sr32-new-rq', 'expired-unanswered', 'expired-unconsumed']);

/** True when the decision says its rq is spent: sending it again cannot execute, so it never executed. */
export function rqIsSpent(d: Pick<RetryDecision, 'code'>): boolean {
  return SPENT_RQ_CODES.has(d.code);
}

/** What the engine knows about one request (its current rq attempt). */
export interface RetryRequestState {
  /** Order type t. */
  t: number;
  rq: number;
  /** Last execution block sent; 0 = server picks the window. */
  lb: number;
  /** Trigger orders (tp > 0) have no expiry; the server manages their lifecycle. */
  isTrigger: boolean;
  /** Our head block when this rq was (last) sent. */
  postedHead: number;
  /** Connection epoch of the (last) send of this rq. */
  postedEpoch: number;
  /** Sends of this rq (1 = sent once). */
  sendsOfRq: number;
  /** Times this request already moved to a new rq because of sr 32. */
  newRqRetriesForSr32: number;
  /** Times this request moved to a new rq because its lb expired. */
  newRqRetriesForExpiry: number;
  /** mt 3 status code, when received. */
  ackCode?: number;
  outcome?: RequestOutcome;
}

export interface RetryFacts {
  head: number;
  /** Current connection epoch (increments on every (re)connect). */
  epoch: number;
  /** lfr as of the latest account frame, and whether it comes from a snapshot of the current epoch. */
  lfr: number;
  lfrFreshThisEpoch: boolean;
  connected: boolean;
  /** No mt 3 arrived within the ack timeout. */
  ackTimedOut: boolean;
  orderTtlBlocks: number;
  orderRetryBlocks?: number;
  /** Cap on new-rq moves for expiry, so a market that never accepts us does not loop forever. */
  maxExpiryRetries?: number;
}

const LB0_MARGIN_BLOCKS = 2;

/** True when the request can no longer execute because its window has passed. */
export function isExpired(req: Pick<RetryRequestState, 'lb' | 'isTrigger' | 'postedHead'>, facts: Pick<RetryFacts, 'head' | 'orderTtlBlocks' | 'orderRetryBlocks'>): boolean {
  if (req.isTrigger) return false;
  if (req.lb > 0) return facts.head >= req.lb;
  const window = Math.max(facts.orderTtlBlocks + LB0_MARGIN_BLOCKS, facts.orderRetryBlocks ?? 0);
  return facts.head > req.postedHead + window;
}

export function decideRetry(req: RetryRequestState, facts: RetryFacts): RetryDecision {
  const outcome = req.outcome;
  if (outcome?.kind === 'definitive') return { action: 'done', code: 'definitive', reason: 'definitive status received' };

  if (req.ackCode !== undefined && req.ackCode !== 0) {
    if (req.t === OrderType.IncreasePositionCollateral) {
      return { action: 'give-up', code: 'gateway-rejected', reason: `rejected by the gateway (code ${req.ackCode}); nothing was forwarded` };
    }
    if (req.ackCode === 429 || req.ackCode === 503) {
      return { action: 'resend-same-rq', code: 'gateway-busy', reason: `gateway busy (code ${req.ackCode}); it was never forwarded` };
    }
    return { action: 'give-up', code: 'gateway-rejected', reason: `rejected by the gateway (code ${req.ackCode})` };
  }

  if (req.t === OrderType.IncreasePositionCollateral) {
    if (outcome?.kind === 'failed' && outcome.sr !== OrderStatusReason.OrderDescIdTooLow) {
      return { action: 'give-up', code: 'collateral-failed', reason: 'collateral increase failed' };
    }
    if (outcome === undefined && !facts.connected) return { action: 'wait', code: 'socket-down', reason: 'socket down' };
    if (outcome === undefined && !isExpired(req, facts) && req.rq > facts.lfr) {
      return { action: 'wait', code: 'awaiting-status', reason: 'waiting for the collateral increase status' };
    }
    // Never auto-retried: it can report st 7 sr 32 and still be credited (double top-up risk).
    return {
      action: 'check-position',
      code: 'collateral-never-retried',
      reason: "collateral increases are never retried: check the position's collateral or account event et 3",
    };
  }

  if (outcome?.kind === 'failed') {
    if (outcome.st === OrderStatus.Failed && outcome.sr === OrderStatusReason.OrderDescIdTooLow) {
      if (req.sendsOfRq > 1) {
        return { action: 'reconcile', code: 'sr32-after-resend', reason: 'sr 32 on a resent rq: an earlier send of it may have landed' };
      }
      if (req.newRqRetriesForSr32 >= 1) return { action: 'give-up', code: 'sr32-again', reason: 'sr 32 again after the one retry' };
      return { action: 'resend-new-rq', code: 'sr32-new-rq', reason: 'sr 32 (rq <= lfr, another client moved lfr): one retry with a new rq' };
    }
    if (outcome.sr === OrderStatusReason.ExceedsLastExecutionBlock) {
      return { action: 'give-up', code: 'sr14-lb-passed', reason: 'sr 14: its last execution block passed before it ran; not resent (the retry table retries only sr 32 and expiry with no status)' };
    }
    return { action: 'give-up', code: 'failed', reason: 'failed' };
  }

  // No status yet.
  if (!facts.connected) return { action: 'wait', code: 'socket-down', reason: 'socket down' };
  const reconnected = req.postedEpoch !== facts.epoch;
  if (req.rq <= facts.lfr && (!reconnected || facts.lfrFreshThisEpoch)) {
    return { action: 'reconcile', code: 'status-lost', reason: `lfr ${facts.lfr} >= rq ${req.rq}: it reached the contract, the status was lost` };
  }
  if (!isExpired(req, facts)) {
    if (reconnected) return { action: 'resend-same-rq', code: 'lost-across-reconnect', reason: 'no status and reconnected since sending' };
    if (facts.ackTimedOut) return { action: 'resend-same-rq', code: 'lost-ack', reason: 'no acknowledgement (lost ack)' };
    return { action: 'wait', code: 'awaiting-status', reason: 'waiting for status' };
  }
  if (req.newRqRetriesForExpiry >= (facts.maxExpiryRetries ?? 2)) {
    return { action: 'give-up', code: 'expired-after-retries', reason: 'expired again after retries' };
  }
  if (!reconnected) return { action: 'resend-new-rq', code: 'expired-unanswered', reason: 'head >= lb with no status and no reconnection' };
  if (facts.lfrFreshThisEpoch) {
    return { action: 'resend-new-rq', code: 'expired-unconsumed', reason: 'expired and the fresh lfr shows it was never consumed' };
  }
  return { action: 'wait', code: 'expired-awaiting-snapshot', reason: 'expired across a reconnect: waiting for the fresh snapshot' };
}

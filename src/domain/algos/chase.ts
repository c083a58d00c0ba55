// The chase limit's decisions (issue 31 item 3): a PostOnly order at the top of its side of the book (the
// best bid for a buy, the best ask for a sell), re-priced when the best moves away, never past a bound from
// the start price, until it fills, reaches its bound (left resting or cancelled, as asked) or its deadline
// (cancelled). A re-price is a Change where change-rules.ts allows it, else a cancel and, only once the
// cancel is definitive, a new order: the chase never has two live orders. Pure: the runner (client/algos/)
// passes the book's top and the time in, and updates the state with chase-progress.ts.

import { OrderFlag, OrderType } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import type { Side } from '../trading/command-params.js';
import { changeProblems } from '../trading/change-rules.js';
import { marketWords, priceText } from '../trading/order-words.js';
import { orderRulesContext, validateOrder } from '../trading/validate.js';
import { distanceProblem, distanceText, distanceTicks, type AlgoDistance } from './distance.js';

/** A chase's deadline is bounded: at least a second, at most a day. */
export const CHASE_MIN_MS = 1_000;
export const CHASE_MAX_MS = 24 * 60 * 60 * 1_000;

export interface ChaseSpec {
  marketId: number;
  side: Side;
  /** Size units. */
  size: number;
  /** Hundredths (1000 = 10x); ignored for a reduce-only chase (a close). */
  leverage: number;
  /** A close (CloseLong / CloseShort): it only reduces the position of the other side. */
  reduceOnly?: boolean;
  /** How far from the start price the chase may follow the book. */
  maxDistance: AlgoDistance;
  /** The chase ends this long after it starts (its resting order cancelled). */
  durationMs: number;
  /** What becomes of the resting order when the book moves past the bound. */
  atBound: 'leave' | 'cancel';
}

/** The best bid and ask as the feed shows them (the chase's own order included), ticks; null: that side is empty. */
export interface BookTop {
  bid: number | null;
  ask: number | null;
}

/** The chase's order on the exchange. */
export interface ChaseOrder {
  orderId: number;
  /** Limit price, ticks. */
  price: number;
  /** Size still open, units. */
  remaining: number;
}

export interface ChaseState {
  spec: ChaseSpec;
  /** The price the chase started at, ticks, and the furthest it may go (start +/- the max distance, rounded toward the start). */
  startPrice: number;
  boundPrice: number;
  /** Wall time (ms) at which the chase ends. */
  deadlineMs: number;
  /** Size filled over all its orders, units. */
  filled: number;
  /** Its order on the exchange; null when none rests. */
  live: ChaseOrder | null;
  /** A request on its way (decide nothing until it resolves: never two orders where the chase means one). */
  pending: 'place' | 'change' | 'cancel' | null;
  /** Why the chase ended; null while it runs. */
  ended: ChaseEndReason | null;
}

/** `stopped`: ended from outside (the trader's cancel, panic), its `why` said with the end decision. */
export type ChaseEndReason = 'filled' | 'bound' | 'deadline' | 'stopped';

export type ChaseDecision =
  /** Nothing to do now. */
  | { kind: 'wait'; why: string }
  /** No order rests: place a PostOnly one. */
  | { kind: 'place'; price: number; size: number }
  /** Re-price the live order in place (a Change). */
  | { kind: 'change'; orderId: number; price: number }
  /**
   * Re-price where a Change is not allowed (`why`): cancel `cancel` first; the new order at `price` is placed
   * only after the cancel is definitive (the next decision, once the state has no live order), for the size
   * then left.
   */
  | { kind: 'cancel-then-place'; cancel: number; price: number; why: string }
  /** The chase is over: cancel `cancel` (null: nothing to cancel, or the order is left resting); `why`: who ended it. */
  | { kind: 'end'; reason: ChaseEndReason; cancel: number | null; why?: string };

const isBuy = (spec: Pick<ChaseSpec, 'side'>): boolean => spec.side === 'long';
const positiveInteger = (n: number): boolean => Number.isSafeInteger(n) && n > 0;

/**
 * The top of the chase's side: the best bid for a buy, the best ask for a sell. A price that would cross the
 * other side (a locked or stale book) is stepped back one tick inside it; an empty side follows the other
 * side one tick away. Null when the book has neither.
 */
export function chaseTopPrice(side: Side, top: BookTop): number | null {
  const { bid, ask } = top;
  let price: number | null;
  if (side === 'long') price = ask !== null && (bid === null || bid >= ask) ? ask - 1 : bid;
  else price = bid !== null && (ask === null || ask <= bid) ? bid + 1 : ask;
  return price !== null && price > 0 ? price : null;
}

/** The bound of a chase starting at `start`: the max distance rounded toward the start (never beyond what was asked). */
export function chaseBoundPrice(spec: Pick<ChaseSpec, 'side' | 'maxDistance'>, start: number): number {
  const reach = distanceTicks(spec.maxDistance, start, 'down');
  return isBuy(spec) ? start + reach : start - reach;
}

/** The order type of a chase's children. */
function chaseOrderType(spec: ChaseSpec): number {
  if (spec.reduceOnly) return isBuy(spec) ? OrderType.CloseShort : OrderType.CloseLong;
  return isBuy(spec) ? OrderType.OpenLong : OrderType.OpenShort;
}
const chaseLeverage = (spec: ChaseSpec): number => (spec.reduceOnly ? 0 : spec.leverage);

/** Why a chase child at `price` could not be placed (validate.ts: size, leverage, minimum value), or null. */
function childProblem(spec: ChaseSpec, market: Market, price: number): string | null {
  const draft = { t: chaseOrderType(spec), mkt: spec.marketId, s: spec.size, p: price, fl: OrderFlag.PostOnly, lv: chaseLeverage(spec), lb: 0 };
  const check = validateOrder(draft, orderRulesContext(market, null));
  return check.ok ? null : check.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
}

/**
 * Why the chase cannot start against `top`, naming the bad parameter, or null when it can: the side, size,
 * deadline, max distance (above 0, below 50 %, at least a tick), and a child at the start price and at the
 * bound passing the order rules a hand-placed PostOnly passes.
 */
export function validateChaseSpec(spec: ChaseSpec, market: Market | undefined, top: BookTop): string | null {
  if (!market) return `market ${spec.marketId} is not in the context`;
  const words = marketWords(market, spec.marketId);
  if (!market.config.is_open) return `market ${words.label} is closed`;
  if (spec.side !== 'long' && spec.side !== 'short') return `side ${String(spec.side)} must be buy or sell`;
  if (!positiveInteger(spec.size)) return 'size must be a whole number of size units, > 0';
  if (spec.atBound !== 'leave' && spec.atBound !== 'cancel') return `at bound ${String(spec.atBound)} must be leave or cancel`;
  if (!Number.isSafeInteger(spec.durationMs) || spec.durationMs < CHASE_MIN_MS || spec.durationMs > CHASE_MAX_MS) {
    return `for ${spec.durationMs} ms must be from 1 s to 24 h`;
  }
  const start = chaseTopPrice(spec.side, top);
  if (start === null) return `no ${isBuy(spec) ? 'bid' : 'ask'} in the book to chase`;
  const distance = distanceProblem('max', spec.maxDistance, start, words);
  if (distance) return distance;
  const bound = chaseBoundPrice(spec, start);
  if (bound === start) return `max ${distanceText(spec.maxDistance, words)} is under one tick at ${priceText(start, words)}`;
  const atStart = childProblem(spec, market, start);
  if (atStart) return atStart;
  const atBound = childProblem(spec, market, bound);
  if (atBound) return `at the bound ${priceText(bound, words)}: ${atBound}`;
  return null;
}

/** A chase as it starts at `nowMs` against `top` (validateChaseSpec passed): nothing placed yet. Null when the book has no price. */
export function startChase(spec: ChaseSpec, top: BookTop, nowMs: number): ChaseState | null {
  const start = chaseTopPrice(spec.side, top);
  if (start === null) return null;
  return {
    spec, startPrice: start, boundPrice: chaseBoundPrice(spec, start), deadlineMs: nowMs + spec.durationMs,
    filled: 0, live: null, pending: null, ended: null,
  };
}

/** What re-pricing the live order to `price` takes: a Change when change-rules.ts allows it, else cancel-then-place. */
function reprice(state: ChaseState, live: ChaseOrder, price: number, market: Market | undefined): ChaseDecision {
  const { spec } = state;
  const target = { t: chaseOrderType(spec), mkt: spec.marketId, p: live.price, remaining: live.remaining, fl: OrderFlag.PostOnly, lv: chaseLeverage(spec) };
  const problems = changeProblems(target, { price }, market);
  if (problems.length === 0) return { kind: 'change', orderId: live.orderId, price };
  return { kind: 'cancel-then-place', cancel: live.orderId, price, why: problems.map((p) => `${p.field}: ${p.message}`).join('; ') };
}

/**
 * The chase's next step at `nowMs` against the book's `top`: end it (filled, deadline, or the book past its
 * bound), place its order, re-price it (only when the best moved away by a tick or more, never past the
 * bound, a Change where `market` allows one, else cancel first), or wait.
 */
export function nextChasePrice(state: ChaseState, top: BookTop, nowMs: number, market: Market | undefined): ChaseDecision {
  const { spec, live } = state;
  if (state.ended !== null) return { kind: 'wait', why: `ended (${state.ended})` };
  if (state.filled >= spec.size) return { kind: 'end', reason: 'filled', cancel: null };
  if (state.pending !== null) return { kind: 'wait', why: `a ${state.pending} is on its way` };
  if (nowMs >= state.deadlineMs) return { kind: 'end', reason: 'deadline', cancel: live?.orderId ?? null };
  const best = chaseTopPrice(spec.side, top);
  if (best === null) return { kind: 'wait', why: 'the book has no price' };
  const buy = isBuy(spec);
  const pastBound = buy ? best > state.boundPrice : best < state.boundPrice;
  const price = pastBound ? state.boundPrice : best;
  if (pastBound && spec.atBound === 'cancel') return { kind: 'end', reason: 'bound', cancel: live?.orderId ?? null };
  if (live === null) return { kind: 'place', price, size: spec.size - state.filled };
  if (pastBound && live.price === state.boundPrice) return { kind: 'end', reason: 'bound', cancel: null };
  const awayBy = buy ? price - live.price : live.price - price;
  if (awayBy < 1) return { kind: 'wait', why: 'the order is at the top' };
  return reprice(state, live, price, market);
}

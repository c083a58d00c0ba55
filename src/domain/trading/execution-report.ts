// Execution reports (issue 19 item 6): for every order sent from the terminal (an open, a close, an amend, a
// cancel, a TP/SL leg, each order of panic), how long it took from the key press that sent it to leaving, to
// the exchange's ack and to its first and last fill, and what its fills cost against the mark at that key
// press and against the review's estimate. Pure: the client gathers the facts (ExecutionFacts, times on a
// monotonic clock), this turns them into figures.
//
// Slippage is signed from the trader's side: positive = worse (a buy filled above the reference, a sell
// below it), negative = better. Money is exact: ticks x size units -> collateral atoms (notional.ts).

import { OrderType } from '../../protocol/enums.js';
import { averageOfFirst, type FillWalk } from './fill-estimate.js';
import { notionalAtoms, type Scales } from './notional.js';
import type { Side } from './side.js';

/**
 * What the order did: `open` and `close` trade at once (or rest); `amend` changes a resting order (its fills
 * after the change are followed by the order id); `cancel`, `trigger` (a TP/SL leg) and `stop` (a stop order
 * that closes: reduce-only) are timed to their ack only: a trigger fills when the price crosses it, long after any key.
 */
export type ExecutionKind = 'open' | 'close' | 'amend' | 'cancel' | 'trigger' | 'stop';

/**
 * The kind of a request of type `t` (tp > 0: a trigger; `plainStop`: a stop order, not a TP/SL); null for what
 * is no order (collateral).
 */
export function executionKindOf(t: number, tp?: number, plainStop?: boolean): ExecutionKind | null {
  if (t === OrderType.OpenLong || t === OrderType.OpenShort) return 'open';
  if (t === OrderType.CloseLong || t === OrderType.CloseShort) return (tp ?? 0) > 0 ? (plainStop ? 'stop' : 'trigger') : 'close';
  if (t === OrderType.Change) return 'amend';
  if (t === OrderType.Cancel) return 'cancel';
  return null;
}

/** The side an order of type `t` trades on: an open long and a close short buy, the others sell. */
export function tradeSideOf(t: number): Side {
  return t === OrderType.OpenLong || t === OrderType.CloseShort ? 'long' : 'short';
}

/** Kinds whose fills are timed and costed (a trigger's fill is the market's doing, a cancel has none). */
export function followsFills(kind: ExecutionKind): boolean {
  return kind === 'open' || kind === 'close' || kind === 'amend';
}

/** What the key press knew, carried with the order to the client (PlaceParams.origin). */
export interface ExecutionOrigin {
  /** Monotonic ms (performance.now()) of the key press that sent the order. */
  keyAtMs: number;
  /** The mark at that key press, ticks; null when none was known. */
  markAtKey: number | null;
  /** The review's estimated average fill, ticks; null when it had none (no book). */
  estimatedPrice: number | null;
  /**
   * The review's walk of the book (preview.ts): the estimate of any part of the order. A fill cut short (by
   * its slippage cap, an IOC's limit) is compared with the estimate of the size that filled, not the whole.
   */
  estimateWalk?: FillWalk;
}

/**
 * The key press behind a request that is not one reviewed new order (a close, an amend, a cancel, a TP/SL
 * replace, panic): when it was and the marks on screen then, by market. The client stamps every order the
 * request sends with it (originAt), however many and whenever they go.
 */
export interface KeyStamp {
  /** Monotonic ms (performance.now()) of the key press. */
  keyAtMs: number;
  /** Live marks at the key press, ticks, by market id. */
  marks: Readonly<Record<number, number>>;
  /** The review's estimated average fill, ticks: only for a command that sends the one order reviewed (an amend). */
  estimatedPrice?: number;
}

/** The origin of one order sent for `stamp` in `marketId` (the review's estimate only where the stamp has one). */
export function originAt(stamp: KeyStamp, marketId: number): ExecutionOrigin {
  return { keyAtMs: stamp.keyAtMs, markAtKey: stamp.marks[marketId] ?? null, estimatedPrice: stamp.estimatedPrice ?? null };
}

/** The origin of a bracket leg sent for its order's key press: timed to its ack (a trigger fills later), so no estimate. */
export function legOrigin(origin: ExecutionOrigin): ExecutionOrigin {
  return { keyAtMs: origin.keyAtMs, markAtKey: origin.markAtKey, estimatedPrice: null };
}

/** What the client saw of one order placed with an origin. Times are monotonic ms, null until seen. */
export interface ExecutionFacts {
  /** The Journal's request key (stable across rq changes). */
  requestKey: string;
  /** The rq it went out with last (0 before it was sent). */
  rq: number;
  kind: ExecutionKind;
  marketId: number;
  /** The side it trades on (an amend and a cancel: their order's side; a close of a long sells). */
  side: Side;
  /** An amend: the size its order had filled when the change was sent (fills after it are the amend's). */
  filledBefore: number;
  origin: ExecutionOrigin;
  /** Wall-clock ms of the key press (to show when it was). */
  keyWallMs: number;
  /** Its frame first left for the exchange. */
  sentAtMs: number | null;
  /** The exchange's mt 3 answer. */
  ackAtMs: number | null;
  /** The first order row with a filled size, and the one that completed the fill (or the last one seen). */
  firstFillAtMs: number | null;
  lastFillAtMs: number | null;
  /** Filled size units and the average fill price (ticks, the row's `fp`), as the latest order row says (an amend: the order's whole). */
  filledSize: number;
  averageFillPrice: number | null;
  /** The order's size as its rows say it (`os`: the exchange's, a close clamped to the position); null before a row. */
  orderedSize?: number | null;
  /** Its fills were learned by reconciling a lost status: their times are not known. */
  fillTimesUnknown?: boolean;
}

/** A fill's cost against a reference price. */
export interface Slippage {
  /** Ticks, positive = worse for the trader. */
  ticks: number;
  /** Hundredths of a basis point of the reference (12_345 = 123.45 bps), positive = worse; toward zero. */
  bpsHundredths: bigint;
  /** The extra cost of the filled size in collateral atoms, positive = worse (paid more / received less). */
  atoms: bigint;
}

export interface ExecutionReport {
  requestKey: string;
  rq: number;
  kind: ExecutionKind;
  marketId: number;
  side: Side;
  keyWallMs: number;
  /** Key press -> frame on the wire, -> ack, -> first fill, -> last fill, ms; null when not (yet) seen. */
  toSendMs: number | null;
  toAckMs: number | null;
  toFirstFillMs: number | null;
  toLastFillMs: number | null;
  /** Filled by this request (an amend: since the change). */
  filledSize: number;
  /** Its average fill, null when not known exactly (an amend of an order that had filled before). */
  averageFillPrice: number | null;
  vsMark: Slippage | null;
  /** Against the review's estimate for the size that filled (only part of an order cut short). */
  vsEstimate: Slippage | null;
  /** An open or close that filled only part of its size (cut by its cap, or a limit still resting). */
  partial?: boolean;
  /** Its fills were found by reconciling a lost status: filled, but when is not known. */
  fillTimesUnknown?: boolean;
}

/** The cost of `size` units filled at `fill` ticks against `reference`, from the side of a `side` order. */
export function slippageOf(side: Side, fill: number, reference: number, size: number, scales: Scales): Slippage | null {
  if (reference <= 0 || size <= 0) return null;
  const ticks = side === 'long' ? fill - reference : reference - fill;
  return {
    ticks,
    bpsHundredths: (BigInt(ticks) * 1_000_000n) / BigInt(reference),
    atoms: notionalAtoms(ticks, size, scales),
  };
}

const since = (keyAt: number, at: number | null): number | null => (at === null ? null : Math.max(0, at - keyAt));

/** The review's estimate for the `size` that filled: its walk of the book for that size when it kept one, else its whole-order average. */
export function estimateForFilled(origin: ExecutionOrigin, side: Side, size: number): number | null {
  if (origin.estimatedPrice === null || origin.estimateWalk === undefined || size <= 0) return origin.estimatedPrice;
  const average = averageOfFirst(origin.estimateWalk, BigInt(size), side === 'long');
  return average === null ? origin.estimatedPrice : Number(average);
}

export function executionReport(facts: ExecutionFacts, scales: Scales): ExecutionReport {
  const { origin } = facts;
  const size = Math.max(0, facts.filledSize - facts.filledBefore);
  // The row's fp averages every fill of the order: after earlier fills it is not the average of this
  // request's, and an average derived from two rounded averages would be a figure that may be wrong.
  const fill = size > 0 && facts.filledBefore === 0 ? facts.averageFillPrice : null;
  const against = (reference: number | null) => (fill === null || reference === null ? null : slippageOf(facts.side, fill, reference, size, scales));
  return {
    requestKey: facts.requestKey,
    rq: facts.rq,
    kind: facts.kind,
    marketId: facts.marketId,
    side: facts.side,
    keyWallMs: facts.keyWallMs,
    toSendMs: since(origin.keyAtMs, facts.sentAtMs),
    toAckMs: since(origin.keyAtMs, facts.ackAtMs),
    toFirstFillMs: since(origin.keyAtMs, facts.firstFillAtMs),
    toLastFillMs: since(origin.keyAtMs, facts.lastFillAtMs),
    filledSize: size,
    averageFillPrice: fill,
    vsMark: against(origin.markAtKey),
    vsEstimate: against(estimateForFilled(origin, facts.side, size)),
    partial: (facts.kind === 'open' || facts.kind === 'close') && size > 0 && facts.orderedSize != null && size < facts.orderedSize,
    ...(facts.fillTimesUnknown && size > 0 && facts.firstFillAtMs === null ? { fillTimesUnknown: true } : {}),
  };
}

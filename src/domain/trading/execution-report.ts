// Execution reports (issue 19 item 6): for an order placed from the terminal, how long it took from the key
// press that sent it to leaving, to the exchange's ack and to its first and last fill, and what its fills cost
// against the mark at that key press and against the review's estimate. Pure: the client gathers the facts
// (ExecutionFacts, times on a monotonic clock), this turns them into figures.
//
// Slippage is signed from the trader's side: positive = worse (a buy filled above the reference, a sell
// below it), negative = better. Money is exact: ticks x size units -> collateral atoms (notional.ts).

import { notionalAtoms, type Scales } from './notional.js';
import type { Side } from './command-params.js';

/** What the key press knew, carried with the order to the client (PlaceParams.origin). */
export interface ExecutionOrigin {
  /** Monotonic ms (performance.now()) of the key press that sent the order. */
  keyAtMs: number;
  /** The mark at that key press, ticks; null when none was known. */
  markAtKey: number | null;
  /** The review's estimated average fill, ticks; null when it had none (no book). */
  estimatedPrice: number | null;
}

/** What the client saw of one order placed with an origin. Times are monotonic ms, null until seen. */
export interface ExecutionFacts {
  /** The Journal's request key (stable across rq changes). */
  requestKey: string;
  /** The rq it went out with last (0 before it was sent). */
  rq: number;
  marketId: number;
  side: Side;
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
  /** Filled size units and the average fill price (ticks, the row's `fp`), as the latest order row says. */
  filledSize: number;
  averageFillPrice: number | null;
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
  marketId: number;
  side: Side;
  keyWallMs: number;
  /** Key press -> frame on the wire, -> ack, -> first fill, -> last fill, ms; null when not (yet) seen. */
  toSendMs: number | null;
  toAckMs: number | null;
  toFirstFillMs: number | null;
  toLastFillMs: number | null;
  filledSize: number;
  averageFillPrice: number | null;
  vsMark: Slippage | null;
  vsEstimate: Slippage | null;
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

export function executionReport(facts: ExecutionFacts, scales: Scales): ExecutionReport {
  const { origin, averageFillPrice: fill, filledSize: size } = facts;
  const against = (reference: number | null) => (fill === null || reference === null ? null : slippageOf(facts.side, fill, reference, size, scales));
  return {
    requestKey: facts.requestKey,
    rq: facts.rq,
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
    vsEstimate: against(origin.estimatedPrice),
  };
}

// Estimated immediate fill of an order by walking the opposite side of the book (best level first). A
// limit order walks only the levels at or better than its limit: the exchange never fills it beyond
// that, so neither does the estimate (what is left rests, or is cancelled for IOC / FOK).

import { divCeil, divFloor } from './notional.js';

export interface BookLevel {
  /** Scaled price. */
  price: number;
  /** Scaled size. */
  size: number;
}

export interface FillEstimate {
  /** Size the visible book can fill (scaled). */
  filledSize: bigint;
  /** Sum of price x size over the consumed levels (ticks x units), exact. */
  priceSizeSum: bigint;
  /** Average fill price in ticks (display; fractional). Null when nothing fills. */
  averagePrice: number | null;
  /** Price of the last level touched, ticks. Null when nothing fills. */
  worstPrice: number | null;
  /** True when the visible book holds the whole size. */
  complete: boolean;
  /** The walk stopped at a level beyond the limit: what is left cannot fill now (the book past it is known not to). */
  stoppedAtLimit: boolean;
}

/** The worst price a walk may take: a buy's limit from above, a sell's from below. */
export interface WalkLimit {
  price: bigint;
  buying: boolean;
}

/** Whether a level at `price` is at or better than `limit` for the taker. */
export function withinLimit(price: number | bigint, limit: WalkLimit): boolean {
  return limit.buying ? BigInt(price) <= limit.price : BigInt(price) >= limit.price;
}

/** Walks `levels` (best first) for `size`, stopping at the first level beyond `limit` when given. */
export function estimateFill(levels: readonly BookLevel[], size: bigint, limit?: WalkLimit): FillEstimate {
  let remaining = size;
  let filled = 0n;
  let sum = 0n;
  let worst: number | null = null;
  let stoppedAtLimit = false;
  for (const level of levels) {
    if (remaining <= 0n) break;
    if (limit && !withinLimit(level.price, limit)) {
      stoppedAtLimit = true;
      break;
    }
    if (level.size <= 0) continue;
    const take = BigInt(level.size) < remaining ? BigInt(level.size) : remaining;
    filled += take;
    sum += take * BigInt(level.price);
    remaining -= take;
    worst = level.price;
  }
  return {
    filledSize: filled,
    priceSizeSum: sum,
    averagePrice: filled > 0n ? Number(sum) / Number(filled) : null,
    worstPrice: worst,
    complete: remaining <= 0n,
    stoppedAtLimit,
  };
}

/** Slippage of `price` against `reference` in basis points, signed so a worse price is positive. */
export function slippageBps(price: number, reference: number, buying: boolean): number {
  if (reference <= 0) return 0;
  const diff = buying ? price - reference : reference - price;
  return (diff / reference) * 10_000;
}

/**
 * Worst acceptable price for a market order with a slippage cap, in ticks, from the reference price:
 * ref x (1 +- bps/10000), rounded toward the reference (never looser than the cap).
 */
export function slippageLimitPrice(reference: bigint, bps: number, buying: boolean): bigint {
  const delta = (reference * BigInt(bps)) / 10_000n;
  return buying ? reference + delta : reference - delta;
}

/**
 * An order in the order it fills, as a review estimated it: the walk of the visible book (`walked` units
 * of `levels`, never beyond `bound`), then the rest at one price (`tailPrice`: past the visible book, or
 * resting at the limit). Kept with the order, it prices any part of it: a fill cut short is compared with
 * the estimate of what filled, not of the whole order.
 */
export interface FillWalk {
  levels: readonly BookLevel[];
  bound: WalkLimit | undefined;
  walked: bigint;
  tailPrice: bigint;
}

/** The first `units` of the order in fill order: exact sum of price x size. */
export function sumOfFirst(walk: FillWalk, units: bigint): bigint {
  if (units <= 0n) return 0n;
  const walked = estimateFill(walk.levels, units < walk.walked ? units : walk.walked, walk.bound);
  return walked.priceSizeSum + (units - walked.filledSize) * walk.tailPrice;
}

/** The average price of the first `units` in ticks, rounded against the trader (a buy up, a sell down); null for none. */
export function averageOfFirst(walk: FillWalk, units: bigint, buying: boolean): bigint | null {
  if (units <= 0n) return null;
  const sum = sumOfFirst(walk, units);
  return buying ? divCeil(sum, units) : divFloor(sum, units);
}

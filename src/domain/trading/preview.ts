// The risk preview of an order under review (UX.md "Safety"): what fills at once (a book walk that never
// goes beyond a limit) and what rests at the limit, the effect on the position (open / increase / reduce /
// close / flip), the fee, the margin posted or freed, and the liquidation price after the fill.
//
// Money is exact bigint end to end: fee and margin come from the exact sum of price x size over what
// fills and rests, the liquidation price from an exact average entry rounded against the trader (a long's
// entry up, a short's down: the liquidation shown is never further from the mark than the exact one).
// The exchange rounds each fill up on its own, so what it charges can exceed the fee and margin shown
// here by less than one atom per fill. Floats appear only in display ratios (slippage, distance).
//
// The book walked is the one on screen, as deep as its pane. Past its last level nothing is known: that part
// is neither called resting nor cancelled but "may fill now", priced at the limit (it fills there or better,
// or rests there) or, for a market order, at the last visible level (the real cost is that or worse).
// Either way the figures cover the whole order, so smart confirm judges its whole margin.

import type { Market } from '../../protocol/frames.js';
import { feeAtoms, feeMicros } from './fees.js';
import { type BookLevel, type FillWalk, estimateFill, slippageBps, slippageLimitPrice, sumOfFirst } from './fill-estimate.js';
import { type Scales, divCeil, divFloor } from './notional.js';
import { type OrderEffect, orderEffect } from './order-effect.js';
import { type PositionMath, liquidationPrice, marginForOrder } from './risk.js';

/** What an order does with the part that does not fill at once. */
export type Remainder = 'rest' | 'cancel' | 'all-or-none';

export interface PreviewInput {
  market: Market;
  /** 1 Long (buy), 2 Short (sell). */
  side: number;
  /** Scaled size. */
  size: bigint;
  /** Scaled limit price; undefined or 0 = market. */
  limitPrice?: bigint;
  /** GTC / post-only limits rest (the default for a limit); IOC and market orders cancel; FOK fills all or nothing. */
  remainder?: Remainder;
  /** A close order: never opens or flips. */
  reduceOnly?: boolean;
  leverageHundredths: number;
  /** The side of the book a buy takes from (asks) or a sell hits (bids), best first. */
  opposite: readonly BookLevel[];
  /** False when no book of the market is known (not on screen, or not loaded yet): `opposite` is then not empty but unknown. */
  bookKnown?: boolean;
  mark: number | null;
  feeTier: number;
  position: PositionMath | null;
  /** A market order's slippage cap (bps from the mark): where the walk goes past it, the order fills only in part. */
  slippageCapBps?: number;
}

export interface OrderPreview {
  /** What the whole order does to the position. */
  effect: OrderEffect;
  /** A market order, or a limit at or through the best opposite price: its first part fills as taker. */
  crosses: boolean;
  /**
   * Size that fills at once in the visible book (taker), that rests at the limit (maker), that lies past the
   * last visible level (it may fill now: priced at the limit, or for a market order at that last level or
   * worse, taker fee), and that never fills (an IOC remainder, a FOK the book cannot hold, no book at all).
   */
  fillsNow: bigint;
  rests: bigint;
  beyondVisible: bigint;
  unfilled: bigint;
  /** Sum of price x size (ticks x units) over what fills now, past the visible book and rests: exact. */
  priceSizeSum: bigint;
  /** Average price of what fills and rests, ticks, rounded against the trader: never beyond a limit. */
  averagePrice: bigint | null;
  /** The same average as a fraction of ticks (display only). */
  estimatedAveragePrice: number | null;
  slippageBps: number | null;
  /** The visible book (or the resting remainder) takes the whole size: nothing beyond it, nothing unfilled. */
  bookCovers: boolean;
  /**
   * No book of the market was known: whether it crosses, what fills now and what rests are unknown. A limit's
   * whole size is then counted as "may fill now at the limit" (taker fee: the dearer case), never as resting.
   */
  noBook?: boolean;
  /** Taker fee on what fills now (and past the visible book) plus maker fee on what rests; each rounded up once, a rebate toward zero. */
  feeAtoms: bigint;
  /** Margin the opening part posts (0 for a reduce or a close). */
  marginAtoms: bigint;
  /** Collateral the reducing part releases (pro rata, rounded down as the exchange releases it). */
  marginFreedAtoms: bigint;
  liquidationPrice: bigint | null;
  /** Percent from mark to the liquidation price after the fill (display). */
  liquidationDistancePct: number | null;
  /**
   * The size reviewed: the order's, or for a reduce-only order larger than the position it reduces, the
   * position's (the exchange clamps a close to it; every figure above is for that size).
   */
  reviewedSize: bigint;
  /** The reviewed size is the position's, not the order's (a reduce-only order larger than it). */
  clampedToPosition: boolean;
  /** A market order's slippage cap (bps) and the bound it puts on the fill (ticks, from the mark); null for a limit or without a mark. */
  cap: { bps: number; price: bigint } | null;
  /** Size the walk puts past that bound: the exchange cancels it (the order fills only in part). */
  pastCap: bigint;
  /** The order in fill order (the visible walk, then the rest at one price): prices any part of it. */
  walk: FillWalk;
}

/** The size a reduce-only order can fill: the position of the other side it reduces; null when it reduces none. */
function reducibleSize(position: PositionMath | null, side: number): bigint | null {
  if (!position || position.size <= 0n || position.side === side) return null;
  return position.size;
}

/** An average entry from an exact sum, rounded so the liquidation it implies is the nearer one (long up, short down). */
function conservativeEntry(sum: bigint, size: bigint, side: number): bigint {
  return side === 2 ? divFloor(sum, size) : divCeil(sum, size);
}

const Q16 = 65_536n;

/**
 * The entry after `openSize` units priced at `openSum` (ticks x units) join `pos`, rounded against the trader:
 * in whole ticks for an exact entry, in 1/65536 of a tick (`entryResidue`) when the position's entry has one,
 * so the residue the row's own figures count is counted here too.
 */
function increasedEntry(pos: PositionMath, openSum: bigint, openSize: bigint, side: number): Pick<PositionMath, 'entry' | 'entryResidue'> {
  const size = pos.size + openSize;
  if (pos.entryResidue === undefined) return { entry: conservativeEntry(pos.entry * pos.size + openSum, size, side) };
  const q = conservativeEntry((pos.entry * Q16 + BigInt(pos.entryResidue)) * pos.size + openSum * Q16, size, side);
  return { entry: q / Q16, entryResidue: Number(q % Q16) };
}

/** The position after `fill` units priced at `openSum` (the opening part) merge into `pos`. */
function positionAfter(
  pos: PositionMath | null,
  effect: OrderEffect,
  side: number,
  openSum: bigint,
  margin: bigint,
  freed: bigint,
): PositionMath | null {
  switch (effect.kind) {
    case 'none':
      return pos;
    case 'close':
      return null;
    case 'reduce':
      return pos && { ...pos, size: pos.size - effect.reduceSize, collateral: pos.collateral - freed };
    case 'increase':
      if (!pos) return null;
      return { ...pos, size: pos.size + effect.openSize, ...increasedEntry(pos, openSum, effect.openSize, side), collateral: pos.collateral + margin };
    case 'open':
    case 'flip':
      return { side, entry: conservativeEntry(openSum, effect.openSize, side), size: effect.openSize, collateral: margin };
  }
}

export function previewOrder(input: PreviewInput): OrderPreview {
  const scales: Scales = { priceDecimals: input.market.config.price_decimals, sizeDecimals: input.market.config.size_decimals };
  const buying = input.side === 1;
  const limit = input.limitPrice !== undefined && input.limitPrice > 0n ? input.limitPrice : null;
  const remainder: Remainder = input.remainder ?? (limit !== null ? 'rest' : 'cancel');
  const bound = limit !== null ? { price: limit, buying } : undefined;
  const noBook = input.bookKnown === false;
  const opposite = noBook ? [] : input.opposite;
  const reducible = input.reduceOnly ? reducibleSize(input.position, input.side) : null;
  const clamped = reducible !== null && input.size > reducible;
  const size = clamped ? reducible : input.size;
  const walk = estimateFill(opposite, size, bound);
  const best = opposite[0]?.price;
  const crosses = limit === null || walk.filledSize > 0n || (best !== undefined && (buying ? limit >= BigInt(best) : limit <= BigInt(best)));
  const left = size - walk.filledSize;
  // Past the last visible level the book is not known: what is left may still fill now (up to the limit).
  // With no book at all, nothing is known from the first unit on.
  const bookEnds = left > 0n && !walk.stoppedAtLimit && (walk.worstPrice !== null || (noBook && limit !== null));
  const lastVisible = walk.worstPrice !== null ? BigInt(walk.worstPrice) : null;
  // FOK: all of it or none of it; IOC / market: what the book holds; a resting limit: the rest waits at its price.
  const noneFills = remainder === 'all-or-none' && left > 0n && !bookEnds;
  const fillsNow = noneFills ? 0n : walk.filledSize;
  const beyondVisible = noneFills || !bookEnds ? 0n : left;
  const rests = !bookEnds && remainder === 'rest' && limit !== null ? left : 0n;
  const fillable = fillsNow + beyondVisible + rests;
  const tailPrice = limit ?? lastVisible ?? 0n;
  const takerSum = (noneFills ? 0n : walk.priceSizeSum) + beyondVisible * tailPrice;
  const makerSum = rests * (limit ?? 0n);
  const priceSizeSum = takerSum + makerSum;
  const fillOrder: FillWalk = { levels: opposite, bound, walked: fillsNow, tailPrice };

  const { config } = input.market;
  const fee =
    feeAtoms(takerSum, 1n, feeMicros(config, 'taker', input.feeTier), scales) + feeAtoms(makerSum, 1n, feeMicros(config, 'maker', input.feeTier), scales);
  const opts = { reduceOnly: input.reduceOnly ?? false };
  const effect = orderEffect(input.position, input.side, size, opts);
  // Money follows what can fill: the reducing part first (in fill order), then the opening part.
  const filled = orderEffect(input.position, input.side, fillable, opts);
  const reduceSum = sumOfFirst(fillOrder, filled.reduceSize);
  const openSum = sumOfFirst(fillOrder, filled.reduceSize + filled.openSize) - reduceSum;
  const margin = filled.openSize > 0n ? marginForOrder(openSum, 1n, input.leverageHundredths, scales) : 0n;
  const pos = input.position;
  const freed =
    pos === null || filled.reduceSize === 0n ? 0n : filled.reduceSize >= pos.size ? pos.collateral : (pos.collateral * filled.reduceSize) / pos.size;
  const after = fillable > 0n ? positionAfter(pos, filled, input.side, openSum, margin, freed) : pos;
  const liq = after === null ? null : liquidationPrice(after, config.maintenance_margin, scales);

  // A market order stops at its cap from the mark: the walk past it is cancelled, not filled worse.
  const capPrice = limit === null && input.slippageCapBps !== undefined && input.mark !== null ? slippageLimitPrice(BigInt(input.mark), input.slippageCapBps, buying) : null;
  const withinCap = capPrice === null || noBook ? null : estimateFill(opposite, size, { price: capPrice, buying });
  const pastCap = withinCap !== null && withinCap.stoppedAtLimit ? size - withinCap.filledSize : 0n;

  const average = fillable > 0n ? (buying ? divCeil(priceSizeSum, fillable) : divFloor(priceSizeSum, fillable)) : null;
  const shown = fillable > 0n ? Number(priceSizeSum) / Number(fillable) : null;
  const mark = input.mark;
  return {
    effect,
    crosses,
    fillsNow,
    rests,
    beyondVisible,
    unfilled: size - fillable,
    priceSizeSum,
    averagePrice: average,
    estimatedAveragePrice: shown,
    slippageBps: shown !== null && mark !== null ? slippageBps(shown, mark, buying) : null,
    bookCovers: beyondVisible === 0n && fillable === size,
    ...(noBook ? { noBook: true } : {}),
    feeAtoms: fee,
    marginAtoms: margin,
    marginFreedAtoms: freed,
    liquidationPrice: liq,
    liquidationDistancePct: liq !== null && mark !== null && mark > 0 ? (Math.abs(mark - Number(liq)) / mark) * 100 : null,
    reviewedSize: size,
    clampedToPosition: clamped,
    cap: capPrice === null ? null : { bps: input.slippageCapBps!, price: capPrice },
    pastCap,
    walk: fillOrder,
  };
}

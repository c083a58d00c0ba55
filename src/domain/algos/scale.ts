// Scaled orders (issue 31 item 5): one size split into N resting limit legs spaced evenly between two
// prices, the sizes skewed linearly from the first leg to the last. Pure and exact: prices in ticks and
// sizes in lots (scaled integers), every leg on its own checked by the order rules a hand-placed order
// meets (validate.ts), and the whole group's money (average, notional, margin, liquidation once every leg
// fills) priced by the order review's own preview (preview.ts).

import { OrderFlag, OrderType } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { feeAtoms, feeMicros } from '../trading/fees.js';
import { type Scales, divCeil, divFloor, notionalAtoms } from '../trading/notional.js';
import type { OrderDraft } from '../trading/order-draft.js';
import { previewOrder } from '../trading/preview.js';
import type { PositionMath } from '../trading/risk.js';
import type { Side } from '../trading/side.js';
import { orderRulesContext, validateOrder } from '../trading/validate.js';
import { priceText, marketWords, sizeText } from '../trading/order-words.js';

export const SCALE_MIN_LEGS = 2;
/** Well under the exchange's order budget (wire.md: 60 a minute on testnet), leaving room for closes. */
export const SCALE_MAX_LEGS = 50;
/** Skew (last leg's size over the first's) in hundredths: 0.1 .. 10. */
export const SCALE_MIN_SKEW = 10;
export const SCALE_MAX_SKEW = 1000;

export interface ScaleSpec {
  marketId: number;
  side: Side;
  /** Total size, lots (size units). */
  size: bigint;
  /** The first leg's price and the last leg's, ticks. */
  from: bigint;
  to: bigint;
  /** Number of legs. */
  count: number;
  /** Last leg's size over the first's, hundredths (100 = equal legs). */
  skew: number;
  /** Leverage hundredths of every leg. */
  leverage: number;
  /** Post-only legs (never take); default GTC limits. */
  postOnly?: boolean;
}

/**
 * A placed scaled order as the algo journal keeps it (kind 'scale'): the spec in plain integers (ticks, lots,
 * hundredths) and its order group (`scale-...`), which the order journal records with every leg.
 */
export interface ScaleGroup {
  group: string;
  marketId: number;
  side: Side;
  size: number;
  from: number;
  to: number;
  count: number;
  skew: number;
  leverage: number;
  postOnly?: boolean;
}

export interface ScaleLeg {
  /** Ticks. */
  price: bigint;
  /** Lots. */
  size: bigint;
}

export interface ScaleProblem {
  /** The parameter to fix: size, from, to, count, skew, leverage, market, or `leg N`. */
  field: string;
  message: string;
}

/** Prices evenly spaced from `from` to `to` (both included), each on a whole tick (rounded toward `from`). */
function legPrices(spec: Pick<ScaleSpec, 'from' | 'to' | 'count'>): bigint[] {
  const steps = BigInt(spec.count - 1);
  const span = spec.to - spec.from;
  return Array.from({ length: spec.count }, (_, i) => {
    const offset = span * BigInt(i);
    return spec.from + (span >= 0n ? divFloor(offset, steps) : divCeil(offset, steps));
  });
}

/** Linear weights from 1 (first leg) to skew (last), scaled by (count - 1) x 100 so they are whole. */
function legWeights(count: number, skew: number): bigint[] {
  const n = BigInt(count - 1);
  return Array.from({ length: count }, (_, i) => 100n * n + BigInt(skew - 100) * BigInt(i));
}

/**
 * Leg sizes summing exactly to `total`: each the floor of its exact share, then the lots left over go one
 * each to the legs with the largest remainders (the earliest first on a tie), so every leg is within one
 * lot of its exact share and the skew holds within a lot.
 */
function legSizes(total: bigint, count: number, skew: number): bigint[] {
  const weights = legWeights(count, skew);
  const sum = weights.reduce((a, b) => a + b, 0n);
  const sizes = weights.map((w) => (total * w) / sum);
  let left = total - sizes.reduce((a, b) => a + b, 0n);
  const byRemainder = weights.map((w, i) => ({ i, rem: (total * w) % sum })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    sizes[i]! += 1n;
    left -= 1n;
  }
  return sizes;
}

/** The legs of `spec`, first price first. Assumes validateScaleSpec found nothing. */
export function scaleLegs(spec: ScaleSpec): ScaleLeg[] {
  const prices = legPrices(spec);
  const sizes = legSizes(spec.size, spec.count, spec.skew);
  return prices.map((price, i) => ({ price, size: sizes[i]! }));
}

/** The order one leg is: a resting opening limit, as the order form would build it. */
export function legDraft(spec: ScaleSpec, leg: ScaleLeg): OrderDraft {
  return {
    t: spec.side === 'long' ? OrderType.OpenLong : OrderType.OpenShort,
    mkt: spec.marketId,
    s: Number(leg.size),
    p: Number(leg.price),
    fl: spec.postOnly ? OrderFlag.PostOnly : OrderFlag.GoodTillCancel,
    lv: spec.leverage,
    lb: 0,
  };
}

const skewText = (hundredths: number): string => `${(hundredths / 100).toString()}`;

/**
 * Why `spec` cannot be placed on `market`, naming the parameter; null when every leg is an order the
 * exchange takes (each leg checked by validateOrder: whole ticks and lots, leverage, minimum value).
 */
export function validateScaleSpec(spec: ScaleSpec, market: Market | undefined): ScaleProblem | null {
  if (!market) return { field: 'market', message: `market ${spec.marketId} is not loaded` };
  if (!Number.isSafeInteger(spec.count) || spec.count < SCALE_MIN_LEGS || spec.count > SCALE_MAX_LEGS) {
    return { field: 'count', message: `x${spec.count}: the number of legs must be ${SCALE_MIN_LEGS} to ${SCALE_MAX_LEGS}` };
  }
  if (!Number.isSafeInteger(spec.skew) || spec.skew < SCALE_MIN_SKEW || spec.skew > SCALE_MAX_SKEW) {
    return { field: 'skew', message: `skew ${skewText(spec.skew)}: must be ${skewText(SCALE_MIN_SKEW)} to ${skewText(SCALE_MAX_SKEW)}` };
  }
  const words = marketWords(market, spec.marketId);
  if (spec.size <= 0n) return { field: 'size', message: 'size must be greater than 0' };
  if (spec.size < BigInt(spec.count)) {
    return { field: 'size', message: `${sizeText(Number(spec.size), words)} is less than one lot for each of ${spec.count} legs` };
  }
  if (spec.from <= 0n) return { field: 'from', message: 'the first price must be greater than 0' };
  if (spec.to <= 0n) return { field: 'to', message: 'the last price must be greater than 0' };
  const span = spec.to > spec.from ? spec.to - spec.from : spec.from - spec.to;
  if (span < BigInt(spec.count - 1)) {
    return { field: 'to', message: `${priceText(spec.from, words)} to ${priceText(spec.to, words)} has fewer than ${spec.count} distinct prices` };
  }
  const rules = orderRulesContext(market, null);
  const legs = scaleLegs(spec);
  for (const [i, leg] of legs.entries()) {
    const check = validateOrder(legDraft(spec, leg), rules);
    if (!check.ok) {
      const problem = check.problems[0]!;
      const field = problem.field === 'leverage' || problem.field === 'market' ? problem.field : `leg ${i + 1}`;
      return { field, message: `leg ${i + 1} (${sizeText(Number(leg.size), words)} @ ${priceText(leg.price, words)}): ${problem.message}` };
    }
  }
  return null;
}

export interface ScaleSummary {
  /** Average price of all legs, ticks, rounded against the trader (a buy's up, a sell's down). */
  averagePrice: bigint;
  notionalAtoms: bigint;
  /** Margin the legs post once all fill (the review's preview of the whole group against the position). */
  marginAtoms: bigint;
  /** Maker fee of every leg, each rounded up as the exchange charges it per fill. */
  feeAtoms: bigint;
  /** Liquidation price of the position once every leg filled; null when none (closed, or none by price). */
  liquidationPrice: bigint | null;
}

export interface ScaleSummaryInput {
  market: Market;
  side: Side;
  leverage: number;
  legs: readonly ScaleLeg[];
  position: PositionMath | null;
  feeTier: number;
}

/**
 * What the group does once every leg filled, priced by the order review's preview (previewOrder) as one
 * order walking the legs as its book: exact price x size sums, margin and the position merged with its
 * entry rounded against the trader, as a single order's review shows it.
 */
export function scaleSummary(i: ScaleSummaryInput): ScaleSummary {
  const scales: Scales = { priceDecimals: i.market.config.price_decimals, sizeDecimals: i.market.config.size_decimals };
  const buying = i.side === 'long';
  const total = i.legs.reduce((a, l) => a + l.size, 0n);
  // Best first for the walk: a buy takes the lowest price first, a sell the highest.
  const walk = [...i.legs].sort((a, b) => (a.price === b.price ? 0 : (a.price < b.price) === buying ? -1 : 1));
  const worst = walk.at(-1)!.price;
  const preview = previewOrder({
    market: i.market,
    side: buying ? 1 : 2,
    size: total,
    limitPrice: worst,
    remainder: 'cancel',
    leverageHundredths: i.leverage,
    opposite: walk.map((l) => ({ price: Number(l.price), size: Number(l.size) })),
    mark: null,
    feeTier: i.feeTier,
    position: i.position,
  });
  const sum = preview.priceSizeSum;
  const maker = feeMicros(i.market.config, 'maker', i.feeTier);
  return {
    averagePrice: buying ? divCeil(sum, total) : divFloor(sum, total),
    notionalAtoms: i.legs.reduce((a, l) => a + notionalAtoms(l.price, l.size, scales), 0n),
    marginAtoms: preview.marginAtoms,
    feeAtoms: i.legs.reduce((a, l) => a + feeAtoms(l.price, l.size, maker, scales), 0n),
    liquidationPrice: preview.liquidationPrice,
  };
}

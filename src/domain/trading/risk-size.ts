// Size from risk (`:buy risk 100 sl 65000 [@ 66000]`): the largest whole size whose loss, if the stop fills
// at its price, stays within the risk, counting the taker fee on the entry and on the exit:
//   loss(q) = q x |entry - stop| + fee(q x entry) + fee(q x stop), each in collateral atoms rounded up,
// so the size is rounded DOWN to lots (one lot = one unit of size_decimals) and never loses more than asked
// at the stop. Pure; the clamp to what the available margin buys is the caller's (entry-size.ts maxBuyableUnits).

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { pow10 } from '../../lib/bigint-math.js';
import { feeAtoms } from './fees.js';
import { estimateFill, withinLimit, type BookLevel } from './fill-estimate.js';
import { divCeil, divFloor, type Scales } from './notional.js';

export interface RiskInputs {
  /** The most the stop may lose, collateral atoms. */
  riskAtoms: bigint;
  side: 'long' | 'short';
  /** The worst price the entry is expected at (ticks). */
  entry: bigint;
  /** The stop (ticks): below the entry for a long, above for a short. */
  stop: bigint;
  /** The taker fee (micros of notional); a rebate counts as 0. */
  takerFeeMicros: number;
  scales: Scales;
}

/** Why a stop cannot bound the loss of this side from this entry, or null. */
export function riskStopProblem(side: 'long' | 'short', entry: bigint, stop: bigint): string | null {
  if (side === 'long' && stop >= entry) return 'the stop of a buy must be below its entry';
  if (side === 'short' && stop <= entry) return 'the stop of a sell must be above its entry';
  return null;
}

/** Atoms of price x size, rounded up (a loss is never understated when pd + sd > 6). */
function notionalUp(price: bigint, units: bigint, scales: Scales): bigint {
  return divCeil(price * units * pow10(COLLATERAL_DECIMALS), pow10(scales.priceDecimals + scales.sizeDecimals));
}

/** The loss (atoms) of `units` entered at `entry` and stopped at `stop`: the move plus both taker fees. */
export function lossAtStopAtoms(units: bigint, i: Omit<RiskInputs, 'riskAtoms'>): bigint {
  const fee = Math.max(0, i.takerFeeMicros);
  const move = i.side === 'long' ? i.entry - i.stop : i.stop - i.entry;
  return notionalUp(move, units, i.scales) + feeAtoms(i.entry, units, fee, i.scales) + feeAtoms(i.stop, units, fee, i.scales);
}

/**
 * The largest whole size whose lossAtStopAtoms is at most the risk (0 when not even one lot fits). Without
 * rounding, q x (|entry - stop| + (entry + stop) x fee) x 10^(6-pd-sd) <= risk bounds it from above; the
 * rounding can only lower it, so it is searched for below that bound (the loss grows with the size).
 */
export function riskSizeUnits(i: RiskInputs): bigint {
  if (riskStopProblem(i.side, i.entry, i.stop) !== null || i.riskAtoms <= 0n) return 0n;
  const fee = BigInt(Math.max(0, i.takerFeeMicros));
  const move = i.side === 'long' ? i.entry - i.stop : i.stop - i.entry;
  const perUnitMicros = (move * 1_000_000n + (i.entry + i.stop) * fee) * pow10(COLLATERAL_DECIMALS);
  let hi = divFloor(i.riskAtoms * 1_000_000n * pow10(i.scales.priceDecimals + i.scales.sizeDecimals), perUnitMicros);
  const fits = (units: bigint): boolean => lossAtStopAtoms(units, i) <= i.riskAtoms;
  if (fits(hi)) return hi;
  let lo = 0n;
  // Invariant: fits(lo), !fits(hi).
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** A market order's risk size and the entry it was sized at (ticks). */
export interface MarketRiskSize {
  units: bigint;
  entry: bigint;
  /** The entry is the slippage bound: the visible book does not hold the size (or is empty). */
  atBound: boolean;
}

/**
 * A market order sized from its risk: sized at the touch, the visible book is walked for that size and the
 * order sized again at the worst level it reaches (a smaller size walks no further, so every lot of it fills
 * at that level or better); past the visible book, at `bound`, the worst price the slippage cap lets it fill at.
 * `levels`: the side it takes (asks for a buy), best first.
 */
export function riskSizeAtMarket(i: Omit<RiskInputs, 'entry'>, levels: readonly BookLevel[], bound: bigint): MarketRiskSize {
  const buying = i.side === 'long';
  const worstFor = (units: bigint): { entry: bigint; atBound: boolean } => {
    const walk = estimateFill(levels, units, { price: bound, buying });
    return walk.complete && walk.worstPrice !== null ? { entry: BigInt(walk.worstPrice), atBound: false } : { entry: bound, atBound: true };
  };
  const touch = levels[0] !== undefined && withinLimit(levels[0].price, { price: bound, buying }) ? BigInt(levels[0].price) : bound;
  const first = riskSizeUnits({ ...i, entry: touch });
  const worst = first > 0n ? worstFor(first) : { entry: touch, atBound: touch === bound };
  return { units: riskSizeUnits({ ...i, entry: worst.entry }), ...worst };
}

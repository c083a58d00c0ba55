// A distance from a price as an algo parameter: a share of the price in basis points (`1%` = 100 bps) or a
// whole number of price ticks (`500` = 500 ticks). The trailing stop's gap and the chase's bound both use
// it. Integer math only: a distance in bps becomes whole ticks by a rounding the caller names, because a
// stop rounds away from the price (never tighter than asked) and a bound rounds toward it (never beyond).

import { formatScaledTrim } from '../../protocol/scaling.js';
import { divCeil } from '../trading/notional.js';
import { priceText, type MarketWords } from '../trading/order-words.js';

export type AlgoDistance = { unit: 'bps'; bps: number } | { unit: 'ticks'; ticks: number };

/** Distances must stay under half the price: a 50 % stop or bound is a typo, not a plan. */
export const MAX_DISTANCE_BPS = 5_000;

/** Whole ticks of `distance` at `price` (ticks): a bps share rounded up (`'up'`) or down (`'down'`). */
export function distanceTicks(distance: AlgoDistance, price: number, rounding: 'up' | 'down'): number {
  if (distance.unit === 'ticks') return distance.ticks;
  const num = BigInt(price) * BigInt(distance.bps);
  return Number(rounding === 'up' ? divCeil(num, 10_000n) : num / 10_000n);
}

/** "1.5%" or "500" (a price in the market's decimals). */
export function distanceText(distance: AlgoDistance, words: MarketWords): string {
  const value = distance.unit === 'bps' ? distance.bps : distance.ticks;
  // A refusal names what was typed even when it is no whole number (the formatters take integers only).
  if (!Number.isSafeInteger(value)) return distance.unit === 'bps' ? `${value} bps` : `${value} ticks`;
  return distance.unit === 'bps' ? `${formatScaledTrim(value, 2)}%` : priceText(value, words);
}

/**
 * Why `distance` (named `name`, e.g. "distance", "max") is no distance at `reference` (ticks): not a whole
 * positive amount, or half the price or more. Null when it is one.
 */
export function distanceProblem(name: string, distance: AlgoDistance, reference: number, words: MarketWords): string | null {
  const text = distanceText(distance, words);
  if (distance.unit === 'bps') {
    if (!Number.isSafeInteger(distance.bps) || distance.bps <= 0) return `${name} ${text} must be above 0%`;
    if (distance.bps >= MAX_DISTANCE_BPS) return `${name} ${text} must be below ${formatScaledTrim(MAX_DISTANCE_BPS, 2)}%`;
    return null;
  }
  if (!Number.isSafeInteger(distance.ticks) || distance.ticks <= 0) return `${name} ${text} must be a whole number of ticks above 0`;
  if (BigInt(distance.ticks) * 10_000n >= BigInt(reference) * BigInt(MAX_DISTANCE_BPS)) {
    return `${name} ${text} must be below ${formatScaledTrim(MAX_DISTANCE_BPS, 2)}% of the price ${priceText(reference, words)}`;
  }
  return null;
}

// The oracle's random walk: small gaussian steps in basis points with a weak pull back to the start
// price, so a long session neither explodes nor drifts to zero. The float lives only inside the sim;
// the oracle the exchange uses is its rounding to a whole tick.

import type { Prng } from '../../lib/prng.js';

/** Pull toward the anchor per step, as a fraction of the distance (half-life ~2 h at 100 steps/s). */
const MEAN_REVERSION = 1e-7;

export function nextOracle(current: number, anchor: number, volatilityBps: number, rng: Prng): number {
  const shock = rng.gaussian() * volatilityBps * 1e-4;
  const pull = ((anchor - current) / anchor) * MEAN_REVERSION;
  return Math.max(1, current * (1 + shock + pull));
}

/** Distance between maker ladder levels: about half a basis point, at least one tick. */
export function ladderStep(startPrice: number): number {
  return Math.max(1, Math.round(startPrice / 20_000));
}

/** A typical level size in size units: about 10,000 collateral units of notional. */
export function baseLevelSize(startPrice: number, priceDecimals: number, sizeDecimals: number): number {
  const human = 10_000 / (startPrice / 10 ** priceDecimals);
  return Math.max(1, Math.round(human * 10 ** sizeDecimals));
}

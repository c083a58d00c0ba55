// Where a trailing stop moves next: the price of its source (mark or last trade) at which the stop it holds
// tightens by at least the minimum step (nextTrailLevel's own rule, inverted), so the Algos tab can say
// "moves at mark 65,420.0". Integer math: a bps gap rounds away from the price as trailLevelAt does.

import { trailLevelAt, type TrailSpec } from './trail.js';

type Spec = Pick<TrailSpec, 'position' | 'distance' | 'minStepTicks'>;

/**
 * The source price (ticks) at which a trail holding its stop at `stop` moves it: the lowest for a long (the
 * stop follows the price up), the highest for a short. Null when no such price is a positive tick.
 */
export function trailMovesAt(spec: Spec, stop: number): number | null {
  const step = Math.max(1, spec.minStepTicks);
  const level = (p: number) => trailLevelAt(spec, p);
  if (spec.position.side === 'long') {
    const target = stop + step;
    const bps = spec.distance.unit === 'bps' ? spec.distance.bps : 0;
    // A first guess from the exact fraction, then a few ticks either way to land on the rounding trailLevelAt does.
    let p = spec.distance.unit === 'ticks' ? target + spec.distance.ticks : Number((BigInt(target) * 10_000n) / BigInt(10_000 - bps));
    while (level(p) < target) p += 1;
    while (p > 1 && level(p - 1) >= target) p -= 1;
    return p;
  }
  const target = stop - step;
  const bps = spec.distance.unit === 'bps' ? spec.distance.bps : 0;
  let p = spec.distance.unit === 'ticks' ? target - spec.distance.ticks : Number((BigInt(Math.max(0, target)) * 10_000n) / BigInt(10_000 + bps));
  while (p > 0 && level(p) > target) p -= 1;
  while (level(p + 1) <= target) p += 1;
  return p > 0 && level(p) <= target ? p : null;
}

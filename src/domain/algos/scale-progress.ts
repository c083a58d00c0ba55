// Where a scaled order's legs stand, from what the exchange says of each (its order row, open or final):
// how many rest and for how much, how many filled wholly, the size filled and its average price; and,
// once none rests and none is still unaccounted for, how it ended in words. Pure and exact (integer ticks
// and lots; the average rounded to the nearest tick from exact price x size sums).

import { OrderStatus } from '../../protocol/enums.js';

/** The fields of a leg's order row this reads (wire Order: st, os, fs, fp the average fill price). */
export interface ScaleLegRow {
  st: number;
  os: number;
  fs: number;
  fp?: number;
}

/** A leg as seen: its row; 'never' (its request never executed: nothing rests, nothing filled); undefined (not known yet). */
export type ScaleLegSeen = ScaleLegRow | 'never' | undefined;

export interface ScaleProgress {
  resting: number;
  /** Open size of the resting legs, lots. */
  restingSize: number;
  filledLegs: number;
  /** Lots filled over every leg. */
  filled: number;
  /** Average fill price, ticks; null before a fill. */
  avgPrice: number | null;
  /** Legs not known yet (the row has not arrived): the group is not over while one is. */
  pending: number;
  /** Legs that left the book not wholly filled (cancelled, expired, failed). */
  unfilledGone: number;
}

const FINAL: ReadonlySet<number> = new Set([OrderStatus.Filled, OrderStatus.Canceled, OrderStatus.Expired, OrderStatus.Failed]);

export function scaleProgress(legs: readonly ScaleLegSeen[]): ScaleProgress {
  const p: ScaleProgress = { resting: 0, restingSize: 0, filledLegs: 0, filled: 0, avgPrice: null, pending: 0, unfilledGone: 0 };
  let notional = 0n;
  for (const leg of legs) {
    if (leg === undefined) {
      p.pending += 1;
      continue;
    }
    if (leg === 'never') continue;
    p.filled += leg.fs;
    notional += BigInt(leg.fp ?? 0) * BigInt(leg.fs);
    const whole = leg.fs >= leg.os;
    if (FINAL.has(leg.st)) {
      if (whole) p.filledLegs += 1;
      else p.unfilledGone += 1;
    } else {
      p.resting += 1;
      p.restingSize += Math.max(0, leg.os - leg.fs);
    }
  }
  if (p.filled > 0) p.avgPrice = Number((notional * 2n + BigInt(p.filled)) / (2n * BigInt(p.filled)));
  return p;
}

/** Whether the group is over: nothing rests and every leg is accounted for. */
export function scaleOver(p: ScaleProgress): boolean {
  return p.resting === 0 && p.pending === 0;
}

/** How an over group ended: done when every leg asked for was placed and filled, else why not. */
export function scaleEnd(p: ScaleProgress, placed: number, count: number): { complete: boolean; reason: string } {
  if (placed === 0) return { complete: false, reason: `no leg placed (0 of ${count})` };
  if (p.filledLegs === count) return { complete: true, reason: `all ${count} legs filled` };
  const filled = `${p.filledLegs} of ${placed} legs filled`;
  if (placed < count && p.unfilledGone === 0) return { complete: false, reason: `partly placed (${placed} of ${count} legs); ${filled}` };
  return { complete: false, reason: `cancelled: ${filled}${placed < count ? ` (${placed} of ${count} placed)` : ''}` };
}

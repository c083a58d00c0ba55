// Smart confirm (UX.md "Safety"): reasons that make an order stop for an explicit `y` whose default
// answer is Cancel. Pure; thresholds are configurable, the defaults are conservative.

import type { ConfirmPrefs } from './workspace-slice.js';
import type { PlaceParams } from '../domain/trading/commands.js';
import { formatScaledTrim, groupThousands } from '../protocol/scaling.js';

export interface ConfirmThresholds {
  /** Limit price this far from mark (percent) asks. */
  priceFromMarkPct: number;
  /** Margin used above this share of equity (percent) asks. */
  marginOfEquityPct: number;
  /** Leverage above this (hundredths) asks. */
  leverageHundredths: number;
  /** The same order again within this many ms asks. */
  duplicateWindowMs: number;
  /** A change that makes a resting order more than this many times its size (hundredths: 200 = 2x) asks, naming it. */
  amendSizeGrowthHundredths: number;
}

export const DEFAULT_CONFIRM_THRESHOLDS: ConfirmThresholds = {
  priceFromMarkPct: 5,
  marginOfEquityPct: 50,
  leverageHundredths: 1_000,
  duplicateWindowMs: 10_000,
  amendSizeGrowthHundredths: 200,
};

/** The config's `[confirm]` entries over the defaults (leverage in x, the window in seconds). */
export function thresholdsFrom(prefs: ConfirmPrefs): ConfirmThresholds {
  const d = DEFAULT_CONFIRM_THRESHOLDS;
  return {
    priceFromMarkPct: prefs.priceFromMarkPct ?? d.priceFromMarkPct,
    marginOfEquityPct: prefs.marginOfEquityPct ?? d.marginOfEquityPct,
    leverageHundredths: prefs.leverageAbove !== undefined ? Math.round(prefs.leverageAbove * 100) : d.leverageHundredths,
    duplicateWindowMs: prefs.duplicateWindowSec !== undefined ? Math.round(prefs.duplicateWindowSec * 1000) : d.duplicateWindowMs,
    amendSizeGrowthHundredths: prefs.amendSizeGrowthAbove !== undefined ? Math.round(prefs.amendSizeGrowthAbove * 100) : d.amendSizeGrowthHundredths,
  };
}

export interface ConfirmFacts {
  intent: PlaceParams;
  mark: number | null;
  /** Atoms. */
  marginAtoms: bigint | null;
  equityAtoms: bigint | null;
  /** Open position in the market: side and size (scaled), null when flat. */
  position: { side: 'long' | 'short'; size: number } | null;
  /** Signatures and send times of recent orders. */
  recent: readonly { signature: string; atMs: number }[];
  nowMs: number;
  /** A resting order whose change makes it cross the book: it would fill at once, as a taker. */
  changeCrossesBook?: boolean;
  /** A post-only whose change makes it cross the book: the exchange refuses the change (the order stays as it is). */
  changeRefusedPostOnly?: boolean;
  /** The order's market, as reasons about what is not known name it. */
  marketName?: string;
  /** No live mark of the order's market: a priced order's distance from mark cannot be checked, so it asks. */
  markUnknown?: boolean;
  /** A change in a market whose book is not shown: whether it crosses cannot be told, so it asks. */
  changeBookUnknown?: boolean;
  /** The position's stops the order's fill would leave beyond its liquidation, in words (order-review-protection.ts protectionAfterFill); null: none. */
  stopsBeaten?: string | null;
  /** A change of a resting order: the size it has open now (the intent's is the size after), and the market's size decimals to say both in. */
  changeFrom?: { size: number; sizeDecimals: number };
}

/** Said once, as the reason the change of a post-only across the book asks (the review's notes leave it to this). */
export const POST_ONLY_CHANGE_REFUSED = 'the exchange will refuse the change: a post-only cannot cross the book';

/** What makes two orders "the same" for the duplicate check. */
export function orderSignature(i: PlaceParams): string {
  return `${i.marketId}:${i.side}:${i.kind}:${i.size}:${i.price ?? 'mkt'}`;
}

/**
 * "size 1,000 → 10,002,000 (x10,002)" when a change multiplies the order's size by more than the threshold
 * (a digit typed onto a prefilled size is a 10x or 10,000x order), else null. Exact: integers, never a float;
 * the factor is rounded up to hundredths, so it never reads as the threshold itself when it is above it.
 */
export function sizeGrowthReason(before: number, after: number, sizeDecimals: number, thresholdHundredths: number): string | null {
  if (before <= 0 || BigInt(after) * 100n <= BigInt(before) * BigInt(thresholdHundredths)) return null;
  const factor = (BigInt(after) * 100n + BigInt(before) - 1n) / BigInt(before);
  const size = (v: number) => groupThousands(formatScaledTrim(v, sizeDecimals));
  return `size ${size(before)} → ${size(after)} (x${groupThousands(formatScaledTrim(factor, 2))})`;
}

/** Reasons to stop and ask; empty = routine order. */
export function confirmReasons(f: ConfirmFacts, t: ConfirmThresholds = DEFAULT_CONFIRM_THRESHOLDS): string[] {
  const out: string[] = [];
  const { intent, mark } = f;
  // First: of every reason, the one a slip of the finger makes the costliest.
  const growth = f.changeFrom ? sizeGrowthReason(f.changeFrom.size, intent.size, f.changeFrom.sizeDecimals, t.amendSizeGrowthHundredths) : null;
  if (growth) out.push(growth);
  // Then protection the trader counts on that this order would silently disarm.
  if (f.stopsBeaten) out.push(f.stopsBeaten);
  const name = f.marketName ?? 'this market';
  if (intent.price !== undefined && mark !== null && mark > 0) {
    const pct = (Math.abs(intent.price - mark) / mark) * 100;
    if (pct > t.priceFromMarkPct) out.push(`price ${pct.toFixed(1)}% from mark`);
  } else if (intent.price !== undefined && f.markUnknown) out.push(`no live mark for ${name}: cannot check the distance from mark`);
  // An order that takes margin is judged against equity; when equity is not known (a held position has no
  // mark yet) or is gone, the share cannot be checked, so it asks, as an unknown mark does.
  if (f.marginAtoms !== null && f.marginAtoms > 0n) {
    if (f.equityAtoms === null) out.push('equity unknown: cannot check the margin share');
    else if (f.equityAtoms <= 0n) out.push('equity at or below zero: any margin is more than the account holds');
    else {
      const pct = Number((f.marginAtoms * 10_000n) / f.equityAtoms) / 100;
      if (pct > t.marginOfEquityPct) out.push(`margin ${pct.toFixed(0)}% of equity`);
    }
  }
  if (intent.leverage > t.leverageHundredths) out.push(`leverage ${intent.leverage / 100}x`);
  if (f.changeCrossesBook) out.push('moves across the book: fills now as taker');
  if (f.changeRefusedPostOnly) out.push(POST_ONLY_CHANGE_REFUSED);
  if (f.changeBookUnknown) out.push(`no book shown for ${name}: cannot tell if it crosses`);
  if (f.position && f.position.side !== intent.side && intent.size > f.position.size) out.push(`flips your ${f.position.side} position`);
  const sig = orderSignature(intent);
  if (f.recent.some((r) => r.signature === sig && f.nowMs - r.atMs <= t.duplicateWindowMs)) out.push('same order sent seconds ago');
  return out;
}

// Smart confirm (UX.md "Safety"): reasons that make an order stop for an explicit `y` whose default
// answer is Cancel. Pure; thresholds are configurable, the defaults are conservative.

import type { ConfirmPrefs } from './live-slice.js';
import type { PlaceParams } from '../domain/trading/commands.js';

export interface ConfirmThresholds {
  /** Limit price this far from mark (percent) asks. */
  priceFromMarkPct: number;
  /** Margin used above this share of equity (percent) asks. */
  marginOfEquityPct: number;
  /** Leverage above this (hundredths) asks. */
  leverageHundredths: number;
  /** The same order again within this many ms asks. */
  duplicateWindowMs: number;
}

export const DEFAULT_CONFIRM_THRESHOLDS: ConfirmThresholds = {
  priceFromMarkPct: 5,
  marginOfEquityPct: 50,
  leverageHundredths: 1_000,
  duplicateWindowMs: 10_000,
};

/** The config's `[confirm]` entries over the defaults (leverage in x, the window in seconds). */
export function thresholdsFrom(prefs: ConfirmPrefs): ConfirmThresholds {
  const d = DEFAULT_CONFIRM_THRESHOLDS;
  return {
    priceFromMarkPct: prefs.priceFromMarkPct ?? d.priceFromMarkPct,
    marginOfEquityPct: prefs.marginOfEquityPct ?? d.marginOfEquityPct,
    leverageHundredths: prefs.leverageAbove !== undefined ? Math.round(prefs.leverageAbove * 100) : d.leverageHundredths,
    duplicateWindowMs: prefs.duplicateWindowSec !== undefined ? Math.round(prefs.duplicateWindowSec * 1000) : d.duplicateWindowMs,
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
}

/** What makes two orders "the same" for the duplicate check. */
export function orderSignature(i: PlaceParams): string {
  return `${i.marketId}:${i.side}:${i.kind}:${i.size}:${i.price ?? 'mkt'}`;
}

/** Reasons to stop and ask; empty = routine order. */
export function confirmReasons(f: ConfirmFacts, t: ConfirmThresholds = DEFAULT_CONFIRM_THRESHOLDS): string[] {
  const out: string[] = [];
  const { intent, mark } = f;
  if (intent.price !== undefined && mark !== null && mark > 0) {
    const pct = (Math.abs(intent.price - mark) / mark) * 100;
    if (pct > t.priceFromMarkPct) out.push(`price ${pct.toFixed(1)}% from mark`);
  }
  if (f.marginAtoms !== null && f.equityAtoms !== null && f.equityAtoms > 0n) {
    const pct = Number((f.marginAtoms * 10_000n) / f.equityAtoms) / 100;
    if (pct > t.marginOfEquityPct) out.push(`margin ${pct.toFixed(0)}% of equity`);
  }
  if (intent.leverage > t.leverageHundredths) out.push(`leverage ${intent.leverage / 100}x`);
  if (f.changeCrossesBook) out.push('moves across the book: fills now as taker');
  if (f.position && f.position.side !== intent.side && intent.size > f.position.size) out.push(`flips your ${f.position.side} position`);
  const sig = orderSignature(intent);
  if (f.recent.some((r) => r.signature === sig && f.nowMs - r.atMs <= t.duplicateWindowMs)) out.push('same order sent seconds ago');
  return out;
}

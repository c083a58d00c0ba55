// THE price a TP/SL trigger is checked against before it is sent (a trigger on the wrong side of it would
// fire at once, or never protect). One rule for attaching (`t`) and moving (`e` on a trigger):
//   - a trigger on the mark: the live mark of its market (domain/marks.ts);
//   - a trigger on the last trade: that market's last trade price when the feed reports one, else the live
//     mark (said: the two are close, and the mark is what is known);
//   - no live mark (stale or unknown): the position's entry, said with why, never a stale price as if current.

import type { MarkState } from '../marks.js';
import type { TriggerSource } from './protection.js';

/** What the check knows of the market: the position row's mark reading, and the last trade when known. */
export interface TriggerPrices {
  markState: MarkState;
  /** The mark the row is valued at (live or stale), null when none is known. */
  markPrice: number | null;
  /** Why the mark is not live, null when it is. */
  markNote: string | null;
  entryPrice: number;
  /** The market's last trade price on a live feed, null when not known. */
  lastTrade?: number | null;
}

export interface TriggerReference {
  /** Ticks. */
  price: number;
  /** Which price it is, for the message; null for the usual case (a live mark for a mark trigger). */
  note: string | null;
}

export function triggerReference(on: TriggerSource, p: TriggerPrices): TriggerReference {
  if (p.markState !== 'live' || p.markPrice === null) {
    return { price: p.entryPrice, note: `the entry: no live mark${p.markNote ? ` (${p.markNote})` : ''}` };
  }
  if (on === 'mark') return { price: p.markPrice, note: null };
  const last = p.lastTrade ?? null;
  return last !== null && last > 0 ? { price: last, note: 'the last trade' } : { price: p.markPrice, note: 'the mark: no last trade known' };
}

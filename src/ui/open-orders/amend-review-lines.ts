// The review of a change to a resting order, in the order entry pane: the order as it would stand after
// the change (its side labelled by effect, price and size before → after) and the same review block as a
// new order (order-entry/review-lines.ts), ending with its confirm's keys (the one confirm's wording). Pure.

import type { OrderPreview } from '../../domain/trading/preview.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import type { AmendReview } from '../../state/trading-slice.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { confirmKeys } from '../confirm/confirm-text.js';
import type { EntryLine } from '../order-entry/entry-lines.js';
import { reviewLines, sideText, wrapParts } from '../order-entry/review-lines.js';

const KIND_NAMES = { limit: 'limit GTC', 'post-only': 'limit PostOnly', ioc: 'limit IOC', fok: 'limit FOK', market: 'market' } as const;

function beforeAfter(before: string, after: string): string {
  return before === after ? `${after} (unchanged)` : `${before} → ${after}`;
}

export function amendLines(i: { review: AmendReview; market: Market; preview: OrderPreview | null; width?: number }): EntryLine[] {
  const { review, market, preview } = i;
  const { after, before } = review;
  // Prices as the Open orders row shows them (fixed decimals), so the two read the same.
  const px = (v: number) => formatScaledGrouped(v, market.config.price_decimals);
  const sz = (v: number) => formatScaledTrim(v, market.config.size_decimals);
  const what = after.reduceOnly ? `${KIND_NAMES[after.kind]} close (reduce-only)` : `${KIND_NAMES[after.kind]} ${formatScaledTrim(after.leverage, 2)}x`;
  const lines: EntryLine[] = [
    { text: ` side        ${sideText(after.side, preview?.effect ?? null, market)}`, tone: after.side === 'long' ? 'up' : 'down' },
    { text: ` order       #${review.orderId} ${what}`, tone: 'normal' },
    { text: ` price       ${beforeAfter(px(before.price), px(after.price ?? before.price))}`, tone: 'focus' },
    { text: ` size        ${beforeAfter(sz(before.size), sz(after.size))}`, tone: 'focus' },
  ];
  if (preview) for (const text of reviewLines(preview, after, market, i.width, true)) lines.push({ text, tone: 'good' });
  else lines.push({ text: ' no preview: the market config is not loaded', tone: 'bad' });
  if (review.reasons.length > 0) {
    for (const text of wrapParts([`asks: ${review.reasons[0]}`, ...review.reasons.slice(1)], Math.max(10, (i.width ?? Infinity) - 1), '; ')) lines.push({ text: ` ${text}`, tone: 'bad' });
  }
  lines.push({ text: ` ${confirmKeys({ yes: 'send the change' })}`, tone: 'focus' });
  return lines;
}

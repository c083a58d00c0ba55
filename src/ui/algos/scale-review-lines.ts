// The review of a scaled order in the order entry pane: what it is, every leg (price x size, packed as
// many to a line as the width holds, first price first), then the group's figures once every leg filled
// (average price, notional, margin, fee, liquidation) and the confirm's keys. Pure.

import { formatScaledTrim } from '../../protocol/scaling.js';
import type { Market } from '../../protocol/frames.js';
import type { ScaleReview } from '../../state/trading-slice.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { confirmKeys } from '../confirm/confirm-text.js';
import type { EntryLine } from '../order-entry/entry-lines.js';
import { money, wrapParts } from '../order-entry/review-lines.js';

/** What `y` does, on the confirm line and in the pane. */
export function scaleYes(review: Pick<ScaleReview, 'legs'>): string {
  return `place all ${review.legs.length} legs`;
}

export function scaleLines(review: ScaleReview, market: Market, width = Infinity): EntryLine[] {
  const px = (v: number) => formatScaledGrouped(v, market.config.price_decimals);
  const sz = (v: number) => formatScaledTrim(v, market.config.size_decimals);
  const room = Math.max(10, width - 1);
  const first = review.legs[0]!;
  const last = review.legs.at(-1)!;
  const kind = `${review.postOnly ? 'PostOnly' : 'GTC'} ${formatScaledTrim(review.leverage, 2)}x`;
  const total = review.legs.reduce((a, l) => a + l.size, 0);
  const head = [
    `${review.side === 'long' ? '▲ BUY' : '▼ SELL'} ${sz(total)} ${market.size_units || ''}`.trimEnd(),
    `in ${review.legs.length} limits ${px(first.price)} → ${px(last.price)}`,
    `skew ${review.skew / 100} · ${kind}`,
  ];
  const lines: EntryLine[] = wrapParts(head, room, ', ').map((text) => ({ text: ` ${text}`, tone: review.side === 'long' ? 'up' : 'down' }));
  const legs = review.legs.map((l, i) => `${String(i + 1).padStart(2)} ${px(l.price)} × ${sz(l.size)}`);
  for (const text of wrapParts(legs, room, '  ')) lines.push({ text: ` ${text}`, tone: 'focus' });
  const figures = [
    `avg ${px(review.averagePrice)}`,
    `notional ${money(BigInt(review.notional))}`,
    `margin ${money(BigInt(review.margin))}`,
    `fee ${money(BigInt(review.fee))}`,
    `liq ${review.liquidation === null ? 'none' : px(review.liquidation)} (all filled)`,
  ];
  for (const text of wrapParts(figures, room, ' · ')) lines.push({ text: ` ${text}`, tone: 'good' });
  lines.push({ text: ` ${confirmKeys({ yes: scaleYes(review) })}`, tone: 'focus' });
  return lines;
}

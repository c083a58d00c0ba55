// The review of a scaled order in the order entry pane: what it is, every leg (price x size, packed as
// many to a line as the width holds, first price first), then the group's figures once every leg filled
// (average price, notional, margin, fee, liquidation) and the confirm's keys. When the pane is too short
// for every leg (30 legs at 80x24), the legs between the first and the last lines are said as a count:
// the figures and the keys are never the part cut. Pure.

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

/** Legs on each of the packed leg lines (each leg has one "×"). */
const legsOn = (line: string): number => line.split('×').length - 1;

/**
 * The leg lines in `room` rows: all of them when they fit, else the first and last lines with
 * "… N more legs …" between (at least that line, when the room is smaller still).
 */
export function compactLegLines(lines: readonly string[], room: number): string[] {
  if (lines.length <= room) return [...lines];
  const shown = Math.max(0, room - 1);
  const first = lines.slice(0, Math.ceil(shown / 2));
  const last = lines.slice(lines.length - Math.floor(shown / 2));
  const hidden = lines.slice(first.length, lines.length - last.length).reduce((n, l) => n + legsOn(l), 0);
  return [...first, `… ${hidden} more legs …`, ...last];
}

/** `rows`: the pane's rows inside its borders; fewer than every line needs makes the leg list compact. */
export function scaleLines(review: ScaleReview, market: Market, width = Infinity, rows = Infinity): EntryLine[] {
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
  const figures = [
    `avg ${px(review.averagePrice)}`,
    `notional ${money(BigInt(review.notional))}`,
    `margin ${money(BigInt(review.margin))}`,
    `fee ${money(BigInt(review.fee))}`,
    `liq ${review.liquidation === null ? 'none' : px(review.liquidation)} (all filled)`,
  ];
  const figureLines = wrapParts(figures, room, ' · ');
  const legRoom = rows - lines.length - figureLines.length - 1;
  for (const text of compactLegLines(wrapParts(legs, room, '  '), legRoom)) lines.push({ text: ` ${text}`, tone: 'focus' });
  for (const text of figureLines) lines.push({ text: ` ${text}`, tone: 'good' });
  lines.push({ text: ` ${confirmKeys({ yes: scaleYes(review) })}`, tone: 'focus' });
  return lines;
}

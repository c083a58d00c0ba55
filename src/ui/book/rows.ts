// One order-book row as fixed-width text plus the width of its depth bar.

import type { BookRowView, MarketRef } from '../../domain/views.js';
import { fitNumber, formatScaledGrouped } from '../format/numbers.js';

export interface BookColumns {
  price: number;
  size: number;
  total: number;
}

/** Splits a pane's inner width into price/size/total columns separated by one space each. */
export function bookColumns(innerWidth: number): BookColumns {
  const usable = Math.max(0, innerWidth - 2);
  const price = Math.ceil(usable * 0.36);
  const size = Math.floor((usable - price) / 2);
  return { price, size, total: usable - price - size };
}

export function bookHeaderText(columns: BookColumns): string {
  return `${fitNumber('price', columns.price)} ${fitNumber('size', columns.size)} ${fitNumber('total', columns.total)}`;
}

export function bookRowText(row: BookRowView, market: MarketRef, columns: BookColumns): string {
  return [
    fitNumber(formatScaledGrouped(row.price, market.priceDecimals), columns.price),
    fitNumber(formatScaledGrouped(row.size, market.sizeDecimals), columns.size),
    fitNumber(formatScaledGrouped(row.total, market.sizeDecimals), columns.total),
  ].join(' ');
}

/** Cells of depth bar for a cumulative total: proportional, at least 1 for any non-zero level, at most `width`. */
export function depthBarWidth(total: number, maxTotal: number, width: number): number {
  if (width <= 0 || total <= 0 || maxTotal <= 0) return 0;
  const cells = Math.round((total / maxTotal) * width);
  return Math.max(1, Math.min(width, cells));
}

/** The spread line between asks and bids: "spread 0.5 (0.75 bps)" centred in `width`, padded with '─'. */
export function spreadText(bestAsk: number | undefined, bestBid: number | undefined, market: MarketRef, width: number): string {
  let label = ' no spread ';
  if (bestAsk !== undefined && bestBid !== undefined) {
    const spread = bestAsk - bestBid;
    const mid = (bestAsk + bestBid) / 2;
    const bps = mid > 0 ? (spread / mid) * 10_000 : 0;
    label = ` spread ${formatScaledGrouped(spread, market.priceDecimals)} (${bps.toFixed(2)} bps) `;
    if (label.length > width) label = ` ${formatScaledGrouped(spread, market.priceDecimals)} `;
  }
  if (label.length >= width) return label.slice(0, width);
  const left = Math.floor((width - label.length) / 2);
  return '─'.repeat(left) + label + '─'.repeat(width - left - label.length);
}

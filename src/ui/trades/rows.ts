// One tape row. The aggressor side is carried by an arrow as well as by colour (UX: never colour alone).

import type { MarketRef, TradeView } from '../../domain/views.js';
import { fitNumber, formatScaledGrouped, formatTimeOfDay } from '../format/numbers.js';

export interface TradeColumns {
  time: number;
  price: number;
  size: number;
}

const SIDE_MARK_WIDTH = 2; // arrow + space

/**
 * Splits the pane width. `priceWidth` is the printed width of a typical price (e.g. the last trade):
 * the price column gets that much, the size column the rest, so narrow panes still show both exactly.
 */
export function tradeColumns(innerWidth: number, priceWidth?: number): TradeColumns {
  const time = innerWidth >= 30 ? 8 : 5;
  const rest = Math.max(0, innerWidth - time - 1 - SIDE_MARK_WIDTH - 1);
  const half = Math.ceil(rest * 0.55);
  const price = priceWidth === undefined ? half : Math.min(rest, priceWidth);
  return { time, price, size: rest - price };
}

export function sideArrow(side: 1 | 2): string {
  return side === 1 ? '▲' : '▼';
}

export function tradeHeaderText(columns: TradeColumns): string {
  return `${'time'.padEnd(columns.time)} ${' '.repeat(SIDE_MARK_WIDTH)}${fitNumber('price', columns.price)} ${fitNumber('size', columns.size)}`;
}

export function tradeRowText(trade: TradeView, market: MarketRef, columns: TradeColumns): string {
  const time = formatTimeOfDay(trade.timeMs).slice(0, columns.time);
  return `${time} ${sideArrow(trade.side)} ${fitNumber(formatScaledGrouped(trade.price, market.priceDecimals), columns.price)} ${fitNumber(formatScaledGrouped(trade.size, market.sizeDecimals), columns.size)}`;
}

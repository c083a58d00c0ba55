// The tape's view model: the header and the newest trades first as fixed-width text with their side (the
// row's colour; the arrow carries it too). Memoised on the trades shown, the market and the pane's size.

import type { MarketRef, TradeView } from '../../domain/views.js';
import { memoLast } from '../../lib/memo-last.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { tradeColumns, tradeHeaderText, tradeRowText } from './rows.js';

export interface TradesPaneView {
  header: string;
  rows: readonly { text: string; side: 1 | 2 }[];
}

/** The tape `width` cells wide (its border included), `rows` trades at most. */
export const tradesView = memoLast((trades: readonly TradeView[], market: MarketRef | null, width: number, rows: number): TradesPaneView => {
  const inner = Math.max(0, width - 2);
  const first = trades[0];
  // The price column as wide as the newest trade's price: narrow panes still show price and size exactly.
  const columns = tradeColumns(inner, first && market ? formatScaledGrouped(first.price, market.priceDecimals).length : undefined);
  const header = tradeHeaderText(columns).padEnd(inner);
  if (!market) return { header, rows: [] };
  // Every glyph of a row is one cell wide (digits, separators, ▲ ▼): its length is its width.
  return { header, rows: trades.slice(0, rows).map((trade) => ({ text: tradeRowText(trade, market, columns).slice(0, inner).padEnd(inner), side: trade.side })) };
});

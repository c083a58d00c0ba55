// The tape's view model: the header and the newest trades first as fixed-width text with their side (the
// row's colour; the arrow carries it too). Memoised on the trades shown, the market and the pane's size.
// A busy tape brings a trade or two a frame and moves the others down a row: a trade's row is built once
// (its key names it, and it never changes once printed) and kept while the columns and the market's
// decimals stay, so a frame formats only the new trades.

import type { MarketRef, TradeView } from '../../domain/views.js';
import { memoLast } from '../../lib/memo-last.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { tradeColumns, tradeHeaderText, tradeRowText, type TradeColumns } from './rows.js';

export interface TradeRow {
  text: string;
  side: 1 | 2;
}

export interface TradesPaneView {
  header: string;
  rows: readonly TradeRow[];
}

/** The rows of the last frame by trade key, and what their text depends on besides the trade. */
interface BuiltRows {
  shape: string;
  byKey: Map<string, TradeRow>;
}

let built: BuiltRows = { shape: '', byKey: new Map() };

function rowsOf(trades: readonly TradeView[], market: MarketRef, columns: TradeColumns, inner: number): TradeRow[] {
  const shape = `${inner}|${columns.time}|${columns.price}|${columns.size}|${market.priceDecimals}|${market.sizeDecimals}`;
  const before = built.shape === shape ? built.byKey : null;
  const byKey = new Map<string, TradeRow>();
  const rows = trades.map((trade) => {
    // Every glyph of a row is one cell wide (digits, separators, ▲ ▼): its length is its width.
    const row = before?.get(trade.key) ?? { text: tradeRowText(trade, market, columns).slice(0, inner).padEnd(inner), side: trade.side };
    byKey.set(trade.key, row);
    return row;
  });
  // Only the rows on screen are kept: the tape's length bounds the map.
  built = { shape, byKey };
  return rows;
}

/** The tape `width` cells wide (its border included), `rows` trades at most. */
export const tradesView = memoLast((trades: readonly TradeView[], market: MarketRef | null, width: number, rows: number): TradesPaneView => {
  const inner = Math.max(0, width - 2);
  const first = trades[0];
  // The price column as wide as the newest trade's price: narrow panes still show price and size exactly.
  const columns = tradeColumns(inner, first && market ? formatScaledGrouped(first.price, market.priceDecimals).length : undefined);
  const header = tradeHeaderText(columns).padEnd(inner);
  if (!market) return { header, rows: [] };
  return { header, rows: rowsOf(trades.slice(0, rows), market, columns, inner) };
});

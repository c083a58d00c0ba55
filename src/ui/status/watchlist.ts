// The watchlist's mini prices for the header: "BTC 67,012.5  ETH 3,101.25", fitted to the room left.

import type { WatchQuote } from '../../state/workspace-slice.js';
import { formatScaledGrouped } from '../format/numbers.js';

export function watchlistText(quotes: readonly WatchQuote[], currentSymbol: string | null, width: number): string {
  let out = '';
  for (const q of quotes) {
    if (q.symbol === currentSymbol) continue;
    const item = `${q.symbol} ${q.mark === null ? '–' : formatScaledGrouped(q.mark, q.priceDecimals)}`;
    const next = out === '' ? item : `${out}  ${item}`;
    if (next.length > width) break;
    out = next;
  }
  return out;
}

/**
 * Cells the header gives the strip on a one-row header: all of its markets (text and the space each side)
 * as long as the market header keeps its fields (the annualised funding rate may go first), never less
 * than the old fixed share (`width - 180`). A fixed share alone showed one of three markets at 200 columns.
 */
export function watchStripCells(quotes: readonly WatchQuote[], currentSymbol: string | null, roomBesideHeader: number, width: number): number {
  const text = watchlistText(quotes, currentSymbol, Number.MAX_SAFE_INTEGER);
  const need = text === '' ? 0 : text.length + 2;
  return Math.min(need, Math.max(0, width - 180, roomBesideHeader));
}

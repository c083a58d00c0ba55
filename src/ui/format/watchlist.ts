// The watchlist's mini prices for the header: "BTC 67,012.5  ETH 3,101.25", fitted to the room left.

import type { WatchQuote } from '../../state/live-slice.js';
import { formatScaledGrouped } from './numbers.js';

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

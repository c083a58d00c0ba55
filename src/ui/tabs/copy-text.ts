// What `y` copies: the selected book level, or the selected row of the trading tabs (position, order
// id, fill). Plain text a trader pastes into a chat or a ticket.

import { marketsOf, type TerminalState } from '../../state/store.js';
import { tabRows } from './rows.js';
import { selectedIndex } from './selection.js';
import { formatScaled } from '../../protocol/scaling.js';
import { shownLevels } from '../../domain/views.js';

function bookLevelText(state: TerminalState): string | null {
  const { book, bookCursor, market } = state;
  if (!book || !bookCursor || !market) return null;
  const levels = shownLevels(book);
  const level = (bookCursor.side === 'ask' ? levels.asks : levels.bids)[bookCursor.level];
  if (!level) return null;
  const price = formatScaled(level.price, market.priceDecimals);
  const size = formatScaled(level.size, market.sizeDecimals);
  return `${market.symbol} ${bookCursor.side} ${price} x ${size}`;
}

function tradingRowText(state: TerminalState): string | null {
  const list = tabRows(state);
  const index = selectedIndex(state, list.rows.length);
  const marketOf = (id: number) => marketsOf(state).byId(id);
  if (list.tab === 'positions') {
    const p = list.rows[index];
    const market = p ? marketOf(p.marketId) : undefined;
    if (!p || !market) return null;
    const side = p.side === 1 ? 'long' : 'short';
    return `${market.symbol} position ${p.positionId} ${side} ${formatScaled(p.size, market.sizeDecimals)} @ ${formatScaled(p.entryPrice, market.priceDecimals)}`;
  }
  if (list.tab === 'orders') {
    const o = list.rows[index];
    const market = o ? marketOf(o.marketId) : undefined;
    if (!o || !market) return null;
    return `${market.symbol} order ${o.orderId} ${formatScaled(o.originalSize - o.filledSize, market.sizeDecimals)} @ ${formatScaled(o.price, market.priceDecimals)}`;
  }
  // Other tabs: the row's own fields, which is what a bug report or a ticket wants.
  const row = list.rows[index];
  try {
    return row ? JSON.stringify(row) : null;
  } catch {
    return null;
  }
}

/** The text `y` copies in the current state, or null when nothing is selected. */
export function copyTextFor(state: TerminalState): string | null {
  if (state.focus === 'book') return bookLevelText(state);
  if (state.focus === 'trading') return tradingRowText(state);
  return null;
}

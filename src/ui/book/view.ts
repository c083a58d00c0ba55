// The book pane's view model: its title, the header (with the flag for own orders above the shown levels),
// the ladder's lines as text (asks outermost at the top, the spread line, bids best first) with the depth
// bar and the cursor, and the flag for own orders below. Memoised on the slices it reads and the pane's
// size: a tick that moves none of them builds nothing, and the pane paints what this says.

import type { OrderRowView } from '../../domain/trading/views.js';
import { shownLevels, type BookView, type MarketRef } from '../../domain/views.js';
import { memoLast } from '../../lib/memo-last.js';
import type { BookCursor, TerminalState } from '../../state/store.js';
import { fitText, formatScaledGrouped } from '../format/numbers.js';
import { bookMarks, ownLevels, withMark } from '../format/own-orders.js';
import { ladderLines, offscreenOrders, offscreenText } from './ladder.js';
import { bookColumns, bookHeaderText, bookRowText, depthBarWidth, spreadText, type BookColumns } from './rows.js';

/** One line of the ladder: its text `width` cells wide, the side (its colour), the depth bar's cells at its right, the cursor on it. */
export type BookLine =
  | { kind: 'level'; text: string; side: 'ask' | 'bid'; bar: number; selected: boolean }
  | { kind: 'spread'; text: string }
  | { kind: 'empty'; text: string };

export interface BookPaneView {
  title: string;
  /** No book or no market yet: the pane says it waits. */
  waiting: boolean;
  header: string;
  /** Own orders above the shown levels: the header shows the flag (in the focus colour). */
  flagAbove: boolean;
  lines: readonly BookLine[];
  /** The flag for own orders below the shown levels, for the bottom border ('' for none). */
  below: string;
}

/** The column header, with the flag for own orders above the shown levels at its right (the flag wins the room). */
function headerLine(columns: BookColumns, width: number, above: string): string {
  const header = bookHeaderText(columns);
  if (above === '') return header.padEnd(width);
  if (header.trimEnd().length + 1 + above.length <= width) return header.slice(0, width - above.length).padEnd(width - above.length) + above;
  return above.padStart(width).slice(0, width);
}

function build(book: BookView | null, market: MarketRef | null, cursor: BookCursor | null, focused: boolean, orders: readonly OrderRowView[], scroll: number, width: number, depth: number): BookPaneView {
  const inner = Math.max(0, width - 2);
  const levels = book ? shownLevels(book) : null;
  // The group of the levels on screen (the one asked for shows from the next publish).
  const group = levels?.group ?? 1;
  const title = market ? `Book ${market.symbol}${group > 1 ? ` step ${formatScaledGrouped(group, market.priceDecimals)}` : ''}` : 'Book';
  if (!book || !market || !levels) return { title, waiting: true, header: '', flagAbove: false, lines: [], below: '' };
  const columns = bookColumns(inner);
  const ladder = ladderLines(levels, scroll, depth);
  const maxTotal = Math.max(1, ...ladder.map((l) => (l.kind === 'level' ? l.row.total : 0)));
  const marks = bookMarks(levels.asks, levels.bids, ownLevels(orders, market.id), group);
  const lines = ladder.map((line): BookLine => {
    if (line.kind === 'empty') return { kind: 'empty', text: ' '.repeat(inner) };
    // The spread is always the exact one (best ask − best bid), whatever the grouping.
    if (line.kind === 'spread') return { kind: 'spread', text: spreadText(book.asks[0]?.price, book.bids[0]?.price, market, inner).padEnd(inner) };
    // Every glyph is one cell wide (digits, separators, ◆ T S): the length is the width.
    const text = withMark(bookRowText(line.row, market, columns).padEnd(inner), marks.get(`${line.side === 'ask' ? 'a' : 'b'}${line.level}`)).slice(0, inner);
    const selected = focused && cursor !== null && cursor.side === line.side && cursor.level === line.level;
    return { kind: 'level', text, side: line.side, bar: depthBarWidth(line.row.total, maxTotal, inner), selected };
  });
  const offscreen = offscreenOrders(orders, market.id, ladder, group);
  const above = offscreenText(offscreen.above, 'above');
  const below = fitText(offscreenText(offscreen.below, 'below'), Math.max(0, width - 6)).trimEnd();
  return { title, waiting: false, header: headerLine(columns, inner, above), flagAbove: above !== '', lines, below };
}

const memoBuild = memoLast(build);

/** The book pane at `width` x its `depth` levels each side of the spread. */
export function bookView(state: TerminalState, width: number, depth: number): BookPaneView {
  return memoBuild(state.book, state.market, state.bookCursor, state.focus === 'book', state.trading.orders, state.bookDisplay.scroll, width, depth);
}

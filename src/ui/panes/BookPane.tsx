// L2 book: asks above (best nearest the spread), the spread line, bids below; depth bars as a
// background behind the cumulative total; a level cursor when the book has focus. The levels and the
// spread line are one pre-built block (PrebuiltLines): Ink measures, lays out and caches one blank
// block instead of a text node per level whose text changes with every update.

import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { BookRowView, BookView, MarketRef } from '../../domain/views.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { BookCursor } from '../../state/store.js';
import { bookColumns, bookHeaderText, bookRowText, depthBarWidth, spreadText, type BookColumns } from '../format/book-rows.js';
import { bookMarks, ownLevels, withMark, type OwnMark } from '../format/own-orders.js';
import { Pane } from '../Pane.js';
import { PrebuiltLines } from '../PrebuiltLines.js';
import { useTerminal } from '../store-context.js';
import { paint } from '../ansi.js';
import { useTheme } from '../theme.js';
import type { Palette } from '../theme-palettes.js';

const INVERSE_ON = '\u001B[7m';
const INVERSE_OFF = '\u001B[27m';

/** Inverse video over a whole coloured row; an inverse part inside (monochrome depth bar) stays visible as the opposite. */
function inverse(line: string): string {
  return `${INVERSE_ON}${line.replaceAll(INVERSE_OFF, INVERSE_OFF + INVERSE_ON)}${INVERSE_OFF}`;
}

function bookRowLine(theme: Palette, row: BookRowView | undefined, side: 'ask' | 'bid', market: MarketRef, columns: BookColumns, width: number, maxTotal: number, selected: boolean, mark: OwnMark | undefined): string {
  if (!row) return ' '.repeat(width);
  // Every glyph is one cell wide (digits, separators, ◆ T S): the length is the width.
  const text = withMark(bookRowText(row, market, columns).padEnd(width), mark).slice(0, width);
  const bar = depthBarWidth(row.total, maxTotal, width);
  const colour = side === 'ask' ? 'red' : 'green';
  const line = paint(theme, text.slice(0, width - bar), colour) + paint(theme, text.slice(width - bar), colour, side === 'ask' ? 'darkRed' : 'darkGreen');
  return selected ? inverse(line) : line;
}

function isSelected(cursor: BookCursor | null, side: 'ask' | 'bid', level: number, focused: boolean): boolean {
  return focused && cursor !== null && cursor.side === side && cursor.level === level;
}

interface BookLinesInput {
  book: BookView;
  market: MarketRef;
  columns: BookColumns;
  width: number;
  depth: number;
  cursor: BookCursor | null;
  focused: boolean;
  orders: readonly OrderRowView[];
  theme: Palette;
}

/** Ask levels (outermost first), the spread line, bid levels (best first). */
function bookLines({ book, market, columns, width, depth, cursor, focused, orders, theme }: BookLinesInput): string[] {
  const asks = book.asks.slice(0, depth);
  const bids = book.bids.slice(0, depth);
  const maxTotal = Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0, 1);
  const marks = bookMarks(asks, bids, ownLevels(orders, market.id));
  const lines: string[] = [];
  // Asks are drawn from the outermost shown level down to the best, bottom-aligned against the spread.
  for (let level = depth - 1; level >= 0; level--) {
    lines.push(bookRowLine(theme, asks[level], 'ask', market, columns, width, maxTotal, isSelected(cursor, 'ask', level, focused), marks.get(`a${level}`)));
  }
  lines.push(paint(theme, spreadText(book.asks[0]?.price, book.bids[0]?.price, market, width).padEnd(width), 'gray'));
  bids.forEach((row, level) => {
    lines.push(bookRowLine(theme, row, 'bid', market, columns, width, maxTotal, isSelected(cursor, 'bid', level, focused), marks.get(`b${level}`)));
  });
  return lines;
}

export function BookPane({ width, height, depth }: { width: number; height: number; depth: number }) {
  const book = useTerminal((s) => s.book);
  const market = useTerminal((s) => s.market);
  const focused = useTerminal((s) => s.focus === 'book');
  const cursor = useTerminal((s) => s.bookCursor);
  const orders = useTerminal((s) => s.trading.orders);
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const columns = useMemo(() => bookColumns(inner), [inner]);
  const lines = useMemo(
    () => (book && market ? bookLines({ book, market, columns, width: inner, depth, cursor, focused, orders, theme }) : []),
    [book, market, columns, inner, depth, cursor, focused, orders, theme],
  );
  const title = market ? `Book ${market.symbol}` : 'Book';
  if (!book || !market) {
    return (
      <Pane title={title} width={width} height={height} focused={focused}>
        <Text color={theme.muted}>waiting for the book…</Text>
      </Pane>
    );
  }
  return (
    <Pane title={title} width={width} height={height} focused={focused}>
      <Text color={theme.muted}>{bookHeaderText(columns).padEnd(inner)}</Text>
      <PrebuiltLines lines={lines} width={inner} />
      <Box flexGrow={1} />
    </Pane>
  );
}

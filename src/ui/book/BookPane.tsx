// L2 book: asks above (best nearest the spread), the spread line, bids below; depth bars as a
// background behind the cumulative total; a level cursor when the book has focus. The levels and the
// spread line are one pre-built block (PrebuiltLines): Ink measures, lays out and caches one blank
// block instead of a text node per level whose text changes with every update.

import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { BookRowView, BookView, MarketRef } from '../../domain/views.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { BookCursor } from '../../state/store.js';
import { shownLevels } from '../../domain/views.js';
import { bookColumns, bookHeaderText, bookRowText, depthBarWidth, spreadText, type BookColumns } from './rows.js';
import { ladderLines, offscreenOrders, offscreenText, type LadderLine } from './ladder.js';
import { fitText, formatScaledGrouped } from '../format/numbers.js';
import { bookMarks, ownLevels, withMark, type OwnMark } from '../format/own-orders.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useTerminal } from '../shell/store-context.js';
import { paint } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';

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
  lines: readonly LadderLine[];
  group: number;
  cursor: BookCursor | null;
  focused: boolean;
  orders: readonly OrderRowView[];
  theme: Palette;
}

/** The ladder's lines as text: ask levels (outermost at the top), the spread line, bid levels (best first). */
function bookLines({ book, market, columns, width, lines, group, cursor, focused, orders, theme }: BookLinesInput): string[] {
  const { asks, bids } = shownLevels(book);
  const maxTotal = Math.max(1, ...lines.map((l) => (l.kind === 'level' ? l.row.total : 0)));
  const marks = bookMarks(asks, bids, ownLevels(orders, market.id), group);
  return lines.map((line) => {
    if (line.kind === 'empty') return ' '.repeat(width);
    // The spread is always the exact one (best ask − best bid), whatever the grouping.
    if (line.kind === 'spread') return paint(theme, spreadText(book.asks[0]?.price, book.bids[0]?.price, market, width).padEnd(width), 'gray');
    const key = `${line.side === 'ask' ? 'a' : 'b'}${line.level}`;
    return bookRowLine(theme, line.row, line.side, market, columns, width, maxTotal, isSelected(cursor, line.side, line.level, focused), marks.get(key));
  });
}

/** The column header, with the flag for own orders above the shown levels at its right (the flag wins the room). */
function headerLine(columns: BookColumns, width: number, above: string): string {
  const header = bookHeaderText(columns);
  if (above === '') return header.padEnd(width);
  if (header.trimEnd().length + 1 + above.length <= width) return header.slice(0, width - above.length).padEnd(width - above.length) + above;
  return above.padStart(width).slice(0, width);
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
  const scroll = useTerminal((s) => s.bookDisplay.scroll);
  const ladder = useMemo(() => (book ? ladderLines(shownLevels(book), scroll, depth) : []), [book, scroll, depth]);
  // The group of the levels on screen (the one asked for shows from the next publish).
  const group = book ? shownLevels(book).group : 1;
  const lines = useMemo(
    () => (book && market ? bookLines({ book, market, columns, width: inner, lines: ladder, group, cursor, focused, orders, theme }) : []),
    [book, market, columns, inner, ladder, group, cursor, focused, orders, theme],
  );
  const offscreen = useMemo(() => (market ? offscreenOrders(orders, market.id, ladder, group) : { above: 0, below: 0 }), [orders, market, ladder, group]);
  const title = market ? `Book ${market.symbol}${group > 1 ? ` step ${formatScaledGrouped(group, market.priceDecimals)}` : ''}` : 'Book';
  if (!book || !market) {
    return (
      <Pane title={title} width={width} height={height} focused={focused}>
        <Text color={theme.muted}>waiting for the book…</Text>
      </Pane>
    );
  }
  const above = offscreenText(offscreen.above, 'above');
  const below = fitText(offscreenText(offscreen.below, 'below'), Math.max(0, width - 6)).trimEnd();
  const bottom = below === '' ? undefined : { cells: below.length, content: <Text color={theme.focus}>{below}</Text> };
  return (
    <Pane title={title} width={width} height={height} focused={focused} {...(bottom ? { bottom } : {})}>
      <Text color={above === '' ? theme.muted : theme.focus}>{headerLine(columns, inner, above)}</Text>
      <PrebuiltLines lines={lines} width={inner} />
      <Box flexGrow={1} />
    </Pane>
  );
}

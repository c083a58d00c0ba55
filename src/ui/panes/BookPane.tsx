// L2 book: asks above (best nearest the spread), the spread line, bids below; depth bars as a
// background behind the cumulative total; a level cursor when the book has focus.

import { Box, Text } from 'ink';
import type { BookRowView, MarketRef } from '../../domain/views.js';
import type { BookCursor } from '../../state/store.js';
import { bookColumns, bookHeaderText, bookRowText, depthBarWidth, spreadText, type BookColumns } from '../format/book-rows.js';
import { bookMarks, ownLevels, withMark, type OwnMark } from '../format/own-orders.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { paint } from '../ansi.js';
import { theme } from '../theme.js';

interface RowProps {
  row: BookRowView | undefined;
  side: 'ask' | 'bid';
  market: MarketRef;
  columns: BookColumns;
  width: number;
  maxTotal: number;
  selected: boolean;
  /** Our own order (◆) or TP/SL trigger (T/S) at this level. */
  mark: OwnMark | undefined;
}

function BookRow({ row, side, market, columns, width, maxTotal, selected, mark }: RowProps) {
  if (!row) return <Text>{' '.repeat(width)}</Text>;
  const text = withMark(bookRowText(row, market, columns).padEnd(width), mark);
  const bar = depthBarWidth(row.total, maxTotal, width);
  const colour = side === 'ask' ? 'red' : 'green';
  const line = paint(text.slice(0, width - bar), colour) + paint(text.slice(width - bar), colour, side === 'ask' ? 'darkRed' : 'darkGreen');
  return (
    <Text wrap="truncate" inverse={selected}>
      {line}
    </Text>
  );
}

function isSelected(cursor: BookCursor | null, side: 'ask' | 'bid', level: number, focused: boolean): boolean {
  return focused && cursor !== null && cursor.side === side && cursor.level === level;
}

export function BookPane({ width, height, depth }: { width: number; height: number; depth: number }) {
  const book = useTerminal((s) => s.book);
  const market = useTerminal((s) => s.market);
  const focused = useTerminal((s) => s.focus === 'book');
  const cursor = useTerminal((s) => s.bookCursor);
  const orders = useTerminal((s) => s.trading.orders);
  const inner = Math.max(0, width - 2);
  const columns = bookColumns(inner);
  const title = market ? `Book ${market.symbol}` : 'Book';
  if (!book || !market) {
    return (
      <Pane title={title} width={width} height={height} focused={focused}>
        <Text color={theme.muted}>waiting for the book…</Text>
      </Pane>
    );
  }
  const asks = book.asks.slice(0, depth);
  const bids = book.bids.slice(0, depth);
  const maxTotal = Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0, 1);
  // Asks are drawn from the outermost shown level down to the best, bottom-aligned against the spread.
  const askSlots = Array.from({ length: depth }, (_, i) => depth - 1 - i);
  const marks = bookMarks(asks, bids, ownLevels(orders, market.id));
  return (
    <Pane title={title} width={width} height={height} focused={focused}>
      <Text color={theme.muted}>{bookHeaderText(columns).padEnd(inner)}</Text>
      {askSlots.map((level) => (
        <BookRow
          key={`a${level}`}
          row={asks[level]}
          side="ask"
          market={market}
          columns={columns}
          width={inner}
          maxTotal={maxTotal}
          selected={isSelected(cursor, 'ask', level, focused)}
          mark={marks.get(`a${level}`)}
        />
      ))}
      <Text color={theme.muted}>{spreadText(book.asks[0]?.price, book.bids[0]?.price, market, inner)}</Text>
      {bids.map((row, level) => (
        <BookRow
          key={`b${level}`}
          row={row}
          side="bid"
          market={market}
          columns={columns}
          width={inner}
          maxTotal={maxTotal}
          selected={isSelected(cursor, 'bid', level, focused)}
          mark={marks.get(`b${level}`)}
        />
      ))}
      <Box flexGrow={1} />
    </Pane>
  );
}

// The book pane drawn from its view model (ui/book/view.ts) at its size in the 80x24 and 200x50 layouts.

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { BookPane } from './BookPane.js';

const level = (price: number, size: number, total: number) => ({ price, size, total, orders: 1 });

function bookStore() {
  const base = tradingKeys().store.getState();
  return createTerminalStore({
    ...base,
    focus: 'book',
    bookCursor: { side: 'bid', level: 0 },
    book: { marketId: 1, asks: [level(670_050, 12_345, 12_345), level(670_100, 20_000, 32_345)], bids: [level(669_950, 10_000, 10_000), level(669_900, 5_000, 15_000)], maxTotal: 32_345, version: 1 },
  });
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('BookPane', () => {
  it.each([[80, 24], [200, 50]])('book-pane-draws-levels-spread-and-cursor at %ix%i', (cols, rows) => {
    const { book, depth } = computeLayout(cols, rows);
    pane = renderPane(bookStore(), <BookPane width={book.width} height={book.height} depth={depth} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ Book BTC ─+┐$/);
    expect(lines[0]).toHaveLength(book.width);
    expect(lines).toHaveLength(book.height);
    const text = pane.frame();
    expect(text).toMatch(/price +size +total/);
    // Asks outermost first, the exact spread, bids best first; sizes and cumulative totals beside them.
    expect(text).toMatch(/67,010\.0 +0\.20000 +0\.32345/);
    expect(text.indexOf('67,010.0')).toBeLessThan(text.indexOf('67,005.0'));
    expect(text).toContain('spread 10.0 (1.49 bps)');
    expect(text.indexOf('spread')).toBeLessThan(text.indexOf('66,995.0'));
    expect(text.indexOf('66,995.0')).toBeLessThan(text.indexOf('66,990.0'));
    // The cursor (focused, best bid) in inverse video.
    expect(pane.raw()).toMatch(/\u001B\[7m[^\n]*66,995\.0/);
  });

  it('book-pane-waits-without-a-book: says so under its title', () => {
    pane = renderPane(createTerminalStore({ ...bookStore().getState(), book: null }), <BookPane width={28} height={6} depth={2} />, 80);
    expect(pane.frame()).toContain('waiting for the book…');
    expect(pane.lines()[0]).toContain('Book BTC');
  });
});

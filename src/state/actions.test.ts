import { describe, expect, it } from 'vitest';
import {
  closePicker,
  cycleFocus,
  filterMarkets,
  focusPane,
  keepFocusVisible,
  moveBookCursor,
  movePickerSelection,
  openPicker,
  pickerChoice,
  setPickerQuery,
  centreBook,
  stepGrouping,
} from './actions.js';
import { MAX_BOOK_DEPTH, wantedBookDepth } from './book-display.js';
import { stepTimeframe } from '../domain/timeframes.js';
import { ManualMarketDataSource } from './fixtures.js';
import { toggleZoom } from './workspace-actions.js';
import { createTerminalStore } from './store.js';

const MARKETS = [
  { id: 16, symbol: 'BTC', name: 'BTC Perp', fundingIntervalSec: 3600, priceDecimals: 1, sizeDecimals: 5 },
  { id: 32, symbol: 'ETH', name: 'ETH Perp', fundingIntervalSec: 3600, priceDecimals: 2, sizeDecimals: 4 },
  { id: 48, symbol: 'SOL', name: 'SOL Perp', fundingIntervalSec: 3600, priceDecimals: 3, sizeDecimals: 2 },
  { id: 64, symbol: 'MON', name: 'MON Perp', fundingIntervalSec: 3600, priceDecimals: 6, sizeDecimals: 0 },
];

function storeWithBook(asks: number, bids: number) {
  const source = new ManualMarketDataSource();
  source.setBook({
    asks: Array.from({ length: asks }, (_, i) => [100 + i, 1] as [number, number]),
    bids: Array.from({ length: bids }, (_, i) => [99 - i, 1] as [number, number]),
  });
  const snap = source.snapshot({ depth: 50, trades: 0, candles: 0 });
  return createTerminalStore({ book: snap.book });
}

describe('focus', () => {
  it('cycles through every pane and wraps both ways', () => {
    const store = createTerminalStore();
    const seen = [store.getState().focus];
    for (let i = 0; i < 4; i++) {
      cycleFocus(store, 1);
      seen.push(store.getState().focus);
    }
    expect(seen).toEqual(['book', 'chart', 'trades', 'trading', 'book']);
    cycleFocus(store, -1);
    expect(store.getState().focus).toBe('trading');
  });

  it('focus-never-lands-on-a-hidden-pane: Tab and the pane keys skip panes the layout does not draw', () => {
    const store = createTerminalStore();
    const visible = ['book', 'chart', 'trades'] as const;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      cycleFocus(store, 1, visible);
      seen.push(store.getState().focus);
    }
    expect(seen).toEqual(['chart', 'trades', 'book', 'chart']);
    cycleFocus(store, -1, visible);
    expect(store.getState().focus).toBe('book');
    cycleFocus(store, -1, visible);
    expect(store.getState().focus).toBe('trades'); // wraps past 'trading', which is not drawn
    focusPane(store, 'trading', visible);
    expect(store.getState().focus).toBe('trades');
    focusPane(store, 'book', visible);
    expect(store.getState().focus).toBe('book');
    focusPane(store, 'trades', visible);
    expect(store.getState().focus).toBe('trades');
    cycleFocus(store, 1, []); // too small: nothing to focus
    expect(store.getState().focus).toBe('trades');
  });

  it('focus-left-on-a-hidden-pane-moves: after a resize the focus goes to the first pane on screen', () => {
    const store = createTerminalStore({ focus: 'trading' });
    keepFocusVisible(store, ['book', 'chart', 'trades']);
    expect(store.getState().focus).toBe('book');
    keepFocusVisible(store, ['book', 'chart', 'trades']);
    expect(store.getState().focus).toBe('book');
  });

  it('zoom-follows-focus: Tab or a pane key while zoomed zooms the newly focused pane', () => {
    const store = createTerminalStore();
    toggleZoom(store, 'book');
    cycleFocus(store, 1);
    expect(store.getState()).toMatchObject({ focus: 'chart', workspace: { zoomed: 'chart' } });
    focusPane(store, 'trading');
    expect(store.getState()).toMatchObject({ focus: 'trading', workspace: { zoomed: 'trading' } });
    toggleZoom(store, 'trading');
    cycleFocus(store, 1);
    expect(store.getState()).toMatchObject({ focus: 'book', workspace: { zoomed: null } });
  });
});

describe('book cursor', () => {
  it('lands next to the spread on the first press, then walks across it', () => {
    const store = storeWithBook(3, 3);
    moveBookCursor(store, 1);
    expect(store.getState().bookCursor).toEqual({ side: 'bid', level: 0 });
    moveBookCursor(store, -1);
    expect(store.getState().bookCursor).toEqual({ side: 'ask', level: 0 });
    moveBookCursor(store, -1);
    expect(store.getState().bookCursor).toEqual({ side: 'ask', level: 1 });
  });

  it('stops at the outermost levels instead of wrapping or running off', () => {
    const store = storeWithBook(2, 2);
    moveBookCursor(store, -1);
    moveBookCursor(store, -10);
    expect(store.getState().bookCursor).toEqual({ side: 'ask', level: 1 });
    moveBookCursor(store, 10);
    expect(store.getState().bookCursor).toEqual({ side: 'bid', level: 1 });
  });

  it('book-scrolls-with-the-cursor: the ladder follows the cursor past the shown levels and 0 / Esc bring it back', () => {
    const store = storeWithBook(20, 20);
    moveBookCursor(store, 1, 3);
    moveBookCursor(store, 2, 3);
    // Bid level 2 is ladder row 3: the last row of a window of 3 each side; no scroll yet.
    expect(store.getState()).toMatchObject({ bookCursor: { side: 'bid', level: 2 }, bookDisplay: { scroll: 0 } });
    moveBookCursor(store, 2, 3);
    expect(store.getState()).toMatchObject({ bookCursor: { side: 'bid', level: 4 }, bookDisplay: { scroll: 2 } });
    // The publisher asks for the shown levels plus a page: the cursor always has somewhere to go.
    expect(wantedBookDepth(3, 2)).toBe(8);
    expect(wantedBookDepth(3, -10_000)).toBe(MAX_BOOK_DEPTH);
    moveBookCursor(store, -20, 3);
    expect(store.getState()).toMatchObject({ bookCursor: { side: 'ask', level: 15 }, bookDisplay: { scroll: -13 } });
    centreBook(store);
    expect(store.getState()).toMatchObject({ bookCursor: null, bookDisplay: { scroll: 0 } });
  });

  it('a grouping step drops the cursor and recentres (the levels under it change)', () => {
    const store = storeWithBook(5, 5);
    moveBookCursor(store, 1, 2);
    stepGrouping(store, 1);
    expect(store.getState()).toMatchObject({ bookCursor: null, bookDisplay: { group: 2, scroll: 0 } });
    stepGrouping(store, -1);
    stepGrouping(store, -1);
    expect(store.getState().bookDisplay.group).toBe(1);
  });

  it('works on a one-sided book', () => {
    const store = storeWithBook(0, 2);
    moveBookCursor(store, -1);
    expect(store.getState().bookCursor).toEqual({ side: 'bid', level: 0 });
  });
});

describe('market picker', () => {
  it('filters by symbol with prefix matches first and picks the selection', () => {
    expect(filterMarkets(MARKETS, 'o').map((m) => m.symbol)).toEqual(['SOL', 'MON']);
    expect(filterMarkets(MARKETS, 'm').map((m) => m.symbol)).toEqual(['MON']);
    const store = createTerminalStore({ markets: MARKETS });
    openPicker(store);
    setPickerQuery(store, 'o');
    movePickerSelection(store, 1);
    expect(pickerChoice(store)?.symbol).toBe('MON');
    movePickerSelection(store, 5);
    expect(pickerChoice(store)?.symbol).toBe('MON');
    setPickerQuery(store, 'zzz');
    expect(pickerChoice(store)).toBeNull();
    closePicker(store);
    expect(store.getState().picker.open).toBe(false);
  });
});

describe('timeframes', () => {
  it('steps through the allowed resolutions and clamps at the ends', () => {
    expect(stepTimeframe(60, 1)).toBe(300);
    expect(stepTimeframe(60, -1)).toBe(60);
    expect(stepTimeframe(86400, 1)).toBe(86400);
    expect(stepTimeframe(3600, -1)).toBe(900);
  });
});

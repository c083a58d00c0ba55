// State transitions driven by keys and resizes. Pure functions of the store, so the ui stays thin
// and every transition is testable without a terminal.

import { stepBookGroup } from '../domain/book-grouping.js';
import { shownLevels } from '../domain/views.js';
import { INITIAL_BOOK_DISPLAY, cursorRow, followRow } from './book-display.js';
import { LIVE_CHART, type ChartViewState } from './chart-view.js';
import { DEFAULT_PICKER_SORT, nextPickerSort, pickerMarkets, reversePickerSort } from './market-picker.js';
import type { SnapshotWants } from './snapshot.js';
import { sameWants } from '../domain/market-data-snapshot.js';
import { saidAgain } from './notice.js';
import { PANE_ORDER, type BookCursor, type NoticeLapse, type MarketListing, type PaneId, type TerminalState, type TerminalStore, type Viewport } from './store.js';

/** Focuses `pane`; while a pane is zoomed the zoom follows the focus, so the focused pane is the one shown. */
function setFocus(store: TerminalStore, pane: PaneId): void {
  const { workspace } = store.getState();
  if (workspace.zoomed && workspace.zoomed !== pane) store.setState({ focus: pane, workspace: { ...workspace, zoomed: pane } });
  else store.setState({ focus: pane });
}

/**
 * Tab / Shift-Tab: the next (1) or previous (-1) pane in PANE_ORDER among `visible`, the panes the
 * unzoomed layout draws (ui/shell/layout.ts visiblePanes; default all), so the focus never lands on a pane
 * that is not on screen. Nothing happens when no pane is visible (terminal too small).
 */
export function cycleFocus(store: TerminalStore, direction: 1 | -1, visible: readonly PaneId[] = PANE_ORDER): void {
  const n = PANE_ORDER.length;
  const from = Math.max(0, PANE_ORDER.indexOf(store.getState().focus));
  for (let step = 1; step <= n; step++) {
    const pane = PANE_ORDER[(from + direction * step + n * step) % n];
    if (pane && visible.includes(pane)) {
      setFocus(store, pane);
      return;
    }
  }
}

/** `1`..`4`: focuses `pane` when it is among `visible` (default all); otherwise nothing. */
export function focusPane(store: TerminalStore, pane: PaneId, visible: readonly PaneId[] = PANE_ORDER): void {
  if (visible.includes(pane)) setFocus(store, pane);
}

/** After a resize: a focus left on a pane the layout no longer draws moves to the first one it does. */
export function keepFocusVisible(store: TerminalStore, visible: readonly PaneId[]): void {
  const first = visible[0];
  if (first && !visible.includes(store.getState().focus)) setFocus(store, first);
}

/**
 * Moves the book cursor through the levels shown (screen order: outermost ask at the top, then down through
 * the bids). The first move places it on the best ask (up) or best bid (down). The ladder scrolls to keep it
 * on screen (`depth` levels each side).
 */
export function moveBookCursor(store: TerminalStore, delta: number, depth = Number.POSITIVE_INFINITY): void {
  const { book, bookCursor, bookDisplay } = store.getState();
  if (!book) return;
  const levels = shownLevels(book);
  const asks = levels.asks.length;
  const bids = levels.bids.length;
  if (asks + bids === 0) {
    store.setState({ bookCursor: null });
    return;
  }
  // Screen order: ask[asks-1] .. ask[0], bid[0] .. bid[bids-1]; position p in [0, asks + bids).
  let position: number;
  if (!bookCursor) {
    // The first press lands next to the spread: down on the best bid, up on the best ask.
    position = delta > 0 ? asks : asks - 1;
  } else {
    const current =
      bookCursor.side === 'ask' ? asks - 1 - Math.min(bookCursor.level, asks - 1) : asks + Math.min(bookCursor.level, bids - 1);
    position = current + delta;
  }
  position = Math.max(0, Math.min(asks + bids - 1, position));
  const next: BookCursor = position < asks ? { side: 'ask', level: asks - 1 - position } : { side: 'bid', level: position - asks };
  const scroll = followRow(bookDisplay.scroll, cursorRow(next), depth);
  store.setState({ bookCursor: next, ...(scroll !== bookDisplay.scroll ? { bookDisplay: { ...bookDisplay, scroll } } : {}) });
}

/** Back to the top of the book: the ladder centred on the spread, no cursor. */
export function centreBook(store: TerminalStore): void {
  const { bookDisplay } = store.getState();
  store.setState({ bookCursor: null, bookDisplay: { ...bookDisplay, scroll: 0 } });
}

/**
 * Coarser (+1) or finer (-1) price grouping. The levels change under the cursor, so the cursor goes and the
 * ladder is centred again.
 */
export function stepGrouping(store: TerminalStore, direction: 1 | -1): void {
  const { bookDisplay } = store.getState();
  const group = stepBookGroup(bookDisplay.group, direction);
  if (group === bookDisplay.group) return;
  store.setState({ bookCursor: null, bookDisplay: { group, scroll: 0 } });
}

/** Where the chart looks (a chart key's move, state/chart-view.ts). */
export function setChartView(store: TerminalStore, chart: ChartViewState): void {
  store.setState({ chart });
}

export { filterMarkets } from './market-picker.js';

/** What the picker's list is made from. */
export type PickerListState = Pick<TerminalState, 'picker' | 'markets' | 'marketStats'> & { workspace: { watchlist: readonly { symbol: string }[] } };

/** The picker's rows as they are on screen now (filter, watchlist first, sort). */
export function pickerList(state: PickerListState): MarketListing[] {
  const { picker } = state;
  return pickerMarkets({
    markets: state.markets,
    stats: state.marketStats,
    query: picker.query,
    watchlist: state.workspace.watchlist.map((w) => w.symbol),
    sort: picker.sort ?? DEFAULT_PICKER_SORT,
  });
}

/** The row the picker's choice is on: its market when still listed, else the remembered index. */
export function pickerIndex(state: PickerListState, list: readonly MarketListing[]): number {
  const { picker } = state;
  const byId = picker.selectedId == null ? -1 : list.findIndex((m) => m.id === picker.selectedId);
  return byId >= 0 ? byId : Math.min(picker.selected, Math.max(0, list.length - 1));
}

export function openPicker(store: TerminalStore): void {
  // The sort chosen last time stays: a trader scanning by volume opens the picker by volume again.
  const { picker } = store.getState();
  store.setState({ picker: { open: true, query: '', selected: 0, selectedId: null, sort: picker.sort ?? DEFAULT_PICKER_SORT } });
}

export function closePicker(store: TerminalStore): void {
  const { picker } = store.getState();
  store.setState({ picker: { ...picker, open: false, query: '', selected: 0, selectedId: null } });
}

export function setPickerQuery(store: TerminalStore, query: string): void {
  const { picker } = store.getState();
  store.setState({ picker: { ...picker, open: true, query, selected: 0, selectedId: null } });
}

export function movePickerSelection(store: TerminalStore, delta: number): void {
  const state = store.getState();
  const list = pickerList(state);
  if (list.length === 0) return;
  const selected = Math.max(0, Math.min(list.length - 1, pickerIndex(state, list) + delta));
  store.setState({ picker: { ...state.picker, selected, selectedId: list[selected]?.id ?? null } });
}

/** Next sort column (`reverse`: the same column the other way); the choice stays on its market. */
export function cyclePickerSort(store: TerminalStore, reverse = false): void {
  const state = store.getState();
  const current = state.picker.sort ?? DEFAULT_PICKER_SORT;
  const list = pickerList(state);
  const chosen = list[pickerIndex(state, list)]?.id ?? null;
  store.setState({ picker: { ...state.picker, sort: reverse ? reversePickerSort(current) : nextPickerSort(current), selectedId: chosen } });
}

/** The market the picker would choose on Enter, or null when the filter matches nothing. */
export function pickerChoice(store: TerminalStore): MarketListing | null {
  const state = store.getState();
  const list = pickerList(state);
  return list[pickerIndex(state, list)] ?? null;
}

export function setViewport(store: TerminalStore, viewport: Viewport, wants: SnapshotWants): void {
  const s = store.getState();
  const sameViewport = s.viewport.cols === viewport.cols && s.viewport.rows === viewport.rows && s.viewport.tooSmall === viewport.tooSmall;
  if (sameViewport && sameWants(s.wants, wants)) return;
  store.setState({ viewport, wants });
}

export function setNotice(store: TerminalStore, notice: string | null, lapse: NoticeLapse | null = null): void {
  store.setState({ notice, noticeLapse: notice === null ? null : lapse, noticeAgain: saidAgain(store.getState(), notice) });
}

/** The viewport as drawn now (a key may arrive before the resize effect wrote it). */
export function showViewport(store: TerminalStore, viewport: Viewport): void {
  store.setState({ viewport });
}

/**
 * Another market on screen. Grouping is in the old market's ticks and candles are the old market's: the new
 * market starts on its exact levels at the spread, and the chart live.
 */
export function marketChosen(store: TerminalStore, symbol: string): void {
  store.setState({ bookCursor: null, bookDisplay: INITIAL_BOOK_DISPLAY, notice: `market ${symbol}`, noticeLapse: null, chart: LIVE_CHART });
}

/** Another candle resolution: the chart goes live (the old positions are in the old resolution's candles). */
export function resolutionChosen(store: TerminalStore, seconds: number): void {
  store.setState({ resolution: seconds, chart: LIVE_CHART });
}

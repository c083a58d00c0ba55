// The keys of the panes (no form, prompt, picker or help open): remappable by action name in the config's
// [keys]. Table order is the footer's priority. Each says what it does and why it would do nothing now.

import { stepTimeframe, TIMEFRAMES } from '../../domain/timeframes.js';
import { centreBook, cycleFocus, focusPane, moveBookCursor, openPicker, setChartView, setNotice, stepGrouping } from '../../state/actions.js';
import { shownNotice } from '../../state/notice.js';
import { MAX_BOOK_GROUP } from '../../domain/book-grouping.js';
import { dismissConfigNotice, openHelp, toggleZoom } from '../../state/workspace-actions.js';
import type { PaneId, TerminalState } from '../../state/store.js';
import { tradingLocks } from '../../state/trading-locks.js';
import { cycleHistoryView, moveSelection, selectTab, stepTab, TAB_LABELS, toggleMarketFilter, type TradingTab } from '../../state/trading-tabs.js';
import { selectedIndex, tabRows } from '../tabs/rows.js';
import { COMMAND_LINE_OPEN_BINDINGS } from '../command-line/bindings.js';
import { NEW_ORDER_BINDINGS } from '../order-entry/bindings.js';
import { PANIC_BINDINGS } from '../panic/bindings.js';
import { QUIT_BINDINGS } from '../confirm/bindings.js';
import { askCancel, openOrderEditor, openPositionEditor, selectedOrder, selectedPosition } from '../tabs/flow.js';
import { copyTextFor } from '../tabs/copy-text.js';
import { JOURNAL_FRAMES_BINDING } from '../journal/frames-key.js';
import type { Action, Binding, Disabled, KeyContext, PaneScope } from './binding.js';
import { fromLock, off } from './binding-helpers.js';
import { CHART_BINDINGS, chartBackHint, chartBackMove } from '../chart/bindings.js';

const MOVING: PaneScope = ['book', 'trading'];
const TABS: PaneScope = ['trading'];
const HISTORY_TABS: readonly TradingTab[] = ['fills', 'history'];


/** Off unless the trading tabs show `tab`. */
function onTab(state: TerminalState, tabs: readonly TradingTab[]): Disabled | null {
  return tabs.includes(state.tabs.tab) ? null : off(`${tabs.map((t) => TAB_LABELS[t]).join(' / ')} only`);
}

/** A position key: on Positions, with one selected, the session unlocked. */
function positionKey(state: TerminalState): Disabled | null {
  return onTab(state, ['positions']) ?? (selectedPosition(state) ? null : off('no position')) ?? fromLock(tradingLocks(state)[0]);
}

/** An order key: on Open orders, with one selected (unless `any`), the session unlocked. */
function orderKey(state: TerminalState, any = false): Disabled | null {
  const wrongTab = onTab(state, ['orders']);
  if (wrongTab) return wrongTab;
  if (any ? state.trading.orders.length === 0 : !selectedOrder(state)) return off('no open order');
  return fromLock(tradingLocks(state)[0]);
}

function rowCount(state: TerminalState): number {
  return tabRows(state).rows.length;
}

/** Moves the book cursor or the tabs' selection; paged history asks for its next page near the end. */
function move(ctx: KeyContext, step: (page: number) => number): void {
  const { store } = ctx;
  const state = store.getState();
  if (state.focus === 'book') {
    moveBookCursor(store, step(ctx.view.bookPage), ctx.view.bookDepth);
    return;
  }
  if (state.focus !== 'trading') return;
  const rows = tabRows(state);
  const delta = step(ctx.view.tabsPage);
  const index = selectedIndex(state, rows.rows.length);
  moveSelection(store, delta, rows.rows.length);
  if ('feed' in rows && delta > 0 && index + delta >= rows.rows.length - ctx.view.tabsPage) ctx.actions.loadMoreHistory(rows.feed);
}

function moveOff(state: TerminalState): Disabled | null {
  if (state.focus === 'book') return state.book && state.book.asks.length + state.book.bids.length > 0 ? null : off('no book yet');
  if (state.focus === 'trading') return rowCount(state) > 0 ? null : off('nothing listed');
  return off('book and tabs only');
}

function focusKey(action: Action, pane: PaneId, description: string): Binding {
  return {
    action, keys: [String(['book', 'chart', 'trades', 'trading'].indexOf(pane) + 1)], mode: 'panes', panes: 'all', description,
    quiet: true,
    run: (ctx) => focusPane(ctx.store, pane, ctx.view.panes),
    disabledReason: (state) => (state.focus === pane ? off('focused') : null),
  };
}

function tabKey(action: Action, tab: TradingTab, key: string): Binding {
  const description = `${TAB_LABELS[tab]} tab${tab === 'journal' ? ' (every request and its outcome)' : ''}`;
  return {
    action, keys: [key], mode: 'panes', panes: TABS, description, quiet: true,
    run: (ctx) => selectTab(ctx.store, tab),
    disabledReason: (state) => (state.tabs.tab === tab ? off('shown') : null),
  };
}

function focusTabKey(action: Action, tab: TradingTab, key: string): Binding {
  return {
    action, keys: [key], mode: 'panes', panes: 'all', description: `focus the trading tabs on ${TAB_LABELS[tab]}`, quiet: true,
    run: (ctx) => {
      focusPane(ctx.store, 'trading');
      selectTab(ctx.store, tab);
    },
    disabledReason: (state) => (state.focus === 'trading' && state.tabs.tab === tab ? off('shown') : null),
  };
}

function moveKey(action: Action, keys: string[], description: string, step: (page: number) => number, hint?: string): Binding {
  return { action, keys, mode: 'panes', panes: MOVING, description, ...(hint ? { hint } : {}), ...(action === 'up' || action === 'down' ? { tabHint: 'move' } : {}), quiet: true, run: (ctx) => move(ctx, step), disabledReason: moveOff };
}

function timeframeKey(action: Action, key: string, direction: 1 | -1, description: string, hint?: string): Binding {
  return {
    action, keys: [key], mode: 'panes', panes: ['chart'], description, ...(hint ? { hint } : {}), quiet: true,
    run: (ctx) => ctx.actions.setResolution(stepTimeframe(ctx.store.getState().resolution, direction)),
    disabledReason: (state) => (stepTimeframe(state.resolution, direction) === state.resolution ? off(direction > 0 ? `longest (${TIMEFRAMES.at(-1)?.label})` : `shortest (${TIMEFRAMES[0]?.label})`) : null),
  };
}

/** `Esc` at the top: in the chart its crosshair, then its scroll; the config notice, then the zoom, the book cursor, the notice; never quits. */
function back(ctx: KeyContext): void {
  const { store } = ctx;
  const state = store.getState();
  const chart = chartBackMove(state);
  if (chart) setChartView(store, chart);
  else if (state.workspace.configNotice && !shownNotice(state)) dismissConfigNotice(store);
  else if (state.workspace.zoomed && !state.bookCursor) toggleZoom(store, state.focus);
  else if (state.bookCursor || state.bookDisplay.scroll !== 0) centreBook(store);
  else if (shownNotice(state)) setNotice(store, null);
}

function backOff(state: TerminalState): Disabled | null {
  if (chartBackMove(state)) return null;
  return state.workspace.configNotice || state.workspace.zoomed || state.bookCursor || state.bookDisplay.scroll !== 0 || shownNotice(state) ? null : off('top level', 'nothing to step back from (Esc never quits)');
}

export const PANE_BINDINGS: readonly Binding[] = [
  { action: 'help', keys: ['?'], mode: 'panes', panes: 'all', description: 'help for this pane (type to filter)', hint: 'help', run: (ctx) => openHelp(ctx.store, 'panes') },
  ...COMMAND_LINE_OPEN_BINDINGS,
  {
    action: 'openPicker', keys: ['/'], mode: 'panes', panes: 'all', description: 'market picker with search', hint: 'market',
    run: (ctx) => openPicker(ctx.store),
    disabledReason: (state) => (state.markets.length === 0 ? off('no markets yet') : null),
  },
  ...NEW_ORDER_BINDINGS,
  {
    action: 'cancelOrder', keys: ['c'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel the selected order (confirm)', hint: 'cancel', tabHint: 'cancel',
    run: (ctx) => askCancel(ctx.store, 'selected'), disabledReason: (state) => orderKey(state),
  },
  {
    action: 'closePosition', keys: ['x'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'close the selected position', hint: 'close', tabHint: 'close',
    run: (ctx) => openPositionEditor(ctx.store, 'close'), disabledReason: positionKey,
  },
  ...PANIC_BINDINGS,
  { action: 'focusNext', keys: ['Tab'], mode: 'panes', panes: 'all', description: 'focus the next pane', hint: 'focus', run: (ctx) => cycleFocus(ctx.store, 1, ctx.view.panes) },
  { action: 'focusPrev', keys: ['S-Tab'], mode: 'panes', panes: 'all', description: 'focus the previous pane', run: (ctx) => cycleFocus(ctx.store, -1, ctx.view.panes) },
  focusKey('focusBook', 'book', 'focus the book'),
  focusKey('focusChart', 'chart', 'focus the chart'),
  focusKey('focusTrades', 'trades', 'focus the trades'),
  focusKey('focusTrading', 'trading', 'focus the trading tabs'),
  focusTabKey('focusPositions', 'positions', '5'),
  focusTabKey('focusOrders', 'orders', '6'),
  moveKey('up', ['k', 'Up'], 'cursor up one level', () => -1, 'move'),
  moveKey('down', ['j', 'Down'], 'cursor down one level', () => 1),
  moveKey('pageUp', ['PgUp'], 'cursor up one page', (page) => -page),
  moveKey('pageDown', ['PgDn'], 'cursor down one page', (page) => page),
  moveKey('top', ['g'], 'cursor to the top', () => -1e9),
  moveKey('bottom', ['G'], 'cursor to the bottom', () => 1e9),
  { action: 'prevTab', keys: ['h', 'Left'], mode: 'panes', panes: TABS, description: 'previous trading tab', tabHint: 'tabs', quiet: true, run: (ctx) => stepTab(ctx.store, -1) },
  { action: 'nextTab', keys: ['l', 'Right'], mode: 'panes', panes: TABS, description: 'next trading tab', quiet: true, run: (ctx) => stepTab(ctx.store, 1) },
  tabKey('tabPositions', 'positions', 'P'),
  tabKey('tabOrders', 'orders', 'O'),
  tabKey('tabFills', 'fills', 'F'),
  tabKey('tabHistory', 'history', 'H'),
  tabKey('tabJournal', 'journal', 'J'),
  {
    action: 'addCollateral', keys: ['a'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'add collateral to the selected position', tabHint: 'add collateral',
    run: (ctx) => openPositionEditor(ctx.store, 'collateral'), disabledReason: positionKey,
  },
  {
    action: 'editTpsl', keys: ['t'], mode: 'panes', panes: TABS, tabs: ['positions'], description: 'attach / edit TP-SL of the selected position', tabHint: 'TP/SL',
    run: (ctx) => openPositionEditor(ctx.store, 'tpsl'), disabledReason: positionKey,
  },
  {
    action: 'cancelMarketOrders', keys: ['C'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel every order in this market (confirm)', tabHint: 'cancel all in market',
    run: (ctx) => askCancel(ctx.store, 'market'),
    disabledReason: (state) => orderKey(state, true) ?? (state.market && state.trading.orders.some((o) => o.marketId === state.market?.id) ? null : off('none in market', 'no open order in this market')),
  },
  {
    action: 'cancelAllOrders', keys: ['A'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel every open order in every market (confirm)', tabHint: 'cancel all',
    run: (ctx) => askCancel(ctx.store, 'all'), disabledReason: (state) => orderKey(state, true),
  },
  {
    action: 'amendOrder', keys: ['e'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'change (amend) the selected order', tabHint: 'change',
    run: (ctx) => openOrderEditor(ctx.store), disabledReason: (state) => orderKey(state),
  },
  {
    action: 'marketFilter', keys: ['m'], mode: 'panes', panes: TABS, tabs: HISTORY_TABS, description: 'fills and history: this market only / all markets', tabHint: 'this market / all',
    run: (ctx) => toggleMarketFilter(ctx.store), disabledReason: (state) => onTab(state, HISTORY_TABS),
  },
  {
    action: 'historyView', keys: ['v'], mode: 'panes', panes: TABS, tabs: ['history'], description: 'history: orders / positions / account events', tabHint: 'view',
    run: (ctx) => cycleHistoryView(ctx.store), disabledReason: (state) => onTab(state, ['history']),
  },
  {
    action: 'refreshHistory', keys: ['r'], mode: 'panes', panes: TABS, tabs: HISTORY_TABS, description: 'fills and history: refresh (re-read the newest page; older pages load as you scroll)', tabHint: 'refresh',
    run: (ctx) => {
      const rows = tabRows(ctx.store.getState());
      if ('feed' in rows) ctx.actions.refreshHistory(rows.feed);
    },
    disabledReason: (state) => onTab(state, HISTORY_TABS),
  },
  JOURNAL_FRAMES_BINDING,
  // The book: price grouping and the way back to the spread (j k PgUp PgDn g G scroll it with the cursor).
  {
    action: 'bookGroupUp', keys: ['+'], mode: 'panes', panes: ['book'], description: 'book: group prices coarser (1, 2, 5, 10, 20, 50 ... ticks a level)', hint: 'group', quiet: true,
    run: (ctx) => stepGrouping(ctx.store, 1),
    disabledReason: (state) => (state.bookDisplay.group >= MAX_BOOK_GROUP ? off('coarsest') : null),
  },
  {
    action: 'bookGroupDown', keys: ['-'], mode: 'panes', panes: ['book'], description: 'book: group prices finer (back to the exact levels)', quiet: true,
    run: (ctx) => stepGrouping(ctx.store, -1),
    disabledReason: (state) => (state.bookDisplay.group <= 1 ? off('exact levels', 'the book already shows every price level') : null),
  },
  {
    action: 'bookTop', keys: ['0'], mode: 'panes', panes: ['book'], description: 'book: back to the spread (scroll to the top of the book, cursor off)', hint: 'spread', quiet: true,
    run: (ctx) => centreBook(ctx.store),
    disabledReason: (state) => (state.bookDisplay.scroll === 0 && !state.bookCursor ? off('at the spread') : null),
  },
  timeframeKey('timeframeDown', '[', -1, 'shorter candle timeframe', 'timeframe'),
  timeframeKey('timeframeUp', ']', 1, 'longer candle timeframe'),
  ...CHART_BINDINGS,
  { action: 'zoom', keys: ['z'], mode: 'panes', panes: 'all', description: 'zoom this pane to full screen and back (Tab and 1-6 move the zoom)', hint: 'zoom', run: (ctx) => toggleZoom(ctx.store, ctx.store.getState().focus) },
  {
    action: 'copy', keys: ['y'], mode: 'panes', panes: ['book', 'trading'], description: 'copy the selected row to the clipboard', hint: 'copy',
    run: (ctx) => {
      const text = copyTextFor(ctx.store.getState());
      if (text !== null) ctx.actions.copyText(text);
    },
    disabledReason: (state) => (copyTextFor(state) === null ? off('nothing selected', 'nothing selected to copy') : null),
  },
  {
    action: 'back', keys: ['Esc'], mode: 'panes', panes: 'all', description: 'back one level, never quits (in the chart: the crosshair off, then back to live)', hint: 'back',
    hintNow: chartBackHint, quiet: true, run: back, disabledReason: backOff,
  },
  ...QUIT_BINDINGS,
];

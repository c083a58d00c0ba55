// The keys of the panes (no form, prompt, picker or help open): remappable by action name in the config's
// [keys]. Table order is the footer's priority. Each says what it does and why it would do nothing now.

import { centreBook, cycleFocus, focusPane, setChartView, setNotice } from '../../state/actions.js';
import { shownNotice } from '../../state/notice.js';
import { dismissConfigNotice, openHelp, toggleZoom } from '../../state/workspace-actions.js';
import type { PaneId, TerminalState } from '../../state/store.js';
import { moveSelection } from '../../state/trading-tabs.js';
import { tabRows } from '../tabs/rows.js';
import { selectedIndex } from '../tabs/selection.js';
import { COMMAND_LINE_OPEN_BINDINGS } from '../command-line/bindings.js';
import { NEW_ORDER_BINDINGS } from '../order-entry/bindings.js';
import { PANIC_BINDINGS } from '../panic/bindings.js';
import { QUIT_BINDINGS } from '../confirm/bindings.js';
import { copyTextFor } from '../tabs/copy-text.js';
import { FOCUS_TAB_BINDINGS, TAB_BINDINGS } from '../tabs/bindings.js';
import { POSITION_CLOSE_BINDINGS, POSITION_EDIT_BINDINGS } from '../positions/bindings.js';
import { ORDER_BINDINGS, ORDER_CANCEL_BINDINGS } from '../open-orders/bindings.js';
import { FILLS_BINDINGS } from '../fills/bindings.js';
import { JOURNAL_BINDINGS } from '../journal/bindings.js';
import { ALGO_BINDINGS } from '../algos/bindings.js';
import type { Action, Binding, Disabled, KeyContext, PaneScope } from './binding.js';
import { CHART_BINDINGS, chartBackHint, chartBackMove, TIMEFRAME_BINDINGS } from '../chart/bindings.js';
import { BOOK_BINDINGS } from '../book/bindings.js';
import { moveInBook } from '../book/flow.js';
import { LADDER_BINDINGS, LADDER_TOGGLE_BINDINGS } from '../ladder/bindings.js';
import { moveInLadder } from '../ladder/flow.js';
import { pickLadderOrder, recentreLadder } from '../../state/ladder.js';
import { OPEN_PICKER_BINDINGS } from '../picker/bindings.js';
import { off } from './binding-helpers.js';

const MOVING: PaneScope = ['book', 'trading'];

function rowCount(state: TerminalState): number {
  return tabRows(state).rows.length;
}

/** Moves the book cursor or the tabs' selection; paged history asks for its next page near the end. */
function move(ctx: KeyContext, step: (page: number) => number): void {
  const { store } = ctx;
  const state = store.getState();
  if (state.focus === 'book') return state.ladder.open ? moveInLadder(ctx, step) : moveInBook(ctx, step);
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

function moveKey(action: Action, keys: string[], description: string, step: (page: number) => number, hint?: string): Binding {
  return { action, keys, mode: 'panes', panes: MOVING, description, ...(hint ? { hint } : {}), ...(action === 'up' || action === 'down' ? { tabHint: 'move' } : {}), quiet: true, run: (ctx) => move(ctx, step), disabledReason: moveOff };
}

/** `Esc` at the top: in the chart its crosshair, then its scroll; the config notice, then the zoom, the book cursor, the notice; never quits. */
function back(ctx: KeyContext): void {
  const { store } = ctx;
  const state = store.getState();
  const chart = chartBackMove(state);
  if (chart) setChartView(store, chart);
  else if (state.workspace.configNotice && !shownNotice(state)) dismissConfigNotice(store);
  else if (state.ladder.picked !== null) pickLadderOrder(store, null);
  else if (state.ladder.open && state.ladder.cursor !== null) recentreLadder(store);
  else if (state.workspace.zoomed && !state.bookCursor) toggleZoom(store, state.focus);
  else if (state.bookCursor || state.bookDisplay.scroll !== 0) centreBook(store);
  else if (shownNotice(state)) setNotice(store, null);
}

function backOff(state: TerminalState): Disabled | null {
  if (chartBackMove(state)) return null;
  if (state.ladder.picked !== null || (state.ladder.open && state.ladder.cursor !== null)) return null;
  return state.workspace.configNotice || state.workspace.zoomed || state.bookCursor || state.bookDisplay.scroll !== 0 || shownNotice(state) ? null : off('top level', 'nothing to step back from (Esc never quits)');
}

/**
 * The panes' bindings, with the config's presets (ui/presets/bindings.ts) after the order keys: the footer
 * lists them by their line before the moves, and they take only keys nothing here binds (the config
 * refuses the others with their line).
 */
export function paneBindings(presets: readonly Binding[] = []): Binding[] {
  return [
    { action: 'help', keys: ['?'], mode: 'panes', panes: 'all', description: 'help for this pane (type to filter)', hint: 'help', run: (ctx) => openHelp(ctx.store, 'panes') },
    ...COMMAND_LINE_OPEN_BINDINGS,
    ...OPEN_PICKER_BINDINGS,
    ...NEW_ORDER_BINDINGS,
    ...LADDER_BINDINGS,
    ...ORDER_CANCEL_BINDINGS,
    ...POSITION_CLOSE_BINDINGS,
    ...PANIC_BINDINGS,
    ...presets,
    { action: 'focusNext', keys: ['Tab'], mode: 'panes', panes: 'all', description: 'focus the next pane', hint: 'focus', run: (ctx) => cycleFocus(ctx.store, 1, ctx.view.panes) },
    { action: 'focusPrev', keys: ['S-Tab'], mode: 'panes', panes: 'all', description: 'focus the previous pane', run: (ctx) => cycleFocus(ctx.store, -1, ctx.view.panes) },
    focusKey('focusBook', 'book', 'focus the book'),
    focusKey('focusChart', 'chart', 'focus the chart'),
    focusKey('focusTrades', 'trades', 'focus the trades'),
    focusKey('focusTrading', 'trading', 'focus the trading tabs'),
    ...FOCUS_TAB_BINDINGS,
    moveKey('up', ['k', 'Up'], 'cursor up one level', () => -1, 'move'),
    moveKey('down', ['j', 'Down'], 'cursor down one level', () => 1),
    moveKey('pageUp', ['PgUp'], 'cursor up one page', (page) => -page),
    moveKey('pageDown', ['PgDn'], 'cursor down one page', (page) => page),
    moveKey('top', ['g'], 'cursor to the top', () => -1e9),
    moveKey('bottom', ['G'], 'cursor to the bottom', () => 1e9),
    ...TAB_BINDINGS,
    ...POSITION_EDIT_BINDINGS,
    ...ORDER_BINDINGS,
    ...FILLS_BINDINGS,
    ...JOURNAL_BINDINGS,
    ...BOOK_BINDINGS,
    ...TIMEFRAME_BINDINGS,
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
    // Last before quit: in every pane, so a pane's own keys (the chart's Esc back) keep their footer place.
    ...LADDER_TOGGLE_BINDINGS,
    ...QUIT_BINDINGS,
    ...ALGO_BINDINGS,
  ];
}

export const PANE_BINDINGS: readonly Binding[] = paneBindings();

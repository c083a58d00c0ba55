// Screen state of the bottom trading tabs: which tab, the selected row of each, the history pages
// loaded so far, the market filter, and the inline prompt (an editor or a confirm whose default is
// Cancel). Pure transitions of the store so every step is testable without a terminal.

import { HISTORY_VIEWS, type AccountEventRowView, type HistoryFeedKind, type HistoryView, type OrderHistoryRowView, type PositionHistoryRowView } from '../domain/trading/history-views.js';
import type { FillRowView } from '../domain/trading/views.js';
import type { CloseParams } from '../domain/trading/command-params.js';
import type { Line } from './line-edit.js';

export const TRADING_TABS = ['positions', 'orders', 'fills', 'ledger', 'history', 'journal', 'algos'] as const;
export type TradingTab = (typeof TRADING_TABS)[number];
export const TAB_LABELS: Record<TradingTab, string> = {
  positions: 'Positions',
  orders: 'Open orders',
  fills: 'Fills',
  ledger: 'Trades',
  history: 'History',
  journal: 'Journal',
  algos: 'Algos',
};

export { HISTORY_VIEWS, type HistoryFeedKind, type HistoryView } from '../domain/trading/history-views.js';

export interface HistoryPages<Row> {
  rows: Row[];
  loading: boolean;
  /** The server has no more pages. */
  done: boolean;
  error: string | null;
}

export interface HistoryState {
  fills: HistoryPages<FillRowView>;
  orders: HistoryPages<OrderHistoryRowView>;
  positions: HistoryPages<PositionHistoryRowView>;
  events: HistoryPages<AccountEventRowView>;
}

/** A request the tabs will send once confirmed (or at once for an editor's Enter). */
export type TabIntent =
  | { kind: 'cancel'; orderId: number }
  | { kind: 'cancelAll'; marketId?: number }
  | { kind: 'change'; orderId: number; price?: number; size?: number }
  | { kind: 'close'; positionId: number; opts: CloseParams }
  | { kind: 'collateral'; positionId: number; amount: string }
  /** Arms tp / sl, then cancels the old trigger(s) of the same role: `replacing` only that order, else every one. */
  | { kind: 'protect'; positionId: number; tp?: number; sl?: number; on: 'mark' | 'last'; replacing?: number; size?: number };

export type EditorMode = 'amend' | 'close' | 'collateral' | 'tpsl' | 'trigger';

/**
 * The tabs' inline editor (its confirm is the one confirm, tradingUi.confirm). A prefilled text opens
 * selected (the one line editor's rule, line-edit.ts): the first key typed replaces it.
 */
export type TabPrompt = { kind: 'editor'; mode: EditorMode; targetId: number; text: string; selected?: boolean; error: string | null };

export interface TradingTabsState {
  tab: TradingTab;
  selected: Record<TradingTab, number>;
  historyView: HistoryView;
  /** Fills and history show only the current market. */
  currentMarketOnly: boolean;
  prompt: TabPrompt | null;
  history: HistoryState;
}

const emptyPages = <Row>(): HistoryPages<Row> => ({ rows: [], loading: false, done: false, error: null });

export const INITIAL_TRADING_TABS: TradingTabsState = {
  tab: 'positions',
  selected: { positions: 0, orders: 0, fills: 0, ledger: 0, history: 0, journal: 0, algos: 0 },
  historyView: 'orders',
  currentMarketOnly: false,
  prompt: null,
  history: { fills: emptyPages(), orders: emptyPages(), positions: emptyPages(), events: emptyPages() },
};

/**
 * The part of the store the tabs' transitions touch. The terminal store is one; typed here so the slice
 * needs no import of the store that holds it (no import cycle, type-only included).
 */
export interface TabsStore {
  getState(): { tabs: TradingTabsState };
  setState(partial: { tabs: TradingTabsState }): void;
}

function patch(store: TabsStore, change: Partial<TradingTabsState>): void {
  store.setState({ tabs: { ...store.getState().tabs, ...change } });
}

export function selectTab(store: TabsStore, tab: TradingTab): void {
  patch(store, { tab, prompt: null });
}

/** The tabs in the strip and the h/l ring: Algos only once there is an algo (or while it is shown). */
export function shownTabs(tab: TradingTab, anyAlgo: boolean): readonly TradingTab[] {
  return anyAlgo || tab === 'algos' ? TRADING_TABS : TRADING_TABS.filter((t) => t !== 'algos');
}

/** `tabs`: the ring (shownTabs); by default the tabs without Algos. */
export function stepTab(store: TabsStore, direction: 1 | -1, tabs: readonly TradingTab[] = shownTabs(store.getState().tabs.tab, false)): void {
  const index = tabs.indexOf(store.getState().tabs.tab);
  selectTab(store, tabs[(index + direction + tabs.length) % tabs.length] ?? 'positions');
}

/** Moves the selection of the current tab within [0, rowCount). */
export function moveSelection(store: TabsStore, delta: number, rowCount: number): void {
  const { tabs } = store.getState();
  const current = tabs.selected[tabs.tab];
  const next = Math.max(0, Math.min(Math.max(0, rowCount - 1), current + delta));
  if (next !== current) patch(store, { selected: { ...tabs.selected, [tabs.tab]: next } });
}

export function cycleHistoryView(store: TabsStore): void {
  const { tabs } = store.getState();
  const index = HISTORY_VIEWS.indexOf(tabs.historyView);
  const historyView = HISTORY_VIEWS[(index + 1) % HISTORY_VIEWS.length] ?? 'orders';
  patch(store, { historyView, selected: { ...tabs.selected, history: 0 } });
}

export function toggleMarketFilter(store: TabsStore): void {
  const { tabs } = store.getState();
  patch(store, { currentMarketOnly: !tabs.currentMarketOnly, selected: { ...tabs.selected, fills: 0, history: 0 } });
}

export function setPrompt(store: TabsStore, prompt: TabPrompt | null): void {
  patch(store, { prompt });
}

/** Opens the editor; a prefilled `text` is selected. */
export function openEditor(store: TabsStore, mode: EditorMode, targetId: number, text = ''): void {
  setPrompt(store, { kind: 'editor', mode, targetId, text, ...(text !== '' ? { selected: true } : {}), error: null });
}

/** The editor's line as the one line editor left it (its text, and whether it is still selected). */
export function setPromptLine(store: TabsStore, line: Line): void {
  const { prompt } = store.getState().tabs;
  if (!prompt) return;
  const { selected: _, ...rest } = prompt;
  setPrompt(store, { ...rest, text: line.text, ...(line.selected === true ? { selected: true } : {}), error: null });
}

export function setPromptError(store: TabsStore, error: string): void {
  const { prompt } = store.getState().tabs;
  if (prompt) setPrompt(store, { ...prompt, error });
}

/** History feed writes (the app's loader calls these; never the UI). */
export function historyLoading(store: TabsStore, kind: HistoryFeedKind): void {
  const { history } = store.getState().tabs;
  patch(store, { history: { ...history, [kind]: { ...history[kind], loading: true, error: null } } });
}

export function appendHistory<K extends HistoryFeedKind>(
  store: TabsStore,
  kind: K,
  update: (rows: HistoryState[K]['rows']) => HistoryState[K]['rows'],
  done: boolean,
): void {
  const { history } = store.getState().tabs;
  const pages = history[kind];
  patch(store, { history: { ...history, [kind]: { rows: update(pages.rows), loading: false, done, error: null } } });
}

export function historyFailed(store: TabsStore, kind: HistoryFeedKind, error: string): void {
  const { history } = store.getState().tabs;
  patch(store, { history: { ...history, [kind]: { ...history[kind], loading: false, error } } });
}

// The rows of the Fills and History tabs: live session rows with the REST history pages merged in (live
// fills first, duplicates dropped), and the market filter. Pure, worked out once per change of what they read.

import type { AccountEventRowView, OrderHistoryRowView, PositionHistoryRowView } from '../../domain/trading/history-views.js';
import type { FillRowView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';
import type { HistoryFeedKind } from '../../state/trading-tabs.js';
import { memoLast } from '../../lib/memo-last.js';
import { tabList, type TabList } from '../tabs/selection.js';

export type HistoryRows =
  | { view: 'orders'; rows: OrderHistoryRowView[]; feed: HistoryFeedKind }
  | { view: 'positions'; rows: PositionHistoryRowView[]; feed: HistoryFeedKind }
  | { view: 'events'; rows: AccountEventRowView[]; feed: HistoryFeedKind };

/** Newest first by block, transaction and log position (a fill without a block goes last). */
function newerFirst(a: FillRowView, b: FillRowView): number {
  return (b.block ?? -1) - (a.block ?? -1) || (b.tx ?? 0) - (a.tx ?? 0) || (b.log ?? 0) - (a.log ?? 0);
}

/**
 * Live fills and the paged ones not already shown, newest first: a fill the socket never delivered (it
 * landed while the socket was down, or before a restart) is paged in later but placed at its own time.
 */
export function mergeFills(live: readonly FillRowView[], paged: readonly FillRowView[]): FillRowView[] {
  const seen = new Set(live.map((f) => f.key));
  return [...live, ...paged.filter((f) => !seen.has(f.key))].sort(newerFirst);
}

/** The market the lists are filtered to (`m`), or undefined for all markets. */
function filterMarket(state: TerminalState): number | undefined {
  return state.tabs.currentMarketOnly ? state.market?.id : undefined;
}

function inMarket<R extends { marketId: number | null }>(rows: R[], marketId: number | undefined): R[] {
  return marketId === undefined ? rows : rows.filter((r) => r.marketId === marketId);
}

const fillsOf = memoLast((live: readonly FillRowView[], paged: readonly FillRowView[], marketId: number | undefined) => inMarket(mergeFills(live, paged), marketId));

export function fillList(state: TerminalState): TabList<FillRowView> {
  return tabList(fillsOf(state.trading.fills, state.tabs.history.fills.rows, filterMarket(state)), state.tabs.tab, 'fills', state.tabs.selected.fills);
}

const historyOf = memoLast((view: TerminalState['tabs']['historyView'], history: TerminalState['tabs']['history'], marketId: number | undefined): HistoryRows => {
  switch (view) {
    case 'orders':
      return { view: 'orders', rows: inMarket(history.orders.rows, marketId), feed: 'orders' };
    case 'positions':
      return { view: 'positions', rows: inMarket(history.positions.rows, marketId), feed: 'positions' };
    case 'events':
      return { view: 'events', rows: inMarket(history.events.rows, marketId), feed: 'events' };
  }
});

/** The History tab's view (orders, positions or account events) with its rows. */
export function historyRows(state: TerminalState): HistoryRows {
  return historyOf(state.tabs.historyView, state.tabs.history, filterMarket(state));
}

export function historyList(state: TerminalState): TabList<HistoryRows['rows'][number]> & { history: HistoryRows } {
  const history = historyRows(state);
  return { ...tabList<HistoryRows['rows'][number]>(history.rows, state.tabs.tab, 'history', state.tabs.selected.history), history };
}

// The keys of the Fills and History tabs: `m` this market / all, `v` the history view, `r` refresh.

import type { TerminalState } from '../../state/store.js';
import { cycleHistoryView, toggleMarketFilter, type HistoryFeedKind, type TradingTab } from '../../state/trading-tabs.js';
import type { Binding, PaneScope } from '../keys/binding.js';
import { onTab } from '../keys/binding-helpers.js';
import { historyRows } from './rows.js';

const TABS: PaneScope = ['trading'];
const HISTORY_TABS: readonly TradingTab[] = ['fills', 'history'];
/** The tabs `m` and `r` work on: the history ones and Trades (its ledger is read from the same history). */
const FILTERED_TABS: readonly TradingTab[] = [...HISTORY_TABS, 'ledger'];

/** The REST feed the tab shown pages from, or null on a tab without one. */
function shownFeed(state: TerminalState): HistoryFeedKind | null {
  if (state.tabs.tab === 'fills') return 'fills';
  return state.tabs.tab === 'history' ? historyRows(state).feed : null;
}

export const FILLS_BINDINGS: readonly Binding[] = [
  {
    action: 'marketFilter', keys: ['m'], mode: 'panes', panes: TABS, tabs: FILTERED_TABS, description: 'fills, trades and history: this market only / all markets', tabHint: 'this market / all',
    run: (ctx) => toggleMarketFilter(ctx.store), disabledReason: (state) => onTab(state, FILTERED_TABS),
  },
  {
    action: 'historyView', keys: ['v'], mode: 'panes', panes: TABS, tabs: ['history'], description: 'history: orders / positions / account events', tabHint: 'view',
    run: (ctx) => cycleHistoryView(ctx.store), disabledReason: (state) => onTab(state, ['history']),
  },
  {
    action: 'refreshHistory', keys: ['r'], mode: 'panes', panes: TABS, tabs: FILTERED_TABS, description: 'fills and history: refresh (re-read the newest page; older pages load as you scroll); trades: re-read and refold', tabHint: 'refresh',
    run: (ctx) => {
      if (ctx.store.getState().tabs.tab === 'ledger') return ctx.actions.loadLedger();
      const feed = shownFeed(ctx.store.getState());
      if (feed) ctx.actions.refreshHistory(feed);
    },
    disabledReason: (state) => onTab(state, FILTERED_TABS),
  },
];

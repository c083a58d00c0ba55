// The rows of the tab shown, whichever it is: each tab's own list (positions/rows.ts, open-orders/rows.ts,
// fills/rows.ts, journal/rows.ts) under one type, for what works on any tab (moving the cursor, `y` copy,
// paging history in). The pane and the keys share these lists, so the selected row is the same for both.

import type { AccountEventRowView, OrderHistoryRowView, PositionHistoryRowView } from '../../domain/trading/history-views.js';
import type { FillRowView, JournalEntryView, OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';
import type { HistoryFeedKind } from '../../state/trading-tabs.js';
import { fillList, historyRows } from '../fills/rows.js';
import { journalList } from '../journal/rows.js';
import { algoList } from '../algos/rows.js';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { openOrderList } from '../open-orders/rows.js';
import type { RoundTrip } from '../../domain/ledger/round-trip.js';
import { tradeList } from '../ledger/rows.js';

export type TabRows =
  | { tab: 'positions'; rows: readonly PositionRowView[] }
  | { tab: 'orders'; rows: readonly OrderRowView[] }
  | { tab: 'fills'; rows: readonly FillRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'orders'; rows: readonly OrderHistoryRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'positions'; rows: readonly PositionHistoryRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'events'; rows: readonly AccountEventRowView[]; feed: HistoryFeedKind }
  | { tab: 'ledger'; rows: readonly RoundTrip[] }
  | { tab: 'journal'; rows: readonly JournalEntryView[] }
  | { tab: 'algos'; rows: readonly AlgoRow[] };

export function tabRows(state: TerminalState): TabRows {
  switch (state.tabs.tab) {
    case 'positions':
      return { tab: 'positions', rows: state.trading.positions };
    case 'orders':
      return { tab: 'orders', rows: openOrderList(state).rows };
    case 'fills':
      return { tab: 'fills', rows: fillList(state).rows, feed: 'fills' };
    case 'history':
      return { tab: 'history', ...historyRows(state) };
    case 'ledger':
      return { tab: 'ledger', rows: tradeList(state).rows };
    case 'journal':
      return { tab: 'journal', rows: journalList(state).rows };
    case 'algos':
      return { tab: 'algos', rows: algoList(state).rows };
  }
}

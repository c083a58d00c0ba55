// The Fills and History tabs as they are drawn: their rows and columns, and a bottom line that says which
// history view is shown, which markets, how much is loaded (pages come over REST as the cursor nears the
// end), then the keys. Pure and memoised on the slices it reads.

import type { TerminalState } from '../../state/store.js';
import { HISTORY_VIEWS, type HistoryFeedKind } from '../../state/trading-tabs.js';
import { memoBy } from '../../lib/memo-last.js';
import type { Column } from '../format/table.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeys, type FooterLine } from '../tabs/footer.js';
import { marketLookup } from '../tabs/markets.js';
import { accountEventColumns, fillColumns, orderHistoryColumns, positionHistoryColumns } from './columns.js';
import { fillList, historyList } from './rows.js';

/** "BTC  more as you scroll  …keys": the market filter and how much of the feed is loaded, before the keys. */
function feedFooter(keymap: Keymap, state: TerminalState, feed: HistoryFeedKind, width: number, before = ''): FooterLine {
  const prompt = promptLine(state, width);
  if (prompt) return prompt;
  const scope = state.tabs.currentMarketOnly && state.market ? state.market.symbol : 'all markets';
  const pages = state.tabs.history[feed];
  const loaded = pages.loading ? 'loading…' : pages.done ? 'all loaded' : 'more as you scroll';
  return { text: `${before}${scope}  ${loaded}  ${tabKeys(keymap, state)}`, tone: 'muted' };
}

function buildFills(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const { rows, index } = fillList(state);
  const markets = marketLookup(state);
  return tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: () => fillColumns(markets),
    none: 'no fills',
    feed: 'fills',
    session: true,
    held: false,
    footer: () => feedFooter(keymap, state, 'fills', Math.max(0, width - 2)),
  });
}

function buildHistory(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const { history, index } = historyList(state);
  const markets = marketLookup(state);
  const views = `${HISTORY_VIEWS.map((v) => (v === history.view ? `[${v}]` : v)).join(' ')}  `;
  const none = `no ${history.view === 'events' ? 'account events' : `${history.view === 'orders' ? 'order' : 'position'} history`}`;
  const common = { selected: index, none, feed: history.feed, session: false, held: false, footer: () => feedFooter(keymap, state, history.feed, Math.max(0, width - 2), views) };
  switch (history.view) {
    case 'orders':
      return tabBodyView(state, width, height, { ...common, rows: history.rows, columns: () => orderHistoryColumns(markets) }, false);
    case 'positions':
      return tabBodyView(state, width, height, { ...common, rows: history.rows, columns: () => positionHistoryColumns(markets) }, false);
    case 'events':
      return tabBodyView(state, width, height, { ...common, rows: history.rows, columns: (): Column<(typeof history.rows)[number]>[] => accountEventColumns(markets) }, false);
  }
}

/** The Fills tab's body for a pane `width` x `height`. */
export const fillsView = memoBy(tabBodySlices, buildFills);

/** The History tab's body (its view: orders, positions or account events) for a pane `width` x `height`. */
export const historyView = memoBy(tabBodySlices, buildHistory);

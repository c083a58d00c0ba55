// The body of the Fills and History tabs: their view (view.ts) drawn by the tabs' table. Opening a list
// whose pages come over REST asks for its first page (an intent; the app does the I/O).

import { useEffect } from 'react';
import type { HistoryFeedKind } from '../../state/trading-tabs.js';
import { useActions, useKeymap, useTerminal } from '../shell/store-context.js';
import { TabTable } from '../tabs/TabTable.js';
import type { TerminalState } from '../../state/store.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { historyRows } from './rows.js';
import { fillsView, historyView } from './view.js';

/** Asks for the first page of `feed` while it has none, is not loading and has not failed. */
function useFirstPage(feed: HistoryFeedKind): void {
  const actions = useActions();
  const pages = useTerminal((s) => s.tabs.history[feed]);
  useEffect(() => {
    if (pages.rows.length === 0 && !pages.done && !pages.loading && !pages.error) actions.loadMoreHistory(feed);
  }, [feed, pages, actions]);
}

/** `width` x `height`: the trading pane's outer size; `tab`: Fills or History. */
export function FillsTab({ tab, width, height, focused }: { tab: 'fills' | 'history'; width: number; height: number; focused: boolean }) {
  const keymap = useKeymap();
  const feed = useTerminal((s) => (tab === 'fills' ? 'fills' : historyRows(s).feed));
  useFirstPage(feed);
  const view = useTerminalEqual((s: TerminalState) => (tab === 'fills' ? fillsView : historyView)(keymap, s, width, height), sameShown);
  return <TabTable view={view} width={width} height={height} focused={focused} />;
}

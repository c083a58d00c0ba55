// The trading area's container as it is drawn: the tab strip (the pane's title), the focus, which tab's body
// shows, and, when the layout has no room for the account box, the account's one line for the bottom border.
// Memoised on the store slices it reads, so a store write that moves none of them builds nothing.

import { memoBy } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';
import { TAB_LABELS, shownTabs, type TradingTab, type TradingTabsState } from '../../state/trading-tabs.js';
import { accountCompactLine, accountPanelInput } from '../account/account-lines.js';
import type { Cell } from '../format/table.js';
import { freshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import { marketLookup } from './markets.js';

/**
 * The title: every tab, the active one bracketed (never colour alone); Open orders with how many there are
 * (`Open orders (3)`), so orders on another tab or below the pane's edge are never out of mind.
 */
export function tabsTitle(tabs: TradingTabsState, openOrders = 0, anyAlgo = false): string {
  const label = (t: TradingTab) => (t === 'orders' && openOrders > 0 ? `${TAB_LABELS[t]} (${openOrders})` : TAB_LABELS[t]);
  return shownTabs(tabs.tab, anyAlgo).map((t) => (t === tabs.tab ? `[${label(t)}]` : label(t))).join(' | ');
}

export interface StripView {
  title: string;
  tab: TradingTab;
  focused: boolean;
  account: Cell[] | null;
  /** "as of …" before the account line while trading is not live (none on "waiting for the account…": it claims nothing current). */
  accountMarker: string | null;
}

function build(state: TerminalState, width: number, accountLine: boolean): StripView {
  const marker = freshnessMarker(tradingFreshness(state.trading.enabled, state.trading.health));
  const accountMarker = state.trading.account ? marker : null;
  return {
    title: tabsTitle(state.tabs, state.trading.orders.length, state.algos.length > 0),
    tab: state.tabs.tab,
    focused: state.focus === 'trading',
    account: accountLine ? accountCompactLine(accountPanelInput(state.trading), marketLookup(state), Math.max(0, width - 6 - (accountMarker ? accountMarker.length + 1 : 0))) : null,
    accountMarker,
  };
}

// What build reads: the tabs, the focus, the orders (their count), the algos (whether Algos shows), trading's health and account, and the
// markets the account line's figures look up (marketLookup: the directory, or the market shown).
const slices = (s: TerminalState, width: number, accountLine: boolean): readonly unknown[] => [
  s.tabs, s.focus, s.trading.orders, s.algos, s.trading.enabled, s.trading.health, s.trading.account, s.trading.guards, s.markets, s.trading.markets, s.market, width, accountLine,
];

/** The container for a pane `width` cells wide; `accountLine`: the account goes into the bottom border. */
export const stripView = memoBy(slices, build);

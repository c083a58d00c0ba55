// A store showing one trading tab, for the tabs' component tests: BTC on screen, the trading link live, and the
// rows the test hands in; what a test leaves out is the empty trading slice.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore, type MarketListing, type TerminalState, type TerminalStore } from '../../state/store.js';
import { EMPTY_TRADING, type TradingSlice } from '../../state/trading-slice.js';
import { INITIAL_TRADING_TABS, type TradingTab, type TradingTabsState } from '../../state/trading-tabs.js';

export const TAB_BTC: MarketListing = { id: 1, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
export const LIVE_LINK = { ...INITIAL_CONNECTION, health: 'live' as const };

/** The tabs showing `tab` with row `selected` chosen. */
export function onTab(tab: TradingTab, selected = 0): Partial<TradingTabsState> {
  return { tab, selected: { ...INITIAL_TRADING_TABS.selected, [tab]: selected } };
}

/** Focus on the trading pane, `tabs` over the initial tabs, `trading` over a live, enabled, empty slice; `over` last. */
export function tabStore(tabs: Partial<TradingTabsState>, trading: Partial<TradingSlice>, over: Partial<TerminalState> = {}): TerminalStore {
  return createTerminalStore({
    focus: 'trading',
    market: TAB_BTC,
    markets: [TAB_BTC],
    tabs: { ...INITIAL_TRADING_TABS, ...tabs },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, health: LIVE_LINK, ...trading },
    ...over,
  });
}

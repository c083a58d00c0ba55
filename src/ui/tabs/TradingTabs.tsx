// The bottom trading area: Positions | Open orders | Fills | History | Journal. This container draws the tab
// strip (the pane's title) and the account's line in its bottom border, and picks the body of the tab
// shown (positions/PositionsTab.tsx, open-orders/OpenOrdersTab.tsx, fills/FillsTab.tsx, journal/JournalTab.tsx).

import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { TerminalState } from '../../state/store.js';
import { TAB_LABELS, TRADING_TABS, type TradingTab, type TradingTabsState } from '../../state/trading-tabs.js';
import { accountCompactLine, accountPanelInput } from '../account/account-lines.js';
import { FillsTab } from '../fills/FillsTab.js';
import type { Cell } from '../format/table.js';
import { JournalTab } from '../journal/JournalTab.js';
import { OpenOrdersTab } from '../open-orders/OpenOrdersTab.js';
import { PositionsTab } from '../positions/PositionsTab.js';
import { dim, paint } from '../shell/ansi.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { freshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import { marketLookup } from './markets.js';
import { TONE_COLOUR } from './TabTable.js';

/**
 * The title: every tab, the active one bracketed (never colour alone); Open orders with how many there are
 * (`Open orders (3)`), so orders on another tab or below the pane's edge are never out of mind.
 */
export function tabsTitle(tabs: TradingTabsState, openOrders = 0): string {
  const label = (t: TradingTab) => (t === 'orders' && openOrders > 0 ? `${TAB_LABELS[t]} (${openOrders})` : TAB_LABELS[t]);
  return TRADING_TABS.map((t) => (t === tabs.tab ? `[${label(t)}]` : label(t))).join(' | ');
}

interface StripView {
  title: string;
  tab: TradingTab;
  focused: boolean;
  account: Cell[] | null;
  /** "as of …" before the account line while trading is not live (none on "waiting for the account…": it claims nothing current). */
  accountMarker: string | null;
}

function stripView(state: TerminalState, width: number, accountLine: boolean): StripView {
  const marker = freshnessMarker(tradingFreshness(state.trading.enabled, state.trading.health));
  const accountMarker = state.trading.account ? marker : null;
  return {
    title: tabsTitle(state.tabs, state.trading.orders.length),
    tab: state.tabs.tab,
    focused: state.focus === 'trading',
    account: accountLine ? accountCompactLine(accountPanelInput(state.trading), marketLookup(state), Math.max(0, width - 6 - (accountMarker ? accountMarker.length + 1 : 0))) : null,
    accountMarker,
  };
}

/** The account's one line for the strip's bottom border; dimmed after its "as of" marker while trading is not live. */
function accountStripLine(theme: Palette, account: Cell[], marker: string | null): { cells: number; content: ReactNode } {
  const text = account.map((c) => paint(theme, c.text, c.tone ? TONE_COLOUR[c.tone] : undefined)).join('');
  return {
    cells: account.reduce((n, c) => n + c.text.length, 0) + (marker ? marker.length + 1 : 0),
    content: (
      <Text wrap="truncate">
        {marker ? paint(theme, `${marker} `, TONE_COLOUR.warn) : ''}
        {marker ? dim(text) : text}
      </Text>
    ),
  };
}

function TabBody({ tab, width, height, focused }: { tab: TradingTab; width: number; height: number; focused: boolean }) {
  switch (tab) {
    case 'positions':
      return <PositionsTab width={width} height={height} focused={focused} />;
    case 'orders':
      return <OpenOrdersTab width={width} height={height} focused={focused} />;
    case 'fills':
    case 'history':
      return <FillsTab tab={tab} width={width} height={height} focused={focused} />;
    case 'journal':
      return <JournalTab width={width} height={height} focused={focused} />;
  }
}

/** `accountLine`: the account's one line goes into the bottom border (no room for the account box). */
export function TradingTabs({ width, height, accountLine = false }: { width: number; height: number; accountLine?: boolean }) {
  const theme = useTheme();
  const view = JSON.parse(useTerminal((s) => JSON.stringify(stripView(s, width, accountLine)))) as StripView;
  const bottom = view.account ? accountStripLine(theme, view.account, view.accountMarker) : undefined;
  return (
    <Pane title={view.title} width={width} height={height} focused={view.focused} {...(bottom ? { bottom } : {})}>
      <TabBody tab={view.tab} width={width} height={height} focused={view.focused} />
    </Pane>
  );
}

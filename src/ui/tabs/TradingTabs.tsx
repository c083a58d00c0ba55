// The bottom trading area: Positions | Open orders | Fills | History | Journal | Algos. This container draws its
// view (ui/tabs/view.ts: the tab strip as the pane's title, the account's line in its bottom border) and
// picks the body of the tab shown (positions/PositionsTab.tsx, open-orders/OpenOrdersTab.tsx, fills/FillsTab.tsx, journal/JournalTab.tsx, algos/AlgosTab.tsx).

import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { TerminalState } from '../../state/store.js';
import type { TradingTab } from '../../state/trading-tabs.js';
import { TradesTab } from '../ledger/TradesTab.js';
import { FillsTab } from '../fills/FillsTab.js';
import type { Cell } from '../format/table.js';
import { JournalTab } from '../journal/JournalTab.js';
import { AlgosTab } from '../algos/AlgosTab.js';
import { OpenOrdersTab } from '../open-orders/OpenOrdersTab.js';
import { PositionsTab } from '../positions/PositionsTab.js';
import { dim, paint } from '../shell/ansi.js';
import { Pane } from '../shell/Pane.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { TONE_COLOUR } from './TabTable.js';
import { stripView } from './view.js';

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
    case 'ledger':
      return <TradesTab width={width} height={height} focused={focused} />;
    case 'journal':
      return <JournalTab width={width} height={height} focused={focused} />;
    case 'algos':
      return <AlgosTab width={width} height={height} focused={focused} />;
  }
}

/** `accountLine`: the account's one line goes into the bottom border (no room for the account box). */
export function TradingTabs({ width, height, accountLine = false }: { width: number; height: number; accountLine?: boolean }) {
  const theme = useTheme();
  const view = useTerminalEqual((s: TerminalState) => stripView(s, width, accountLine), sameShown);
  const bottom = view.account ? accountStripLine(theme, view.account, view.accountMarker) : undefined;
  return (
    <Pane title={view.title} width={width} height={height} focused={view.focused} {...(bottom ? { bottom } : {})}>
      <TabBody tab={view.tab} width={width} height={height} focused={view.focused} />
    </Pane>
  );
}

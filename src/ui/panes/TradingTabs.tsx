// The bottom trading area: Positions | Open orders | Fills | History | Journal. Rows are fixed-width
// text from format/trading-rows.ts; the selected row is inverse when the pane has focus; the last
// line is the inline editor / confirm, or the keys that work here.

import { Box, Text } from 'ink';
import { useEffect, type ReactNode } from 'react';
import { protectionOf } from '../../domain/trading/protection.js';
import type { TabRows } from '../../state/trading-tabs-rows.js';
import { selectedIndex, tabRows } from '../../state/trading-tabs-rows.js';
import { HISTORY_VIEWS, TAB_LABELS, TRADING_TABS, type TabPrompt, type TradingTabsState } from '../../state/trading-tabs.js';
import { EDITOR_HINTS } from '../../state/trading-tabs-intents.js';
import { keyRefusedMessage } from '../../domain/trading/key-refused.js';
import type { TerminalState } from '../../state/store.js';
import { dim, paint, type Colour } from '../ansi.js';
import { bindingKeyLabel } from '../help.js';
import type { Action } from '../keymap.js';
import { activeBindings } from '../keymap-table.js';
import { Pane } from '../Pane.js';
import { useCommands, useTerminal } from '../store-context.js';
import { theme } from '../theme.js';
import { fitColumns, headerCells, rowCells, type Cell, type CellTone, type Column } from '../format/table.js';
import { accountCompactLine, accountPanelInput } from '../format/account-lines.js';
import { fitText } from '../format/numbers.js';
import { wrapWords } from '../format/wrap.js';
import { freshnessMarker, tradingFreshness } from '../format/trading-freshness.js';
import {
  accountEventColumns,
  fillColumns,
  journalColumns,
  openOrderColumns,
  orderHistoryColumns,
  positionColumns,
  positionHistoryColumns,
  positionMarkNote,
  type MarketLookup,
} from '../format/trading-rows.js';

export const TONE_COLOUR: Record<CellTone, Colour | undefined> = { up: 'green', down: 'red', warn: 'yellow', muted: 'gray', plain: undefined };

export function paintCells(cells: readonly Cell[]): string {
  return cells.map((c) => paint(c.text, c.tone ? TONE_COLOUR[c.tone] : undefined)).join(' ');
}

/** The title: every tab, the active one bracketed (never colour alone). */
export function tabsTitle(tabs: TradingTabsState): string {
  return TRADING_TABS.map((t) => (t === tabs.tab ? `[${TAB_LABELS[t]}]` : TAB_LABELS[t])).join(' | ');
}

interface Table {
  header: Cell[];
  lines: Cell[][];
}

function table<Row>(columns: Column<Row>[], rows: readonly Row[], width: number, from: number, count: number): Table {
  const fitted = fitColumns(columns, width);
  return { header: headerCells(fitted), lines: rows.slice(from, from + count).map((r) => rowCells(fitted, r)) };
}

function buildTable(rows: TabRows, markets: MarketLookup, trading: TerminalState['trading'], width: number, from: number, count: number): Table {
  switch (rows.tab) {
    case 'positions':
      return table(positionColumns(markets, (p) => protectionOf(p, trading.orders)), rows.rows, width, from, count);
    case 'orders': {
      const positionSize = (id: number) => trading.positions.find((p) => p.positionId === id)?.size;
      return table(openOrderColumns(markets, positionSize), rows.rows, width, from, count);
    }
    case 'fills':
      return table(fillColumns(markets), rows.rows, width, from, count);
    case 'journal':
      return table(journalColumns(), rows.rows, width, from, count);
    case 'history':
      if (rows.view === 'orders') return table(orderHistoryColumns(markets), rows.rows, width, from, count);
      if (rows.view === 'positions') return table(positionHistoryColumns(markets), rows.rows, width, from, count);
      return table(accountEventColumns(markets), rows.rows, width, from, count);
  }
}

/** Tabs whose rows come from the signed-in trading socket: empty says nothing while the key is refused. */
const SESSION_TABS: ReadonlySet<TabRows['tab']> = new Set(['positions', 'orders', 'fills']);

function emptyText(state: TerminalState, rows: TabRows): string {
  if (!state.trading.enabled && rows.tab !== 'history') return 'read-only: no trading key loaded (market data only)';
  const refused = state.trading.health?.keyRefused;
  if (refused !== undefined && SESSION_TABS.has(rows.tab)) return keyRefusedMessage(refused);
  const feed = 'feed' in rows ? state.tabs.history[rows.feed] : null;
  if (feed?.loading) return 'loading…';
  if (feed?.error) return `could not load: ${feed.error} (r retries)`;
  switch (rows.tab) {
    case 'positions':
      return 'no open positions';
    case 'orders':
      return 'no open orders';
    case 'fills':
      return 'no fills';
    case 'journal':
      return 'no requests sent yet';
    case 'history':
      return `no ${rows.view === 'events' ? 'account events' : `${rows.view === 'orders' ? 'order' : 'position'} history`}`;
  }
}

function marketLookup(state: TerminalState): MarketLookup {
  return (id) => state.markets.find((m) => m.id === id) ?? (state.market?.id === id ? state.market : undefined);
}

/** The first key of `action` as shown, from the keymap in force (remapped keys show their new key). */
function k(action: Action): string {
  const binding = activeBindings().find((b) => b.action === action);
  const key = binding?.keys[0];
  return binding && key !== undefined ? bindingKeyLabel(binding, key) : '-';
}

/** The bottom line: the open prompt, or the keys of this tab. */
export function footerLine(state: TerminalState, rows: TabRows): { text: string; tone: CellTone } {
  const prompt: TabPrompt | null = state.tabs.prompt;
  if (prompt?.kind === 'confirm') return { text: `${prompt.question}  y = yes, any other key = cancel`, tone: 'warn' };
  if (prompt?.kind === 'editor') {
    const label = { amend: 'change', close: 'close', collateral: 'add collateral', tpsl: 'TP/SL', trigger: 'move trigger' }[prompt.mode];
    const tail = prompt.error ? `  ✗ ${prompt.error}` : `  ${EDITOR_HINTS[prompt.mode]}  Ctrl-U clears`;
    return { text: `${label}> ${prompt.text}█${tail}`, tone: prompt.error ? 'down' : 'plain' };
  }
  const scope = state.tabs.currentMarketOnly && state.market ? state.market.symbol : 'all markets';
  const move = `${k('down')}/${k('up')} move`;
  const tabKeys = `${k('prevTab')}/${k('nextTab')} or ${(['tabPositions', 'tabOrders', 'tabFills', 'tabHistory', 'tabJournal'] as const).map(k).join(' ')}`;
  switch (rows.tab) {
    case 'positions': {
      const keys = `${k('closePosition')} close  ${k('addCollateral')} add collateral  ${k('editTpsl')} TP/SL  ${move}  ${tabKeys} tabs`;
      // A mark that is not live says why here, first: the row shows only "stale" or "—".
      const note = positionMarkNote(rows.rows, selectedIndex(state, rows.rows.length), marketLookup(state));
      return note ? { text: `${note}  ·  ${keys}`, tone: 'warn' } : { text: keys, tone: 'muted' };
    }
    case 'orders':
      return {
        text: `${k('cancelOrder')} cancel  ${k('amendOrder')} change  ${k('cancelMarketOrders')} cancel all in market  ${k('cancelAllOrders')} cancel all  ${move}  ${k('prevTab')}/${k('nextTab')} tabs`,
        tone: 'muted',
      };
    case 'fills': {
      const feed = state.tabs.history.fills;
      return { text: `${scope} (${k('marketFilter')})  ${feed.done ? 'all loaded' : `${k('down')} past the end loads more`}  ${k('refreshHistory')} refresh  ${k('prevTab')}/${k('nextTab')} tabs`, tone: 'muted' };
    }
    case 'history': {
      const feed = state.tabs.history[rows.feed];
      const views = HISTORY_VIEWS.map((v) => (v === rows.view ? `[${v}]` : v)).join(' ');
      return { text: `${k('historyView')} ${views}  ${scope} (${k('marketFilter')})  ${feed.loading ? 'loading…' : feed.done ? 'all loaded' : `${k('down')} more`}  ${k('refreshHistory')} refresh`, tone: 'muted' };
    }
    case 'journal':
      return { text: 'every request, ack, update, status and retry decision; newest first', tone: 'muted' };
  }
}

/** The account's one line for the strip's bottom border; dimmed after its "as of" marker while trading is not live. */
function accountStripLine(state: TerminalState, markets: MarketLookup, width: number, marker: string | null): { cells: number; content: ReactNode } {
  const room = Math.max(0, width - 6 - (marker ? marker.length + 1 : 0));
  const account = accountCompactLine(accountPanelInput(state.trading), markets, room);
  const text = account.map((c) => paint(c.text, c.tone ? TONE_COLOUR[c.tone] : undefined)).join('');
  const cells = account.reduce((n, c) => n + c.text.length, 0) + (marker ? marker.length + 1 : 0);
  return {
    cells,
    content: (
      <Text wrap="truncate">
        {marker ? paint(`${marker} `, TONE_COLOUR.warn) : ''}
        {marker ? dim(text) : text}
      </Text>
    ),
  };
}

/** `accountLine`: the account's one line goes into the bottom border (no room for the account box). */
export function TradingTabs({ width, height, accountLine = false }: { width: number; height: number; accountLine?: boolean }) {
  const state = useTerminal((s) => s);
  const commands = useCommands();
  const focused = state.focus === 'trading';
  const inner = Math.max(0, width - 2);
  const visible = Math.max(0, height - 2 - 2); // borders, header line, footer line
  const rows = tabRows(state);
  const feed = 'feed' in rows ? rows.feed : null;
  const pages = feed ? state.tabs.history[feed] : null;

  // Opening a history list asks for its first page (an intent; the app does the I/O).
  useEffect(() => {
    if (feed && pages && pages.rows.length === 0 && !pages.done && !pages.loading && !pages.error) commands.loadMoreHistory?.(feed);
  }, [feed, pages, commands]);

  const selected = selectedIndex(state, rows.rows.length);
  // Scroll just enough to keep the selection on screen.
  const start = selected >= visible ? selected - visible + 1 : 0;
  const markets = marketLookup(state);
  const built = buildTable(rows, markets, state.trading, inner, start, visible);
  const footer = footerLine(state, rows);
  // While trading is not live, what the session last received is dimmed and says when it is from.
  const fresh = tradingFreshness(state.trading.enabled, state.trading.health);
  const marker = freshnessMarker(fresh);
  const dimRows = marker !== null && SESSION_TABS.has(rows.tab);
  // "waiting for the account…" claims nothing current: no marker on it.
  const account = accountLine ? accountStripLine(state, markets, width, state.trading.account ? marker : null) : undefined;
  return (
    <Pane title={tabsTitle(state.tabs)} width={width} height={height} focused={focused} {...(account ? { bottom: account } : {})}>
      <Text wrap="truncate">{dimRows ? dim(paintCells(built.header)) : paintCells(built.header)}</Text>
      {rows.rows.length === 0 ? (
        // Wrapped: a long one (the key refused, and what to do) must be read whole at 80 columns too.
        wrapWords(emptyText(state, rows), inner, Math.max(1, visible)).map((line, i) => (
          <Text key={i} color={theme.muted}>
            {line}
          </Text>
        ))
      ) : (
        built.lines.map((cells, i) => (
          <Text key={i} wrap="truncate" inverse={focused && start + i === selected}>
            {dimRows ? dim(paintCells(cells)) : paintCells(cells)}
          </Text>
        ))
      )}
      <Box flexGrow={1} />
      <Text wrap="truncate">
        {dimRows && !state.tabs.prompt ? paint(`${marker}  ·  `, TONE_COLOUR.warn) : ''}
        {paint(fitText(footer.text, dimRows && !state.tabs.prompt ? Math.max(0, inner - marker.length - 5) : inner), TONE_COLOUR[footer.tone])}
      </Text>
    </Pane>
  );
}

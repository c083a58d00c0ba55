// The bottom trading area: Positions | Open orders | Fills | History | Journal. Rows are fixed-width
// text from tabs/row-cells.ts; the selected row is inverse when the pane has focus; the last
// line is the inline editor / confirm, or the keys that work here.

import { Box, Text } from 'ink';
import { useEffect, type ReactNode } from 'react';
import { EDITOR_HINTS } from './editors.js';
import { keyRefusedMessage } from '../../domain/trading/key-refused.js';
import { protectionOf } from '../../domain/trading/protection.js';
import { marketsOf, type TerminalState } from '../../state/store.js';
import type { TabRows } from './rows.js';
import { firstShownRow, hiddenRowsText, selectedIndex, tabRows } from './rows.js';
import { HISTORY_VIEWS, TAB_LABELS, TRADING_TABS, type TradingTab, type TradingTabsState } from '../../state/trading-tabs.js';
import { dim, paint, type Colour } from '../shell/ansi.js';
import { confirmLine } from '../confirm/confirm-text.js';
import { editorLine } from '../format/editor-line.js';
import { bindingKeyLabel } from '../help/rows.js';
import type { Keymap } from '../keys/keymap.js';
import { Pane } from '../shell/Pane.js';
import { useActions, useKeymap, useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { fitColumns, headerCells, rowCells, type Cell, type CellTone, type Column } from '../format/table.js';
import { accountCompactLine, accountPanelInput } from '../account/account-lines.js';
import { fitText } from '../format/numbers.js';
import { wrapWords } from '../format/wrap.js';
import { useNow } from '../shell/use-now.js';
import { freshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import {
  accountEventColumns,
  fillColumns,
  journalColumns,
  linkText,
  openOrderColumns,
  orderAge,
  orderHistoryColumns,
  positionColumns,
  positionHistoryColumns,
  positionMarkNote,
  positionProtectionNote,
  protectionLookup,
  type MarketLookup,
  type ProtectionLookup,
} from './row-cells.js';

export const TONE_COLOUR: Record<CellTone, Colour | undefined> = { up: 'green', down: 'red', warn: 'yellow', muted: 'gray', plain: undefined };

export function paintCells(theme: Palette, cells: readonly Cell[]): string {
  return cells.map((c) => paint(theme, c.text, c.tone ? TONE_COLOUR[c.tone] : undefined)).join(' ');
}

/**
 * The title: every tab, the active one bracketed (never colour alone); Open orders with how many there are
 * (`Open orders (3)`), so orders on another tab or below the pane's edge are never out of mind.
 */
export function tabsTitle(tabs: TradingTabsState, openOrders = 0): string {
  const label = (t: TradingTab) => (t === 'orders' && openOrders > 0 ? `${TAB_LABELS[t]} (${openOrders})` : TAB_LABELS[t]);
  return TRADING_TABS.map((t) => (t === tabs.tab ? `[${label(t)}]` : label(t))).join(' | ');
}

/** Tabs whose rows the trader holds (an order, a position): rows the pane's height hides are counted. */
const HELD_TABS: ReadonlySet<TabRows['tab']> = new Set(['orders', 'positions']);

interface Table {
  header: Cell[];
  lines: Cell[][];
}

/** The TP/SL of the positions over the open orders, one working-out per row (make one per paint). */
function positionProtection(state: TerminalState): ProtectionLookup {
  return protectionLookup((p) => protectionOf(p, state.trading.orders));
}

function table<Row>(columns: Column<Row>[], rows: readonly Row[], width: number, from: number, count: number): Table {
  const fitted = fitColumns(columns, width);
  return { header: headerCells(fitted), lines: rows.slice(from, from + count).map((r) => rowCells(fitted, r)) };
}

function buildTable(rows: TabRows, markets: MarketLookup, trading: TerminalState['trading'], protection: ProtectionLookup, width: number, from: number, count: number, nowMs: number, msPerBlock: number): Table {
  switch (rows.tab) {
    case 'positions':
      return table(positionColumns(markets, protection, rows.rows.slice(from, from + count)), rows.rows, width, from, count);
    case 'orders': {
      const positionSize = (id: number) => trading.positions.find((p) => p.positionId === id)?.size;
      return table(openOrderColumns(markets, positionSize, nowMs, msPerBlock), rows.rows, width, from, count);
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
  const directory = marketsOf(state);
  return (id) => directory.byId(id) ?? (state.market?.id === id ? state.market : undefined);
}

/**
 * The keys of this tab from the bindings (their tab hints), after what the tab shows (the history view, the
 * market filter, how much is loaded). Why a key is off is said once, by the footer below and the help: a
 * replay's tabs read as the live session's did.
 */
function tabKeys(keymap: Keymap, state: TerminalState, rows: TabRows): string {
  const tab = state.tabs.tab;
  const groups: { keys: string[]; label: string }[] = [];
  for (const b of keymap.bindings) {
    if (b.mode !== 'panes' || b.tabHint === undefined || b.keys.length === 0) continue;
    if (b.tabs && !b.tabs.includes(tab)) continue;
    const key = bindingKeyLabel(b, b.keys[0]!);
    const last = groups.at(-1);
    if (last && last.label === b.tabHint) last.keys.push(key);
    else groups.push({ keys: [key], label: b.tabHint });
  }
  const keys = groups.map((g) => `${g.keys.join('/')} ${g.label}`).join('  ');
  const scope = state.tabs.currentMarketOnly && state.market ? state.market.symbol : 'all markets';
  const feed = 'feed' in rows ? state.tabs.history[rows.feed] : null;
  const loaded = feed ? (feed.loading ? 'loading…' : feed.done ? 'all loaded' : 'more as you scroll') : null;
  switch (rows.tab) {
    case 'fills':
      return `${scope}  ${loaded}  ${keys}`;
    case 'history':
      return `${HISTORY_VIEWS.map((v) => (v === rows.view ? `[${v}]` : v)).join(' ')}  ${scope}  ${loaded}  ${keys}`;
    case 'journal':
      return `every request, ack, update, status and retry decision; newest first  ${keys}`;
    default:
      return keys;
  }
}

/** The bottom line: the tabs' confirm, the open editor, or the keys that work here (`width`: the line's cells). */
export function footerLine(keymap: Keymap, state: TerminalState, rows: TabRows, width = Infinity, protection = positionProtection(state)): { text: string; tone: CellTone } {
  const confirm = state.tradingUi.confirm;
  if (confirm?.at === 'tabs') return { text: confirmLine(confirm), tone: 'warn' };
  const prompt = state.tabs.prompt;
  if (prompt) {
    const label = { amend: 'change', close: 'close', collateral: 'add collateral', tpsl: 'TP/SL', trigger: 'move trigger' }[prompt.mode];
    return { text: editorLine({ label, text: prompt.text, selected: prompt.selected === true, error: prompt.error, hint: EDITOR_HINTS[prompt.mode] }, width), tone: prompt.error ? 'down' : 'plain' };
  }
  const keys = tabKeys(keymap, state, rows);
  if (rows.tab === 'positions') {
    // A mark that is not live says why here, first: the row shows only "stale" or "—". Then what its TP/SL
    // do not do ("!liq", "(1/21)" on the row), in words.
    const selected = selectedIndex(state, rows.rows.length);
    const notes = [
      positionMarkNote(rows.rows, selected, marketLookup(state)),
      positionProtectionNote(rows.rows, selected, marketLookup(state), protection),
    ].filter((n): n is string => n !== null);
    if (notes.length > 0) return { text: `${notes.join('  ·  ')}  ·  ${keys}`, tone: 'warn' };
  }
  return { text: keys, tone: 'muted' };
}

/**
 * Where the age column does not fit (80 columns), the selected open order's age leads the key line; where the
 * pos column does not, a bracket leg's "waits for entry #…" does too.
 */
function withOrderAge(footer: { text: string; tone: CellTone }, rows: TabRows, selected: number, header: readonly Cell[], nowMs: number): { text: string; tone: CellTone } {
  if (rows.tab !== 'orders') return footer;
  const order = rows.rows[selected];
  if (!order || footer.tone !== 'muted') return footer;
  const shown = (name: string) => header.some((c) => c.text.trim() === name);
  const waits = order.waitsForEntry && !shown('pos') ? linkText(order) : null;
  const age = shown('age') ? null : `age ${orderAge(order.placedMs, nowMs)}`;
  const lead = [waits, age].filter((t): t is string => t !== null);
  return lead.length === 0 ? footer : { text: `${lead.join('  ·  ')}  ·  ${footer.text}`, tone: footer.tone };
}

interface TabsView {
  title: string;
  focused: boolean;
  header: Cell[];
  lines: Cell[][];
  empty: string | null;
  start: number;
  selected: number;
  footer: { text: string; tone: CellTone };
  account: Cell[] | null;
  /** While trading is not live and this tab shows the session's rows: they are dimmed, the key line starts "as of HH:MM:SS (trading down)". */
  stale: boolean;
  marker: string | null;
  /** The same for the account line (none on "waiting for the account…": it claims nothing current). */
  accountMarker: string | null;
  /** Rows the pane's height hides ("▼ 4 more below"), before the keys; null when all show or the line is a prompt. */
  hidden: string | null;
}

/** Everything the tabs draw, from the state: the pane selects this (compared as text), never the whole store. */
function tabsView(keymap: Keymap, state: TerminalState, width: number, height: number, accountLine: boolean, nowMs: number): TabsView {
  const inner = Math.max(0, width - 2);
  const visible = Math.max(0, height - 2 - 2); // borders, header line, footer line
  const rows = tabRows(state);
  const selected = selectedIndex(state, rows.rows.length);
  const start = firstShownRow(selected, visible);
  const markets = marketLookup(state);
  // Each position's TP/SL worked out once for the rows and the key line's note.
  const protection = positionProtection(state);
  const built = buildTable(rows, markets, state.trading, protection, inner, start, visible, nowMs, state.msPerBlock);
  // While trading is not live, what the session last received is dimmed and says when it is from.
  const marker = freshnessMarker(tradingFreshness(state.trading.enabled, state.trading.health));
  const accountMarker = state.trading.account ? marker : null;
  return {
    title: tabsTitle(state.tabs, state.trading.orders.length),
    focused: state.focus === 'trading',
    header: built.header,
    lines: built.lines,
    empty: rows.rows.length === 0 ? emptyText(state, rows) : null,
    start,
    selected,
    footer: withOrderAge(footerLine(keymap, state, rows, inner, protection), rows, selected, built.header, nowMs),
    account: accountLine ? accountCompactLine(accountPanelInput(state.trading), markets, Math.max(0, width - 6 - (accountMarker ? accountMarker.length + 1 : 0))) : null,
    stale: marker !== null && SESSION_TABS.has(rows.tab),
    // An open prompt keeps the whole line.
    marker: SESSION_TABS.has(rows.tab) && !state.tabs.prompt ? marker : null,
    accountMarker,
    // The prompt and the tabs' confirm keep the whole line.
    hidden: HELD_TABS.has(rows.tab) && !state.tabs.prompt && state.tradingUi.confirm?.at !== 'tabs' ? hiddenRowsText(rows.rows.length, start, visible) : null,
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

/** `accountLine`: the account's one line goes into the bottom border (no room for the account box). */
export function TradingTabs({ width, height, accountLine = false }: { width: number; height: number; accountLine?: boolean }) {
  const theme = useTheme();
  const keymap = useKeymap();
  const actions = useActions();
  const inner = Math.max(0, width - 2);
  const visible = Math.max(0, height - 2 - 2);
  // Open orders show their age: a whole-second clock (a redraw only when a shown age changes).
  const nowMs = Math.floor(useNow(1000) / 1000) * 1000;
  const view = JSON.parse(useTerminal((s) => JSON.stringify(tabsView(keymap, s, width, height, accountLine, nowMs)))) as TabsView;
  const feed = useTerminal((s) => {
    const rows = tabRows(s);
    return 'feed' in rows ? rows.feed : null;
  });
  const pages = useTerminal((s) => (feed ? s.tabs.history[feed] : null));

  // Opening a history list asks for its first page (an intent; the app does the I/O).
  useEffect(() => {
    if (feed && pages && pages.rows.length === 0 && !pages.done && !pages.loading && !pages.error) actions.loadMoreHistory(feed);
  }, [feed, pages, actions]);

  const account = view.account;
  const bottom = account ? accountStripLine(theme, account, view.accountMarker) : undefined;
  const faint = (text: string): string => (view.stale ? dim(text) : text);
  // Before the keys: "as of" (trading down), then the rows the height hides.
  const lead = [view.marker, view.hidden].filter((part): part is string => part !== null);
  return (
    <Pane title={view.title} width={width} height={height} focused={view.focused} {...(bottom ? { bottom } : {})}>
      <Text wrap="truncate">{faint(paintCells(theme, view.header))}</Text>
      {view.empty !== null ? (
        // Wrapped: a long one (the key refused, and what to do) must be read whole at 80 columns too.
        wrapWords(view.empty, inner, Math.max(1, visible)).map((line, i) => (
          <Text key={i} color={theme.muted}>
            {line}
          </Text>
        ))
      ) : (
        view.lines.map((cells, i) => (
          <Text key={i} wrap="truncate" inverse={view.focused && view.start + i === view.selected}>
            {faint(paintCells(theme, cells))}
          </Text>
        ))
      )}
      <Box flexGrow={1} />
      <Text wrap="truncate">
        {lead.map((part) => paint(theme, `${part}  ·  `, TONE_COLOUR.warn)).join('')}
        {paint(theme, fitText(view.footer.text, Math.max(0, inner - lead.reduce((n, part) => n + part.length + 5, 0))), TONE_COLOUR[view.footer.tone])}
      </Text>
    </Pane>
  );
}

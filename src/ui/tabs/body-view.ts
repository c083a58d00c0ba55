// What every tab's body draws, worked out the same way for each: the column header, the rows the height
// shows (scrolled to keep the selection on screen), the empty list's words, the bottom line and its lead
// ("as of" while trading is down, the rows the height hides). Each tab's view.ts gives its rows, columns
// and bottom line; the tab's component (PositionsTab.tsx, ...) draws the result.

import { keyRefusedMessage } from '../../domain/trading/key-refused.js';
import type { TerminalState } from '../../state/store.js';
import type { HistoryFeedKind } from '../../state/trading-tabs.js';
import { fitColumns, headerCells, rowCells, type Cell, type Column } from '../format/table.js';
import { freshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import type { Keymap } from '../keys/keymap.js';
import type { FooterLine } from './footer.js';
import { firstShownRow, hiddenRowsText } from './selection.js';

export interface TabBodyView {
  header: Cell[];
  lines: Cell[][];
  /** The empty list's words, or null when there are rows. */
  empty: string | null;
  /** The index of the first row shown and of the selected one (drawn inverse while the pane has focus). */
  start: number;
  selected: number;
  footer: FooterLine;
  /** While trading is not live and this tab shows the session's rows: they are dimmed, the key line starts "as of HH:MM:SS (trading down)". */
  stale: boolean;
  marker: string | null;
  /** Rows the pane's height hides ("▼ 4 more below"), before the keys; null when all show or the line is a prompt. */
  hidden: string | null;
}

/** The rows the body has room for inside a pane `height` high: borders, the header line, the footer line. */
export function visibleRows(height: number): number {
  return Math.max(0, height - 2 - 2);
}

export interface TabBodySpec<Row> {
  rows: readonly Row[];
  selected: number;
  /** The columns for the rows shown (a column may widen to what they hold). */
  columns: (shown: readonly Row[]) => Column<Row>[];
  /** What the tab says with no rows (after the read-only, key-refused, loading and error words every tab has). */
  none: string;
  /** The history feed the rows are paged from, when they are. */
  feed?: HistoryFeedKind;
  /** Rows of the signed-in trading socket: dimmed with "as of" while trading is not live, empty while the key is refused. */
  session: boolean;
  /** Rows the trader holds (an order, a position): those the height hides are counted. */
  held: boolean;
  /** The bottom line, given the header drawn (what a narrow pane left out) and the first row shown. */
  footer: (header: readonly Cell[]) => FooterLine;
}

function emptyText(state: TerminalState, spec: { none: string; feed?: HistoryFeedKind; session: boolean }, anyTab: boolean): string {
  if (!state.trading.enabled && anyTab) return 'read-only: no trading key loaded (market data only)';
  const refused = state.trading.health?.keyRefused;
  if (refused !== undefined && spec.session) return keyRefusedMessage(refused);
  const feed = spec.feed ? state.tabs.history[spec.feed] : null;
  if (feed?.loading) return 'loading…';
  if (feed?.error) return `could not load: ${feed.error} (r retries)`;
  return spec.none;
}

/**
 * The body of a tab `width` x `height` (the pane's outer size). `readOnlyEmpty`: whether the empty list says
 * "read-only" when no trading key is loaded (the History tab reads REST and says what it has instead).
 */
export function tabBodyView<Row>(state: TerminalState, width: number, height: number, spec: TabBodySpec<Row>, readOnlyEmpty = true): TabBodyView {
  const inner = Math.max(0, width - 2);
  const visible = visibleRows(height);
  const start = firstShownRow(spec.selected, visible);
  const shown = spec.rows.slice(start, start + visible);
  const fitted = fitColumns(spec.columns(shown), inner);
  const header = headerCells(fitted);
  // While trading is not live, what the session last received is dimmed and says when it is from.
  const marker = freshnessMarker(tradingFreshness(state.trading.enabled, state.trading.health));
  const prompt = state.tabs.prompt !== null;
  return {
    header,
    lines: shown.map((r) => rowCells(fitted, r)),
    empty: spec.rows.length === 0 ? emptyText(state, spec, readOnlyEmpty) : null,
    start,
    selected: spec.selected,
    footer: spec.footer(header),
    stale: marker !== null && spec.session,
    // An open prompt keeps the whole line.
    marker: spec.session && !prompt ? marker : null,
    // The prompt and the tabs' confirm keep the whole line.
    hidden: spec.held && !prompt && state.tradingUi.confirm?.at !== 'tabs' ? hiddenRowsText(spec.rows.length, start, visible) : null,
  };
}

/** The store slices a tab's body reads: its view is worked out again only when one of them, the keys or the size change. */
export function tabBodySlices(keymap: Keymap, state: TerminalState, width: number, height: number): unknown[] {
  return [keymap, state.trading, state.tabs, state.market, state.markets, state.tradingUi.confirm, state.msPerBlock, width, height];
}

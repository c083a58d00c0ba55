// The rows each trading tab lists, from the store: live session rows, REST history pages merged in
// (live fills first, duplicates dropped), and the market filter. Pure; the pane and the keys share it
// so the selected row is the same row for both.

import type { AccountEventRowView, OrderHistoryRowView, PositionHistoryRowView } from '../../domain/trading/history-views.js';
import { restingOrderEffect } from '../../domain/trading/resting-order-effect.js';
import type { FillRowView, JournalEntryView, OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { ExecutionReport } from '../../domain/trading/execution-report.js';
import { executionLine } from '../../domain/trading/execution-words.js';
import type { TerminalState } from '../../state/store.js';
import type { HistoryFeedKind } from '../../state/trading-tabs.js';

export type TabRows =
  | { tab: 'positions'; rows: PositionRowView[] }
  | { tab: 'orders'; rows: OrderRowView[] }
  | { tab: 'fills'; rows: FillRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'orders'; rows: OrderHistoryRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'positions'; rows: PositionHistoryRowView[]; feed: HistoryFeedKind }
  | { tab: 'history'; view: 'events'; rows: AccountEventRowView[]; feed: HistoryFeedKind }
  | { tab: 'journal'; rows: JournalEntryView[] };

/**
 * The Journal (newest first) with each order's execution report on a line of its own above its `resolved`
 * line: the outcome, then how it went (times from the key press, slippage).
 */
export function withExecutionReports(journal: readonly JournalEntryView[], reports: readonly ExecutionReport[]): JournalEntryView[] {
  if (reports.length === 0) return [...journal];
  const byKey = new Map(reports.map((r) => [r.requestKey, r]));
  const out: JournalEntryView[] = [];
  for (const e of journal) {
    const report = e.kind === 'resolved' ? byKey.get(e.requestKey) : undefined;
    if (report) out.push({ timeMs: e.timeMs, kind: 'report', requestKey: e.requestKey, rq: report.rq, text: executionLine(report) });
    out.push(e);
  }
  return out;
}

/** Newest first by block, transaction and log position (a fill without a block goes last). */
function newerFirst(a: FillRowView, b: FillRowView): number {
  return (b.block ?? -1) - (a.block ?? -1) || (b.tx ?? 0) - (a.tx ?? 0) || (b.log ?? 0) - (a.log ?? 0);
}

/**
 * Live fills and the paged ones not already shown, newest first: a fill the socket never delivered (it
 * landed while the socket was down, or before a restart) is paged in later but placed at its own time.
 */
export function mergeFills(live: readonly FillRowView[], paged: readonly FillRowView[]): FillRowView[] {
  const seen = new Set(live.map((f) => f.key));
  return [...live, ...paged.filter((f) => !seen.has(f.key))].sort(newerFirst);
}

/** The order with what it would do to its market's position if it filled now (reduce, close, open, flip). */
export function withOrderEffect(order: OrderRowView, positions: readonly PositionRowView[]): OrderRowView {
  return { ...order, effect: restingOrderEffect(order, positions.find((p) => p.marketId === order.marketId)) };
}

/**
 * A bracket leg (linked by `tr` to its entry's request, not yet to a position) whose entry is still open: the
 * entry's order id. Null once the entry filled (the exchange links the leg to the position) or is gone.
 */
export function entryWaitedFor(order: OrderRowView, orders: readonly OrderRowView[]): number | null {
  if (order.linkedPositionId !== null || !order.linkedRequestId) return null;
  return orders.find((o) => o.requestId === order.linkedRequestId && o.orderId !== order.orderId)?.orderId ?? null;
}

export function tabRows(state: TerminalState): TabRows {
  const { tabs, trading } = state;
  const marketId = tabs.currentMarketOnly ? state.market?.id : undefined;
  const inMarket = <R extends { marketId: number | null }>(rows: R[]): R[] =>
    marketId === undefined ? rows : rows.filter((r) => r.marketId === marketId);
  switch (tabs.tab) {
    case 'positions':
      return { tab: 'positions', rows: trading.positions };
    case 'orders':
      return { tab: 'orders', rows: trading.orders.map((o) => ({ ...withOrderEffect(o, trading.positions), waitsForEntry: entryWaitedFor(o, trading.orders) })) };
    case 'fills':
      return { tab: 'fills', rows: inMarket(mergeFills(trading.fills, tabs.history.fills.rows)), feed: 'fills' };
    case 'history':
      switch (tabs.historyView) {
        case 'orders':
          return { tab: 'history', view: 'orders', rows: inMarket(tabs.history.orders.rows), feed: 'orders' };
        case 'positions':
          return { tab: 'history', view: 'positions', rows: inMarket(tabs.history.positions.rows), feed: 'positions' };
        case 'events':
          return { tab: 'history', view: 'events', rows: inMarket(tabs.history.events.rows), feed: 'events' };
      }
      break;
    case 'journal':
      // Newest first, like every other list here.
      return { tab: 'journal', rows: withExecutionReports([...trading.journal].reverse(), trading.executions) };
  }
  return { tab: 'positions', rows: trading.positions };
}

/** The selected index clamped to the rows there are (the list can shrink under the cursor). */
export function selectedIndex(state: TerminalState, count: number): number {
  return Math.max(0, Math.min(count - 1, state.tabs.selected[state.tabs.tab]));
}

/** Which rows a list `visible` rows high shows: scrolled just enough to keep the selection on screen. */
export function firstShownRow(selected: number, visible: number): number {
  return selected >= visible ? selected - visible + 1 : 0;
}

/**
 * The rows the pane's height hides, said where the keys are: "▲ 2 more above  ▼ 4 more below", or null
 * when every row shows. An order or a position off screen is still the trader's.
 */
export function hiddenRowsText(total: number, start: number, visible: number): string | null {
  const above = Math.min(start, total);
  const below = Math.max(0, total - start - Math.max(0, visible));
  const parts = [above > 0 ? `▲ ${above} more above` : null, below > 0 ? `▼ ${below} more below` : null].filter((p) => p !== null);
  return parts.length > 0 ? parts.join('  ') : null;
}

// Where the order form goes while it is open (b / s, a change under review): docked so the market stays in
// view. Where the chart is wide enough the form is a column between the book and the chart, and book, chart
// and trades all stay on screen; where it is not (80 columns) the form takes the chart's place and the book
// and the tape stay. Where the top row is too short for the review (80x24) the trading strip yields its rows
// while the form is open: the review (fields, preview, notes, the smart confirm) must be readable whole.
// Pure, so every size is tested without a terminal.

import type { PaneBox, ScreenLayout } from './layout.js';

const BORDER = 2;

/** The docked column at wide terminals: the longest field line (leverage with its bar) and a preview part fit. */
export const ENTRY_DOCK_WIDTH = 48;
/** Narrowest the docked column gets beside a chart; below it the form takes the chart's place. */
export const ENTRY_MIN_DOCK_WIDTH = 36;
/** Columns the chart keeps beside the docked form (its price axis and a useful run of candles). */
export const CHART_MIN_BESIDE_ENTRY = 30;
/** Rows inside the form's borders that the review of a crossing limit needs at its narrowest width. */
export const ENTRY_MIN_INNER_ROWS = 18;

export interface DockedLayout extends ScreenLayout {
  /** The order form's box. */
  entry: PaneBox;
}

/**
 * The layout with the order form docked; `layout` is the unzoomed one (an open form shows the market).
 * `overTape`: the form in the chart's place cannot show its whole review (a long change review and its
 * confirm at 80x24): it takes the tape's columns too, for as long as that review is open.
 */
export function dockEntry(layout: ScreenLayout, overTape = false): DockedLayout {
  if (layout.tooSmall) return { ...layout, entry: { width: 0, height: 0 } };
  const chartWidth = layout.chart.width;
  const beside = Math.min(ENTRY_DOCK_WIDTH, chartWidth - CHART_MIN_BESIDE_ENTRY);
  const docked = beside >= ENTRY_MIN_DOCK_WIDTH;
  const widened = !docked && overTape;
  const entryWidth = docked ? beside : widened ? chartWidth + layout.trades.width : chartWidth;
  const chart = docked ? chartWidth - entryWidth : 0;

  // The strip gives the top row its rows when the top row cannot hold the review.
  const body = layout.book.height + layout.trading.height;
  const yieldStrip = layout.book.height - BORDER < ENTRY_MIN_INNER_ROWS;
  const top = yieldStrip ? body : layout.book.height;
  return {
    ...layout,
    book: { width: layout.book.width, height: top },
    entry: { width: entryWidth, height: top },
    chart: { width: chart, height: chart > 0 ? top : 0 },
    trades: widened ? { width: 0, height: 0 } : { width: layout.trades.width, height: top },
    trading: yieldStrip ? { width: 0, height: 0 } : layout.trading,
    account: yieldStrip ? { width: 0, height: 0 } : layout.account,
    accountLine: yieldStrip ? false : layout.accountLine,
    depth: Math.max(1, Math.floor((top - BORDER - 2) / 2)),
    tradeRows: widened ? layout.tradeRows : Math.max(1, top - BORDER - 1),
    // The candles asked for follow the narrower chart; a hidden chart keeps what it had (no refetch on close).
    candleColumns: chart > 0 ? Math.max(1, chart - BORDER) : layout.candleColumns,
  };
}

// Pane sizes for a terminal size. Pure, so the 200x50 and 80x24 layouts are tested without a terminal.
// Every pane is on screen at every size from 80x24 up: on short terminals (80x24 included) the trading
// area is a compact strip of COMPACT_TRADING_HEIGHT rows (three rows of the active tab) and the book,
// chart and tape share the rest. The account is always on screen: a narrow box left of the trading tabs
// where the trading area is wide and tall enough (200x50), else one line in the tabs' bottom border.

import { PANE_ORDER, type PaneId } from '../../state/store.js';

export const MIN_COLS = 80;
export const MIN_ROWS = 24;

export interface PaneBox {
  width: number;
  height: number;
}

export interface ScreenLayout {
  cols: number;
  rows: number;
  tooSmall: boolean;
  /** Rows Ink draws: one less than the terminal, so Ink never clears the whole screen per frame. */
  frameRows: number;
  /** Status bar and market header share one row when the terminal is wide enough. */
  headerRows: 1 | 2;
  book: PaneBox;
  chart: PaneBox;
  trades: PaneBox;
  /** The bottom trading tabs; a short strip (COMPACT_TRADING_HEIGHT) below COMPACT_ROWS rows. */
  trading: PaneBox;
  /** The account box left of the trading tabs; width 0 when the account is the compact line instead. */
  account: PaneBox;
  /** The account is one line in the trading tabs' bottom border (no room for the box). */
  accountLine: boolean;
  /** Visible book levels per side, trades and candles: what the publisher asks the source for. */
  depth: number;
  tradeRows: number;
  candleColumns: number;
}

const BORDER = 2;

/** The compact trading strip: borders, column header, three rows of the active tab, its key line. */
export const COMPACT_TRADING_HEIGHT = 7;

/** The account box: eight figures and a reason line inside borders, at the left of the trading tabs. */
export const ACCOUNT_BOX_WIDTH = 30;
export const ACCOUNT_BOX_MIN_HEIGHT = 11;
/** Below this width the trading tabs keep every column and the account goes into their border. */
export const ACCOUNT_BOX_MIN_COLS = 150;

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

export function computeLayout(cols: number, rows: number): ScreenLayout {
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const frameRows = Math.max(1, rows - 1);
  const headerRows: 1 | 2 = cols >= 180 ? 1 : 2;
  const footerRows = 1;
  const body = Math.max(0, frameRows - headerRows - footerRows);
  // A quarter of the body, never less than the compact strip (what terminals under ~32 rows get).
  const tradingHeight = Math.min(body, clamp(Math.round(body * 0.26), COMPACT_TRADING_HEIGHT, 14));
  const topHeight = body - tradingHeight;

  const bookWidth = clamp(Math.round(cols * 0.19), 28, 44);
  const tradesWidth = clamp(Math.round(cols * 0.17), 26, 38);
  const chartWidth = Math.max(0, cols - bookWidth - tradesWidth);

  // Inside the book: column header + spread line; the rest split between asks and bids.
  const bookInner = topHeight - BORDER - 2;
  const depth = Math.max(1, Math.floor(bookInner / 2));
  const tradeRows = Math.max(1, topHeight - BORDER - 1);
  const accountBox = cols >= ACCOUNT_BOX_MIN_COLS && tradingHeight >= ACCOUNT_BOX_MIN_HEIGHT;
  const accountWidth = accountBox ? ACCOUNT_BOX_WIDTH : 0;
  return {
    cols,
    rows,
    tooSmall,
    frameRows,
    headerRows,
    book: { width: bookWidth, height: topHeight },
    chart: { width: chartWidth, height: topHeight },
    trades: { width: tradesWidth, height: topHeight },
    trading: { width: cols - accountWidth, height: tradingHeight },
    account: { width: accountWidth, height: accountBox ? tradingHeight : 0 },
    accountLine: !accountBox,
    depth,
    tradeRows,
    candleColumns: Math.max(1, chartWidth - BORDER),
  };
}

/** The panes `layout` draws (width and height both non-zero), in focus order; none when too small. */
export function visiblePanes(layout: ScreenLayout): PaneId[] {
  if (layout.tooSmall) return [];
  const boxes: Record<PaneId, PaneBox> = { book: layout.book, chart: layout.chart, trades: layout.trades, trading: layout.trading };
  return PANE_ORDER.filter((pane) => boxes[pane].width > 0 && boxes[pane].height > 0);
}

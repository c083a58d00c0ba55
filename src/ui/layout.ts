// Pane sizes for a terminal size. Pure, so the 200x50 and 80x24 layouts are tested without a terminal.

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
  /** Height 0 when there is no room for the trading area. */
  trading: PaneBox;
  /** Visible book levels per side, trades and candles: what the publisher asks the source for. */
  depth: number;
  tradeRows: number;
  candleColumns: number;
}

const BORDER = 2;

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

export function computeLayout(cols: number, rows: number): ScreenLayout {
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const frameRows = Math.max(1, rows - 1);
  const headerRows: 1 | 2 = cols >= 180 ? 1 : 2;
  const footerRows = 1;
  const body = Math.max(0, frameRows - headerRows - footerRows);
  const tradingHeight = rows >= 34 ? clamp(Math.round(body * 0.26), 6, 14) : 0;
  const topHeight = body - tradingHeight;

  const bookWidth = clamp(Math.round(cols * 0.19), 28, 44);
  const tradesWidth = clamp(Math.round(cols * 0.17), 26, 38);
  const chartWidth = Math.max(0, cols - bookWidth - tradesWidth);

  // Inside the book: column header + spread line; the rest split between asks and bids.
  const bookInner = topHeight - BORDER - 2;
  const depth = Math.max(1, Math.floor(bookInner / 2));
  const tradeRows = Math.max(1, topHeight - BORDER - 1);
  return {
    cols,
    rows,
    tooSmall,
    frameRows,
    headerRows,
    book: { width: bookWidth, height: topHeight },
    chart: { width: chartWidth, height: topHeight },
    trades: { width: tradesWidth, height: topHeight },
    trading: { width: cols, height: tradingHeight },
    depth,
    tradeRows,
    candleColumns: Math.max(1, chartWidth - BORDER),
  };
}

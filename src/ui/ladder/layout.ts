// The ladder takes the book's box, widened to LADDER_WIDTH where the chart can give the columns (five
// columns need more room than the book's three: 28 at 80 columns), and asks the feed for what its rows need:
// the levels its prices can reach and the volume per price of the last minutes (every trade, not the tape's).

import { MAX_BOOK_DEPTH } from '../../state/book-display.js';
import type { ScreenLayout } from '../shell/layout.js';
import { ladderRowCount } from './view.js';

export const LADDER_WIDTH = 40;
/** The chart keeps at least this many columns beside the ladder. */
const MIN_CHART_WIDTH = 12;

export function withLadder(layout: ScreenLayout): ScreenLayout {
  const take = Math.max(0, Math.min(LADDER_WIDTH - layout.book.width, layout.chart.width - MIN_CHART_WIDTH));
  if (take === 0) return layout;
  const chartWidth = layout.chart.width - take;
  return { ...layout, book: { ...layout.book, width: layout.book.width + take }, chart: { ...layout.chart, width: chartWidth }, candleColumns: Math.max(1, chartWidth - 2) };
}

export const ladderWants = {
  /** Levels per side: every row's price on both sides, and as many again for the cursor to scroll into. */
  depth: (height: number): number => Math.min(MAX_BOOK_DEPTH, 2 * ladderRowCount(height)),
};

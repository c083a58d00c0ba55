// Where the chart looks: live (the newest candles, moving with the market) or scrolled back to a fixed
// candle, and the cursor. Anchored by open time, not by a count from the newest, so a candle opening
// while the trader looks back does not move what they look at. Pure: the chart keys (ui/keys) apply
// what these return and ask for older candles when `wantsOlderCandles` says the view nears the oldest.

import type { CandleHistoryView, CandleView } from '../domain/views.js';

export interface ChartViewState {
  /** Open time of the newest candle shown; null = live. */
  endT: number | null;
  /** Open time of the candle under the cursor; null = no cursor. */
  cursorT: number | null;
}

export const LIVE_CHART: ChartViewState = { endT: null, cursorT: null };

/** What the chart's moves read: the published window, what is held, the timeframe, the window's width. */
export interface ChartFacts {
  chart: ChartViewState;
  /** The published window (ends at `chart.endT`, or the newest). */
  candles: readonly CandleView[];
  candleHistory: CandleHistoryView;
  /** Candle resolution in seconds. */
  resolution: number;
  /** Candles the window holds (the chart's width). */
  windowSize: number;
}

const stepMs = (f: ChartFacts): number => f.resolution * 1000;

/** The oldest `endT` that still fills the window, or null when everything held fits in it. */
function oldestEnd(f: ChartFacts): number | null {
  const { oldestT, newestT } = f.candleHistory;
  if (oldestT === null || newestT === null) return null;
  return Math.min(newestT, oldestT + (Math.max(1, f.windowSize) - 1) * stepMs(f));
}

/** The open time of the newest candle shown now. */
export function shownEndT(f: ChartFacts): number | null {
  return f.chart.endT ?? f.candleHistory.newestT ?? f.candles.at(-1)?.t ?? null;
}

/** The end `candles` candles older (negative) or newer, clamped to what is held; the newest is live (null). */
function endAfterPan(f: ChartFacts, candles: number): number | null {
  const end = shownEndT(f);
  const newest = f.candleHistory.newestT;
  const oldest = oldestEnd(f);
  if (end === null || newest === null || oldest === null) return null;
  const next = Math.max(oldest, end + candles * stepMs(f));
  return next >= newest ? null : next;
}

/** Pans by `candles` (negative = back in time); the cursor, when on, moves along and stays on screen. */
export function panChart(f: ChartFacts, candles: number): ChartViewState {
  const endT = endAfterPan(f, candles);
  const before = shownEndT(f);
  const after = endT ?? f.candleHistory.newestT;
  const { cursorT } = f.chart;
  if (cursorT === null || before === null || after === null) return { endT, cursorT };
  return { endT, cursorT: clampCursor(f, cursorT + (after - before), after) };
}

function clampCursor(f: ChartFacts, t: number, end: number): number {
  const start = end - (Math.max(1, f.windowSize) - 1) * stepMs(f);
  return Math.min(end, Math.max(start, f.candleHistory.oldestT ?? start, t));
}

/** Moves the cursor `candles` candles; past an edge of the window the view pans with it. */
export function moveChartCursor(f: ChartFacts, candles: number): ChartViewState {
  const { cursorT } = f.chart;
  if (cursorT === null) return f.chart;
  const index = f.candles.findIndex((c) => c.t >= cursorT);
  const at = index < 0 ? f.candles.length - 1 : index;
  const target = f.candles[at + candles]?.t ?? cursorT + candles * stepMs(f);
  const first = f.candles[0]?.t ?? target;
  const last = f.candles.at(-1)?.t ?? target;
  if (target >= first && target <= last) return { ...f.chart, cursorT: target };
  const endT = endAfterPan(f, Math.round((target < first ? target - first : target - last) / stepMs(f)));
  const end = endT ?? f.candleHistory.newestT ?? last;
  return { endT, cursorT: clampCursor(f, target, end) };
}

/** Cursor on (at the newest shown candle) or off. */
export function toggleChartCursor(f: ChartFacts): ChartViewState {
  return { ...f.chart, cursorT: f.chart.cursorT === null ? (f.candles.at(-1)?.t ?? null) : null };
}

/** Back to live; a cursor moves to the newest candle. */
export function chartToLive(f: ChartFacts): ChartViewState {
  return { endT: null, cursorT: f.chart.cursorT === null ? null : f.candleHistory.newestT };
}

/**
 * Esc in the chart: the crosshair off first, then back to live (the newest candles); null when the view is
 * live with no crosshair, and Esc steps back as elsewhere.
 */
export function chartStepBack(chart: ChartViewState): ChartViewState | null {
  if (chart.cursorT !== null) return { ...chart, cursorT: null };
  return chart.endT !== null ? LIVE_CHART : null;
}

/** To the oldest candle held (where the next older page is fetched); a cursor moves to it. */
export function chartToOldest(f: ChartFacts): ChartViewState {
  const oldest = oldestEnd(f);
  const newest = f.candleHistory.newestT;
  const endT = oldest === null || newest === null || oldest >= newest ? null : oldest;
  return { endT, cursorT: f.chart.cursorT === null ? null : f.candleHistory.oldestT };
}

/**
 * Whether the view at `next` is within one window of the oldest candle held and an older page could
 * come: then the key asks for it (one in flight at a time, the client enforces it too).
 */
export function wantsOlderCandles(f: ChartFacts, next: ChartViewState): boolean {
  const { oldestT, newestT, loadingOlder, noOlder } = f.candleHistory;
  if (oldestT === null || newestT === null || loadingOlder || noOlder) return false;
  const end = next.endT ?? newestT;
  const windowStart = end - (Math.max(1, f.windowSize) - 1) * stepMs(f);
  return windowStart - oldestT < f.windowSize * stepMs(f);
}

/** Scrolled back, at the oldest held and nothing older to come: the older keys have nowhere to go. */
export function atOldestCandle(f: ChartFacts): boolean {
  const oldest = oldestEnd(f);
  const end = shownEndT(f);
  if (oldest === null || end === null) return true;
  const cursorAtStart = f.chart.cursorT === null || f.chart.cursorT <= (f.candleHistory.oldestT ?? f.chart.cursorT);
  return end <= oldest && cursorAtStart && f.candleHistory.noOlder;
}

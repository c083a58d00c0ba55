import { describe, expect, it } from 'vitest';
import type { CandleView } from '../domain/views.js';
import { atOldestCandle, chartToLive, chartToOldest, LIVE_CHART, moveChartCursor, panChart, toggleChartCursor, wantsOlderCandles, type ChartFacts } from './chart-view.js';

const MIN = 60_000;
const candle = (i: number): CandleView => ({ t: i * MIN, o: 1, h: 1, l: 1, c: 1, volume: 0 });
/** Candles 0..99 held, a window of 10 ending at `end` (or the newest). */
function facts(over: Partial<ChartFacts> = {}, end = 99): ChartFacts {
  return {
    chart: LIVE_CHART,
    candles: Array.from({ length: 10 }, (_, i) => candle(end - 9 + i)),
    candleHistory: { oldestT: 0, newestT: 99 * MIN, loadingOlder: false, noOlder: false },
    resolution: 60,
    windowSize: 10,
    ...over,
  };
}

describe('the chart view (scroll back in time, cursor)', () => {
  it('chart-pans-back-from-live-and-forward-to-live: the newest end is live again (null)', () => {
    const back = panChart(facts(), -5);
    expect(back).toEqual({ endT: 94 * MIN, cursorT: null });
    expect(panChart(facts({ chart: back }, 94), 5)).toEqual(LIVE_CHART);
    expect(panChart(facts({ chart: back }, 94), 50)).toEqual(LIVE_CHART);
  });

  it('chart-pan-stops-at-the-oldest-held: the window stays full', () => {
    expect(panChart(facts(), -1_000).endT).toBe(9 * MIN);
    expect(chartToOldest(facts()).endT).toBe(9 * MIN);
  });

  it('chart-scrolled-back-is-anchored-by-time: a new candle does not move the view', () => {
    const back = panChart(facts(), -20);
    const later = facts({ chart: back, candleHistory: { oldestT: 0, newestT: 100 * MIN, loadingOlder: false, noOlder: false } }, 79);
    expect(later.chart.endT).toBe(79 * MIN);
    // A step from there moves from where the trader looks, not from the new newest.
    expect(panChart(later, -1).endT).toBe(78 * MIN);
  });

  it('chart-asks-for-older-candles-near-the-oldest: within a window of it, not while loading or when none is older', () => {
    const f = facts();
    expect(wantsOlderCandles(f, { endT: 50 * MIN, cursorT: null })).toBe(false);
    expect(wantsOlderCandles(f, { endT: 18 * MIN, cursorT: null })).toBe(true);
    expect(wantsOlderCandles(facts({ candleHistory: { ...f.candleHistory, loadingOlder: true } }), { endT: 18 * MIN, cursorT: null })).toBe(false);
    expect(wantsOlderCandles(facts({ candleHistory: { ...f.candleHistory, noOlder: true } }), { endT: 18 * MIN, cursorT: null })).toBe(false);
  });

  it('chart-at-the-oldest-says-so-only-when-none-is-older', () => {
    const oldest = { endT: 9 * MIN, cursorT: null };
    expect(atOldestCandle(facts({ chart: oldest }, 9))).toBe(false);
    expect(atOldestCandle(facts({ chart: oldest, candleHistory: { oldestT: 0, newestT: 99 * MIN, loadingOlder: false, noOlder: true } }, 9))).toBe(true);
  });

  it('chart-cursor-moves-by-candle-and-pans-at-the-edge', () => {
    const on = toggleChartCursor(facts());
    expect(on).toEqual({ endT: null, cursorT: 99 * MIN });
    expect(moveChartCursor(facts({ chart: on }), -1)).toEqual({ endT: null, cursorT: 98 * MIN });
    // At the window's first candle, one more step back pans the view one candle with it.
    const atFirst = { endT: null, cursorT: 90 * MIN };
    expect(moveChartCursor(facts({ chart: atFirst }), -1)).toEqual({ endT: 98 * MIN, cursorT: 89 * MIN });
    // At the newest, live, the cursor stays.
    expect(moveChartCursor(facts({ chart: on }), 1)).toEqual({ endT: null, cursorT: 99 * MIN });
    expect(toggleChartCursor(facts({ chart: on })).cursorT).toBeNull();
  });

  it('chart-page-keeps-the-cursor-on-screen; live takes the cursor to the newest', () => {
    const on = { endT: null, cursorT: 95 * MIN };
    expect(panChart(facts({ chart: on }), -30)).toEqual({ endT: 69 * MIN, cursorT: 65 * MIN });
    expect(chartToLive(facts({ chart: { endT: 69 * MIN, cursorT: 65 * MIN } }, 69))).toEqual({ endT: null, cursorT: 99 * MIN });
  });
});

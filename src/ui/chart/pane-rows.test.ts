import { describe, expect, it } from 'vitest';
import type { CandleView } from '../../domain/views.js';
import { chartText } from './candle-chart.js';
import { candleTimeLabel } from './chart-info.js';
import { chartLines } from './chart-lines.js';
import { chartPaneRows, type ChartPaneModel } from './pane-rows.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 26, 12, 0);
/** 200 one-minute candles around 67,000.0, each 1.0 up. */
const candles: CandleView[] = Array.from({ length: 200 }, (_, i) => ({ t: T0 + i * MIN, o: 670_000 + i * 10, h: 670_020 + i * 10, l: 669_990 + i * 10, c: 670_010 + i * 10, volume: 1_000 + i }));
const history = { oldestT: T0, newestT: T0 + 199 * MIN, loadingOlder: false, noOlder: false };
const position = { positionId: 1, marketId: 1, side: 1, size: 1, entryPrice: 670_500, markPrice: null, markState: 'live' as const, markNote: null, collateral: '0', leverage: 100, effectiveLeverage: null, leverageBasis: 'entry' as const, unrealizedPnl: null, roe: null, liquidationPrice: 600_000, liquidationDistancePct: null };

function model(over: Partial<ChartPaneModel> = {}): ChartPaneModel {
  return { candles, history, chart: { endT: null, cursorT: null }, lines: [], priceDecimals: 1, resolution: 60, liveKey: 'End', ...over };
}

describe('chart pane rows', () => {
  it('live with nothing to say: every row is chart, no info row', () => {
    const rows = chartText(chartPaneRows(model(), 60, 20));
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.length === 60)).toBe(true);
    expect(rows[0]).not.toMatch(/live|◀/);
  });

  it('crosshair-readout-matches-the-candle-under-it, and its column is marked ┊ with its time on the axis', () => {
    const under = candles[150]!;
    const rows = chartText(chartPaneRows(model({ chart: { endT: null, cursorT: under.t } }), 120, 20));
    expect(rows[0]).toContain(`${candleTimeLabel(under.t)}  O 67,150.0  H 67,152.0  L 67,149.0  C 67,151.0  V 1.15K`);
    expect(rows.some((r) => r.includes('┊'))).toBe(true);
    const hhmm = candleTimeLabel(under.t).slice(6);
    expect(rows.at(-1)).toContain(hhmm);
  });

  it('crosshair-readout-wraps-at-80x24: the whole readout on the chart\'s 24 columns', () => {
    const under = candles[199]!;
    const rows = chartText(chartPaneRows(model({ chart: { endT: null, cursorT: under.t } }), 24, 11));
    const info = rows.slice(0, 4).join(' ');
    for (const part of [candleTimeLabel(under.t), 'O 67,199.0', 'H 67,201.0', 'L 67,198.0', 'C 67,200.0', 'V 1.20K']) expect(info).toContain(part);
  });

  it('scrolled-back-chart-says-how-far-and-the-way-back', () => {
    const rows = chartText(chartPaneRows(model({ candles: candles.slice(0, 80), chart: { endT: T0 + 79 * MIN, cursorT: null } }), 60, 20));
    expect(rows[0]).toMatch(/^◀ 2h ago {2}End live/);
  });

  it('entry-and-liquidation-lines-labelled-on-the-axis-and-in-the-legend', () => {
    const lines = chartLines([], [position], 1);
    const rows = chartText(chartPaneRows(model({ candles: candles.slice(0, 100), lines }), 80, 20));
    // The entry is inside the shown range: its row carries E and the ┈ line; the liquidation is far below: ▼ in the legend.
    expect(rows.some((r) => r.includes('E67,050.0') && r.includes('┈'))).toBe(true);
    expect(rows[0]).toContain('E entry 67,050.0');
    expect(rows[0]).toContain('L liq 60,000.0▼');
    expect(rows.some((r) => r.includes('L60,000.0'))).toBe(false);
  });
});

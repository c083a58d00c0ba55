import { describe, expect, it } from 'vitest';
import { chartText, chartWindow, renderCandleChart, timeAxisLabel } from './candle-chart.js';

const candle = (t: number, o: number, h: number, l: number, c: number, volume = 10) => ({ t, o, h, l, c, volume });

describe('candle chart', () => {
  it('fills exactly width x height cells, whatever the data', () => {
    for (const candles of [[], [candle(0, 100, 110, 90, 105)], Array.from({ length: 500 }, (_, i) => candle(i, i, i + 5, i - 5, i + 1))]) {
      const text = chartText(renderCandleChart(candles, { width: 40, height: 12, priceDecimals: 1 }));
      expect(text).toHaveLength(12);
      for (const line of text) expect(line).toHaveLength(40);
    }
  });

  it('draws an up candle and a down candle with different glyphs and wicks beyond the body', () => {
    const rows = renderCandleChart([candle(0, 100, 200, 0, 150), candle(1, 150, 200, 0, 50)], { width: 12, height: 12, priceDecimals: 0 });
    const text = chartText(rows);
    const columnOf = (x: number) => text.map((line) => line[x]).join('');
    const columnWith = (glyph: string) => [...(text[0] ?? '')].findIndex((_, x) => columnOf(x).includes(glyph));
    const up = columnWith('█');
    const down = columnWith('▒');
    expect(up).toBeGreaterThanOrEqual(0);
    expect(down).toBe(up + 1); // the newer (down) candle is to the right
    expect(columnOf(up)).toContain('│');
    expect(columnOf(down)).toContain('│');
    expect(columnOf(up)).not.toContain('▒');
  });

  it('labels the top and bottom of the price range', () => {
    const text = chartText(renderCandleChart([candle(0, 1000, 1200, 900, 1100)], { width: 20, height: 10, priceDecimals: 1 }));
    expect(text[0]).toContain('120.0');
    expect(text.join('\n')).toContain('90.0');
  });

  it('labels the time of the first and newest candle on the bottom row', () => {
    const t0 = new Date(2026, 10, 22, 9, 30).getTime();
    const candles = Array.from({ length: 30 }, (_, i) => candle(t0 + i * 60_000, 100, 110, 90, 105));
    const text = chartText(renderCandleChart(candles, { width: 60, height: 12, priceDecimals: 0, resolution: 60 }));
    const axis = text[11] ?? '';
    expect(axis).toContain('09:30');
    expect(axis).toContain('09:59');
    expect(timeAxisLabel(t0, 86_400)).toBe('11-22');
  });
});

describe('candle chart: the crosshair', () => {
  // 200 candles stepping up by 10, each 1 minute: far more than a 40-cell chart shows.
  const many = Array.from({ length: 200 }, (_, i) => candle(i * 60_000, 1_000 + i * 10, 1_005 + i * 10, 995 + i * 10, 1_004 + i * 10));

  it('crosshair-further-back-slides-the-chart: the candle under it stays on screen, its column drawn ┊', () => {
    const options = { width: 40, height: 12, priceDecimals: 0, cursorT: 20 * 60_000 };
    const window = chartWindow(many, options);
    expect(window.shown[0]?.t).toBe(20 * 60_000);
    const text = chartText(renderCandleChart(many, options));
    // The price range is the shown candles' (around 1,53x at the top), not the newest ones' (2,99x).
    expect(window.high).toBe(1_535);
    expect(text[0]).toMatch(/ 1,53\d$/);
    expect(text.some((line) => line.includes('┊'))).toBe(true);
  });

  it('without a crosshair the newest candles show', () => {
    expect(chartWindow(many, { width: 40, priceDecimals: 0 }).shown.at(-1)?.t).toBe(199 * 60_000);
  });
});

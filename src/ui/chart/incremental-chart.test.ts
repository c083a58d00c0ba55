import { describe, expect, it } from 'vitest';
import type { CandleView } from '../../domain/views.js';
import { renderCandleChart, type ChartOptions } from './candle-chart.js';
import { incrementalCandleChart } from './incremental-chart.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

describe('incremental candle chart', () => {
  it('incremental-chart-equals-full-redraw after trades, new candles, range moves, resizes and cursor moves', () => {
    const random = seededRandom(35);
    const draw = incrementalCandleChart();
    let candles: CandleView[] = Array.from({ length: 30 }, (_, i) => ({ t: i * 60_000, o: 1_000, h: 1_010, l: 990, c: 1_005, volume: 10 }));
    let options: ChartOptions = { width: 60, height: 20, priceDecimals: 1, resolution: 60, lines: [{ price: 1_000, mark: 'E', glyph: '┈' }], cursorT: null };
    const seen = { kept: 0, redrawn: 0 };
    let previous: ReturnType<typeof draw> = [];
    for (let step = 0; step < 1_000; step++) {
      const roll = random();
      const last = candles.at(-1) as CandleView;
      if (roll < 0.75) {
        // A trade moves the last candle (a fresh copy, as the publisher sends): its close, maybe its high or low, its volume.
        const c = last.c + Math.round((random() - 0.5) * (random() < 0.1 ? 60 : 8));
        candles = [...candles.slice(0, -1), { ...last, c, h: Math.max(last.h, c), l: Math.min(last.l, c), volume: last.volume + Math.round(random() * 5) }];
      } else if (roll < 0.85) {
        candles = [...candles, { t: last.t + 60_000, o: last.c, h: last.c, l: last.c, c: last.c, volume: 0 }];
      } else if (roll < 0.9) {
        options = { ...options, width: 20 + Math.floor(random() * 60), height: 4 + Math.floor(random() * 30) };
      } else if (roll < 0.94) {
        options = { ...options, cursorT: random() < 0.5 ? null : Math.floor(random() * candles.length) * 60_000 };
      } else if (roll < 0.97) {
        options = { ...options, lines: random() < 0.5 ? [] : [{ price: 900 + Math.round(random() * 200), mark: '◆' }, { price: 900 + Math.round(random() * 200), mark: 'L', glyph: '═' }] };
      } else {
        options = { ...options, priceDecimals: random() < 0.5 ? 1 : 2 };
      }
      const rows = draw(candles, options);
      expect(JSON.stringify(rows), `step ${step}`).toBe(JSON.stringify(renderCandleChart(candles, options)));
      rows.forEach((row, y) => (row === previous[y] ? seen.kept++ : seen.redrawn++));
      previous = rows;
    }
    // The sequence exercised both paths: rows kept from the last frame and rows drawn again.
    expect(seen.kept).toBeGreaterThan(8_000);
    expect(seen.redrawn).toBeGreaterThan(3_000);
  });
});

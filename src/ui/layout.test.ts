import { describe, expect, it } from 'vitest';
import { computeLayout } from './layout.js';

describe('layout', () => {
  it('keeps the frame one row shorter than the terminal', () => {
    expect(computeLayout(200, 50).frameRows).toBe(49);
    expect(computeLayout(80, 24).frameRows).toBe(23);
  });

  it('fills the width exactly at 200x50 and 80x24, with room for book levels and trades', () => {
    for (const [cols, rows] of [
      [200, 50],
      [80, 24],
    ] as const) {
      const layout = computeLayout(cols, rows);
      expect(layout.book.width + layout.chart.width + layout.trades.width).toBe(cols);
      expect(layout.headerRows + layout.book.height + layout.trading.height + 1).toBe(layout.frameRows);
      expect(layout.depth).toBeGreaterThanOrEqual(4);
      expect(layout.tooSmall).toBe(false);
    }
    expect(computeLayout(200, 50).trading.height).toBeGreaterThan(0);
  });

  it('says too small below 80x24', () => {
    expect(computeLayout(79, 24).tooSmall).toBe(true);
    expect(computeLayout(80, 23).tooSmall).toBe(true);
  });
});

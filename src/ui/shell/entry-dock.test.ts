import { describe, expect, it } from 'vitest';
import { CHART_MIN_BESIDE_ENTRY, dockEntry, ENTRY_DOCK_WIDTH, ENTRY_MIN_INNER_ROWS } from './entry-dock.js';
import { computeLayout } from './layout.js';

describe('order form docked', () => {
  it('entry-docks-beside-the-book-at-200x50: book, chart and trades keep their rows, the chart gives the form its columns', () => {
    const base = computeLayout(200, 50);
    const d = dockEntry(base);
    expect(d.entry).toEqual({ width: ENTRY_DOCK_WIDTH, height: base.book.height });
    expect(d.book).toEqual(base.book);
    expect(d.trades).toEqual(base.trades);
    expect(d.chart).toEqual({ width: base.chart.width - ENTRY_DOCK_WIDTH, height: base.chart.height });
    expect(d.book.width + d.entry.width + d.chart.width + d.trades.width).toBe(200);
    expect(d.trading).toEqual(base.trading);
    expect(d.account).toEqual(base.account);
    expect(d.candleColumns).toBe(d.chart.width - 2);
  });

  it('entry-takes-the-chart-place-at-80x24: book and tape stay, the strip yields its rows so the review fits', () => {
    const base = computeLayout(80, 24);
    const d = dockEntry(base);
    expect(d.chart.width).toBe(0);
    expect(d.entry.width).toBe(base.chart.width);
    expect(d.book.width).toBe(base.book.width);
    expect(d.trades.width).toBe(base.trades.width);
    expect(d.book.width + d.entry.width + d.trades.width).toBe(80);
    expect(d.trading.height).toBe(0);
    expect(d.entry.height - 2).toBeGreaterThanOrEqual(ENTRY_MIN_INNER_ROWS);
    expect(d.headerRows + d.book.height + 1).toBe(d.frameRows);
    // The taller book and tape ask for more rows; the hidden chart keeps its candles (no refetch on close).
    expect(d.depth).toBeGreaterThan(base.depth);
    expect(d.tradeRows).toBeGreaterThan(base.tradeRows);
    expect(d.candleColumns).toBe(base.candleColumns);
  });

  it('entry-dock-degrades-between: 120x32 keeps a chart beside the form and the strip; every size fills the width', () => {
    const mid = dockEntry(computeLayout(120, 32));
    expect(mid.chart.width).toBe(CHART_MIN_BESIDE_ENTRY);
    expect(mid.entry.width).toBeGreaterThanOrEqual(36);
    expect(mid.trading.height).toBeGreaterThan(0);
    for (let rows = 24; rows <= 60; rows++) {
      for (const cols of [80, 100, 120, 140, 160, 200, 260]) {
        const base = computeLayout(cols, rows);
        const d = dockEntry(base);
        const at = `${cols}x${rows}`;
        expect(d.book.width + d.entry.width + d.chart.width + d.trades.width, at).toBe(cols);
        expect(d.trades.width, at).toBe(base.trades.width);
        expect(d.entry.width, at).toBeGreaterThanOrEqual(26);
        expect(d.entry.height - 2, at).toBeGreaterThanOrEqual(ENTRY_MIN_INNER_ROWS);
        expect(d.headerRows + d.book.height + d.trading.height + 1, at).toBe(d.frameRows);
        expect(d.chart.width === 0 || d.chart.width >= CHART_MIN_BESIDE_ENTRY, at).toBe(true);
        if (cols >= 120) expect(d.chart.width, at).toBeGreaterThan(0);
      }
    }
  });

  it('entry-over-the-tape-when-the-review-needs-it: at 80x24 a review too long for the chart\'s place takes the tape\'s columns too', () => {
    const base = computeLayout(80, 24);
    const d = dockEntry(base, true);
    expect(d.entry.width).toBe(base.chart.width + base.trades.width);
    expect(d.trades.width).toBe(0);
    expect(d.book.width + d.entry.width).toBe(80);
    // Beside a chart (200x50) the column keeps its place: the flag only widens the form in the chart's place.
    expect(dockEntry(computeLayout(200, 50), true)).toEqual(dockEntry(computeLayout(200, 50)));
  });
});

import { describe, expect, it } from 'vitest';
import type { Candle } from '../protocol/frames.js';
import { CandleSeries } from './candles.js';

const candle = (t: number, c = 100, v = '1000000'): Candle => ({ t, o: c, c, h: c, l: c, v, n: 1 });

describe('CandleSeries', () => {
  it('upserts by open time: the live update replaces the current candle instead of duplicating it', () => {
    const s = new CandleSeries(1, 60);
    s.applySnapshot([candle(0), candle(60_000)]);
    s.upsert([candle(60_000, 105), candle(120_000, 106)]);
    expect(s.all().map((c) => [c.t, c.c])).toEqual([
      [0, 100],
      [60_000, 105],
      [120_000, 106],
    ]);
  });

  it('keeps candles sorted when an older one arrives late', () => {
    const s = new CandleSeries(1, 60);
    s.upsert([candle(180_000), candle(0)]);
    s.upsert([candle(60_000)]);
    expect(s.all().map((c) => c.t)).toEqual([0, 60_000, 180_000]);
  });

  it('REST backfill fills history but never overwrites a live candle', () => {
    const s = new CandleSeries(1, 60);
    s.applySnapshot([candle(120_000, 200), candle(180_000, 201)]);
    s.mergeBackfill([candle(0, 1), candle(60_000, 2), candle(120_000, 3)]);
    expect(s.all().map((c) => [c.t, c.c])).toEqual([
      [0, 1],
      [60_000, 2],
      [120_000, 200],
      [180_000, 201],
    ]);
  });

  it('is bounded: the oldest candles go first', () => {
    const s = new CandleSeries(1, 60, 3);
    s.upsert([candle(0), candle(60), candle(120), candle(180), candle(240)]);
    expect(s.all().map((c) => c.t)).toEqual([120, 180, 240]);
    expect(s.oldestT).toBe(120);
    expect(s.newestT).toBe(240);
  });

  it('view(n) returns the newest n oldest first, with volume in collateral units', () => {
    const s = new CandleSeries(1, 60);
    s.upsert([candle(0, 1, '500000'), candle(60, 2, '1500000'), candle(120, 3, '164802631045')]);
    const v = s.view(2);
    expect(v.map((c) => c.t)).toEqual([60, 120]);
    expect(v[0]!.volume).toBe(1.5);
    expect(v[1]!.volume).toBeCloseTo(164802.631045, 6);
    expect(s.view(0)).toEqual([]);
  });

  it('bumps the version only when something changed', () => {
    const s = new CandleSeries(1, 60);
    s.upsert([candle(0)]);
    const v = s.version;
    s.mergeBackfill([candle(0)]);
    expect(s.version).toBe(v);
    s.mergeBackfill([candle(-60)]);
    expect(s.version).toBe(v + 1);
  });
});

describe('CandleSeries.viewEndingAt (the chart scrolled back)', () => {
  const series = (): CandleSeries => {
    const s = new CandleSeries(1, 60);
    s.upsert([0, 1, 2, 3, 4, 5].map((i) => candle(i * 60_000, 100 + i)));
    return s;
  };

  it('chart-window-ends-at-the-chosen-candle: n candles up to and including endT', () => {
    expect(series().viewEndingAt(3 * 60_000, 2).map((c) => c.c)).toEqual([102, 103]);
    expect(series().viewEndingAt(null, 2).map((c) => c.c)).toEqual([104, 105]);
  });

  it('chart-window-stays-put-when-a-candle-opens: a newer candle does not move a window ending earlier', () => {
    const s = series();
    const before = s.viewEndingAt(3 * 60_000, 3).map((c) => c.t);
    s.upsert([candle(6 * 60_000)]);
    expect(s.viewEndingAt(3 * 60_000, 3).map((c) => c.t)).toEqual(before);
  });

  it('chart-window-before-everything-held-shows-the-oldest: never an empty chart', () => {
    expect(series().viewEndingAt(-60_000, 2).map((c) => c.c)).toEqual([100, 101]);
  });

  it('no-older-history-is-forgotten-on-clear', () => {
    const s = series();
    s.markNoOlder();
    expect(s.noOlder).toBe(true);
    s.clear();
    expect(s.noOlder).toBe(false);
  });
});

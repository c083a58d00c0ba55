import { describe, expect, it } from 'vitest';
import { CandleSeries } from '../../domain/candles.js';
import type { Candle } from '../../protocol/frames.js';
import { splitCandleRange } from '../../transport/rest/candle-ranges.js';
import { BACKFILL_CANDLES, CandleBackfill, OLDER_RETRY_MS, type CandleSource } from './candle-backfill.js';

const candle = (t: number): Candle => ({ t, o: 1, c: 1, h: 1, l: 1, v: '0', n: 0 });

/** A source whose answers the test releases by hand, in any order. */
function manualSource(): CandleSource & { calls: { args: number[]; resolve(c: Candle[]): void; reject(e: Error): void }[] } {
  const calls: { args: number[]; resolve(c: Candle[]): void; reject(e: Error): void }[] = [];
  return {
    calls,
    candles: (marketId, res, from, to) =>
      new Promise<Candle[]>((resolve, reject) => calls.push({ args: [marketId, res, from, to], resolve, reject })),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('CandleBackfill', () => {
  it('asks for at most 1024 candles ending now (the REST limit) and merges them', async () => {
    const source = manualSource();
    const series = new CandleSeries(3, 300);
    let merged = 0;
    const now = 1_790_000_123_456;
    new CandleBackfill(source, undefined).request(series, now, () => true, () => merged++);
    // The current candle opened at 1,790,000,100,000: from the open 1023 candles before it, one REST request.
    const from = 1_790_000_100_000 - (BACKFILL_CANDLES - 1) * 300_000;
    expect(source.calls[0]!.args).toEqual([3, 300, from, now]);
    expect(splitCandleRange(from, now, 300)).toHaveLength(1);
    source.calls[0]!.resolve([candle(0), candle(300_000)]);
    await flush();
    expect(series.length).toBe(2);
    expect(merged).toBe(1);
  });

  it('drops a late answer once a newer request was made (no old market candles in the new chart)', async () => {
    const source = manualSource();
    const backfill = new CandleBackfill(source, undefined);
    const first = new CandleSeries(1, 60);
    const second = new CandleSeries(2, 60);
    backfill.request(first, 1_000_000, () => true, () => undefined);
    backfill.request(second, 1_000_000, () => true, () => undefined);
    source.calls[0]!.resolve([candle(0)]);
    source.calls[1]!.resolve([candle(60_000)]);
    await flush();
    expect(first.length).toBe(0);
    expect(second.length).toBe(1);
  });

  it('drops an answer for a series no longer shown, and after cancel()', async () => {
    const source = manualSource();
    const backfill = new CandleBackfill(source, undefined);
    const s = new CandleSeries(1, 60);
    backfill.request(s, 1_000_000, () => false, () => undefined);
    source.calls[0]!.resolve([candle(0)]);
    backfill.request(s, 1_000_000, () => true, () => undefined);
    backfill.cancel();
    source.calls[1]!.resolve([candle(0)]);
    await flush();
    expect(s.length).toBe(0);
  });

  it('logs a failed request with its first line only and keeps going', async () => {
    const source = manualSource();
    const lines: string[] = [];
    new CandleBackfill(source, (l) => lines.push(l)).request(new CandleSeries(1, 60), 0, () => true, () => undefined);
    source.calls[0]!.reject(new Error('HTTP 503\nsecond line'));
    await flush();
    expect(lines).toEqual(['market data: candle backfill failed: HTTP 503']);
  });

  it('does nothing without a source', () => {
    expect(() => new CandleBackfill(undefined, undefined).request(new CandleSeries(1, 60), 0, () => true, () => undefined)).not.toThrow();
  });
});

describe('CandleBackfill: older pages as the chart scrolls back', () => {
  const held = (): CandleSeries => {
    const s = new CandleSeries(1, 60);
    s.applySnapshot([candle(10_000 * 60_000), candle(10_001 * 60_000)]);
    return s;
  };

  it('older-candles-one-request-while-a-key-is-held: one page in flight, for the 1024 candles before the oldest', async () => {
    const source = manualSource();
    const backfill = new CandleBackfill(source, undefined);
    const s = held();
    for (let press = 0; press < 30; press++) backfill.requestOlder(s, 0, () => true, () => undefined);
    expect(source.calls).toHaveLength(1);
    expect(source.calls[0]!.args).toEqual([1, 60, (10_000 - BACKFILL_CANDLES) * 60_000, 10_000 * 60_000 - 1]);
    expect(backfill.loadingOlder(s)).toBe(true);
    source.calls[0]!.resolve([candle(9_000 * 60_000), candle(9_999 * 60_000)]);
    await flush();
    expect(backfill.loadingOlder(s)).toBe(false);
    expect(s.oldestT).toBe(9_000 * 60_000);
    // The next press asks for the page before the new oldest.
    expect(backfill.requestOlder(s, 0, () => true, () => undefined)).toBe(true);
    expect(source.calls[1]!.args[3]).toBe(9_000 * 60_000 - 1);
  });

  it('older-candles-stop-when-the-exchange-has-none: an empty page ends the requests', async () => {
    const source = manualSource();
    const backfill = new CandleBackfill(source, undefined);
    const s = held();
    backfill.requestOlder(s, 0, () => true, () => undefined);
    source.calls[0]!.resolve([]);
    await flush();
    expect(s.noOlder).toBe(true);
    expect(backfill.requestOlder(s, 0, () => true, () => undefined)).toBe(false);
    expect(source.calls).toHaveLength(1);
  });

  it('older-page-after-a-resync-is-dropped: a series cleared and refilled meanwhile would get a gap', async () => {
    const source = manualSource();
    const backfill = new CandleBackfill(source, undefined);
    const s = held();
    backfill.requestOlder(s, 0, () => true, () => undefined);
    s.clear();
    s.applySnapshot([candle(10_005 * 60_000)]);
    source.calls[0]!.resolve([candle(9_500 * 60_000)]);
    await flush();
    expect(s.all().map((c) => c.t)).toEqual([10_005 * 60_000]);
  });

  it('older-page-failure-waits-before-the-next-try: no storm against a failing endpoint', async () => {
    const source = manualSource();
    const lines: string[] = [];
    const backfill = new CandleBackfill(source, (l) => lines.push(l));
    const s = held();
    backfill.requestOlder(s, 1_000, () => true, () => undefined);
    source.calls[0]!.reject(new Error('HTTP 429'));
    await flush();
    expect(lines).toEqual(['market data: older candle backfill failed: HTTP 429']);
    expect(backfill.requestOlder(s, 1_000 + OLDER_RETRY_MS - 1, () => true, () => undefined)).toBe(false);
    expect(backfill.requestOlder(s, 1_000 + OLDER_RETRY_MS, () => true, () => undefined)).toBe(true);
    expect(source.calls).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { candleTimeLabel, formatAgo, historyTokens, legendTokens, packInfoRows, readoutTokens, scrollTokens } from './chart-info.js';
import { chartLines } from './chart-lines.js';

const history = { oldestT: 0, newestT: 10 * 3_600_000, loadingOlder: false, noOlder: false };

describe('chart info rows', () => {
  it('formats how far back: minutes, hours and minutes, days and hours', () => {
    expect(formatAgo(35 * 60_000)).toBe('35m');
    expect(formatAgo(2 * 3_600_000)).toBe('2h');
    expect(formatAgo(125 * 60_000)).toBe('2h 5m');
    expect(formatAgo(76 * 3_600_000)).toBe('3d 4h');
  });

  it('scrolled-back-chart-says-so: how far back and the key back to live; nothing when live', () => {
    const base = { shownEndT: 8 * 3_600_000, history, liveKey: 'End' };
    expect(scrollTokens({ ...base, scrolledBack: true })).toEqual(['◀ 2h ago', 'End live']);
    expect(scrollTokens({ ...base, scrolledBack: false })).toEqual([]);
  });

  it('older-history-state: loading, or none older once the window reaches the oldest', () => {
    const base = { scrolledBack: true, windowFirstT: 3_600_000, history };
    expect(historyTokens(base)).toEqual([]);
    expect(historyTokens({ ...base, history: { ...history, loadingOlder: true } })).toEqual(['loading older…']);
    expect(historyTokens({ ...base, windowFirstT: 0, history: { ...history, noOlder: true } })).toEqual(['no older candles']);
    expect(historyTokens({ ...base, history: { ...history, noOlder: true } })).toEqual([]);
  });

  it('crosshair-readout-names-the-candle: time, O H L C and volume', () => {
    const t = Date.UTC(2026, 10, 26, 14, 5);
    expect(candleTimeLabel(t)).toMatch(/^\d\d-\d\d \d\d:\d\d$/);
    expect(readoutTokens({ t, o: 670_123, h: 670_500, l: 669_900, c: 670_010, volume: 12_345 }, 1)).toEqual([candleTimeLabel(t), 'O 67,012.3', 'H 67,050.0', 'L 66,990.0', 'C 67,001.0', 'V 12.35K']);
  });

  it('legend-names-each-line-and-flags-those-off-the-chart: ▲ above, ▼ below', () => {
    const lines = chartLines([], [{ positionId: 1, marketId: 1, side: 1, size: 1, entryPrice: 670_000, markPrice: null, markState: 'live', markNote: null, collateral: '0', leverage: 100, effectiveLeverage: null, leverageBasis: 'entry', unrealizedPnl: null, roe: null, liquidationPrice: 560_000, liquidationDistancePct: null }], 1);
    expect(legendTokens(lines, { low: 660_000, high: 680_000 }, 1)).toEqual(['E entry 67,000.0', 'L liq 56,000.0▼']);
    expect(legendTokens(lines, { low: 500_000, high: 600_000 }, 1)).toEqual(['E entry 67,000.0▲', 'L liq 56,000.0']);
  });

  it('packs tokens into the rows there are, dropping the least important first', () => {
    expect(packInfoRows([['◀ 2h ago', 'End live'], ['O 1', 'H 2']], 30, 1)).toEqual(['◀ 2h ago  End live  O 1  H 2'.padEnd(30)]);
    expect(packInfoRows([['◀ 2h ago', 'End live'], ['O 67,012.3', 'H 67,050.0']], 24, 2)).toEqual(['◀ 2h ago  End live'.padEnd(24), 'O 67,012.3  H 67,050.0'.padEnd(24)]);
    // Full: what comes after is dropped, never squeezed in ahead of it.
    expect(packInfoRows([['aaaaaaaaaa', 'bbbbbbbbbb'], ['c']], 10, 1)).toEqual(['aaaaaaaaaa']);
  });
});

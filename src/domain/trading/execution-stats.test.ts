import { describe, expect, it } from 'vitest';
import type { ExecutionReport } from './execution-report.js';
import { percentile, summarize, summarizeByMarket } from './execution-stats.js';

describe('percentile (nearest rank)', () => {
  it('percentile-nearest-rank: the median and p90 are values that happened', () => {
    const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 100)).toBe(10);
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([3, 1, 2], 50)).toBe(2);
  });

  it('percentile-of-nothing: no orders give no figure', () => {
    expect(percentile([], 50)).toBeNull();
  });
});

const report = (over: Partial<ExecutionReport>): ExecutionReport => ({
  requestKey: 'k', rq: 1, kind: 'open', marketId: 16, side: 'long', keyWallMs: 0, toSendMs: 1, toAckMs: 10, toFirstFillMs: 12, toLastFillMs: 12,
  filledSize: 1_000, averageFillPrice: 600_000, vsMark: { ticks: 2, bpsHundredths: 3n, atoms: 2_000n }, vsEstimate: null, ...over,
});

describe('summarize', () => {
  it('session-summary-averages-slippage-over-filled-orders: an unfilled order counts as an order, not as zero slippage', () => {
    const s = summarize([
      report({ vsMark: { ticks: 2, bpsHundredths: 30n, atoms: 2_000n } }),
      report({ vsMark: { ticks: -1, bpsHundredths: -10n, atoms: -1_000n }, toAckMs: 30 }),
      report({ vsMark: null, filledSize: 0, averageFillPrice: null, toFirstFillMs: null, toLastFillMs: null, toAckMs: 20 }),
    ]);
    expect(s.orders).toBe(3);
    expect(s.filled).toBe(2);
    expect(s.vsMark).toEqual({ count: 2, averageBpsHundredths: 10n, totalAtoms: 1_000n });
    expect(s.toAck).toEqual({ count: 3, median: 20, p90: 30 });
    expect(s.toFirstFill.count).toBe(2);
  });

  it('per-market-summaries: listed after the whole session only when more than one market traded', () => {
    expect(summarizeByMarket([report({}), report({})]).map((s) => s.marketId)).toEqual([null]);
    expect(summarizeByMarket([report({}), report({ marketId: 17 })]).map((s) => [s.marketId, s.orders])).toEqual([[null, 2], [16, 1], [17, 1]]);
  });
});

describe('kinds in the summary', () => {
  it('stats-count-per-kind: opens, closes, amends, cancels and triggers are counted apart, in that order, empty kinds left out', () => {
    const s = summarize([report({ kind: 'cancel' }), report({}), report({ kind: 'close' }), report({ kind: 'close' }), report({ kind: 'amend' })]);
    expect(s.kinds).toEqual([['open', 1], ['close', 2], ['amend', 1], ['cancel', 1]]);
  });
});

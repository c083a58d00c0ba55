import { describe, expect, it } from 'vitest';
import type { AlgoEntry } from '../client/algos/algo-fold.js';
import type { TrailSpec } from '../domain/algos/trail.js';
import type { TwapSpec } from '../domain/algos/twap.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { algoRows, type AlgoRowFacts } from './algo-rows.js';

const market = btcTestMarket();
const spec: TwapSpec = { marketId: market.id, side: 'long', size: 300, durationMs: 30_000, slices: 3, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };
const entry = (over: Partial<AlgoEntry> = {}): AlgoEntry => ({
  id: 'tw1',
  startedAt: 1_000,
  start: { kind: 'twap', spec, arrivalMark: 670_000, seed: 1 },
  status: 'running',
  reason: '',
  complete: false,
  children: [{ cid: 'tw1.1', slice: 0, size: 100, price: 672_010, rqs: [5], done: { filled: 100, spent: true, result: 'definitive', message: 'filled' } }],
  ...over,
});
const viewOf = (a: AlgoEntry) => ({
  id: a.id, kind: a.start.kind, marketId: spec.marketId, side: spec.side, target: spec.size, filled: 100, status: a.status, complete: a.complete, reason: a.reason, children: a.children.length,
});
const rows = (a: AlgoEntry, f: AlgoRowFacts) => algoRows([viewOf(a)], [a], f);
const facts = (over: Partial<AlgoRowFacts> = {}): AlgoRowFacts => ({ now: 5_000, market: () => market, mark: () => 670_000, fills: () => undefined, ...over });

describe('algoRows', () => {
  it('says the next slice and when it is due, with progress from the children', () => {
    const [row] = rows(entry(), facts());
    expect(row).toMatchObject({ id: 'tw1', filled: 100, target: 300, arrivalMark: 670_000, avgPrice: null, next: 'slice 2/3 in 6s' });
  });

  it('averages the fills seen, size-weighted, in whole ticks', () => {
    const [row] = rows(entry(), facts({ fills: () => ({ notional: 670_100n * 60n + 670_400n * 40n, size: 100 }) }));
    expect(row!.avgPrice).toBe(670_220);
  });

  it('a paused or ended algo has no next slice', () => {
    expect(rows(entry({ status: 'paused' }), facts())[0]!.next).toBe('paused');
    expect(rows(entry({ status: 'ended', complete: true }), facts())[0]!.next).toBe('');
  });

  it('trail-row-says-no-slice: a trailing stop says where its stop is, never a TWAP slice', () => {
    const trail: TrailSpec = { marketId: market.id, position: { id: 7, side: 'long', size: 300 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 1, stop: { price: 663_300, orderId: 9 } };
    const a = entry({ id: 'tr1', start: { kind: 'trail', spec: trail }, children: [] });
    const [row] = algoRows([{ ...viewOf(a), stopLevel: 663_300 }], [a], facts());
    expect(row).toMatchObject({ kind: 'trail', arrivalMark: 663_300, next: 'stop at 66,330, trailing' });
  });
});

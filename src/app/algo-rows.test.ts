import { describe, expect, it } from 'vitest';
import type { AlgoEntry } from '../client/algos/algo-fold.js';
import { startTrail, type TrailSpec } from '../domain/algos/trail.js';
import { trailReplaceStep } from '../domain/algos/trail-replace.js';
import type { ChaseSpec, ChaseState } from '../domain/algos/chase.js';
import type { TwapSpec } from '../domain/algos/twap.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import type { JournalRecord } from '../client/trading/journal-record.js';
import { algoChildOrders } from '../client/algos/child-orders.js';
import { algoFillSums, algoRows, type AlgoRowFacts } from './algo-rows.js';

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

  it('trail-row-says-no-slice: a trailing stop says where its stop is and the price it next moves at, never a TWAP slice', () => {
    const trail: TrailSpec = { marketId: market.id, position: { id: 7, side: 'long', size: 300 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 1, stop: { price: 663_300, orderId: 9 } };
    const a = entry({ id: 'tr1', start: { kind: 'trail', spec: trail }, children: [] });
    const [row] = algoRows([{ ...viewOf(a), stopLevel: 663_300 }], [a], facts({ liquidation: (id) => (id === 7 ? 600_000 : null) }));
    // A tick over 66,330.0 is 1% (rounded away from the price) under 67,000.2: the stop moves once the mark reaches it.
    expect(row).toMatchObject({ kind: 'trail', arrivalMark: 663_300, next: 'moves at mark 67,000.2' });
    expect(row!.trail).toEqual({ stop: 663_300, reference: 670_000, on: 'mark', liquidation: 600_000, distance: { unit: 'bps', bps: 100 }, phase: 'holding' });
  });

  it('trail-row-moving-while-its-replace-is-on-the-way: the new stop being armed, then the old being cancelled', () => {
    const trail: TrailSpec = { marketId: market.id, position: { id: 7, side: 'long', size: 300 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 1, stop: { price: 663_300, orderId: 9 } };
    const state = startTrail(trail);
    const arming = trailReplaceStep(state, { kind: 'sent', plan: { arm: 664_000, thenCancel: 9 }, block: 3 });
    const a = entry({ id: 'tr1', start: { kind: 'trail', spec: trail }, children: [], trail: arming });
    expect(algoRows([viewOf(a)], [a], facts())[0]).toMatchObject({ next: 'arming stop 66,400', trail: { phase: 'moving', stop: 663_300 } });
    const cancelling = trailReplaceStep(arming, { kind: 'armed', orderId: 10 });
    const b = { ...a, trail: cancelling };
    expect(algoRows([viewOf(b)], [b], facts())[0]).toMatchObject({ next: 'cancelling old stop', trail: { phase: 'moving', stop: 664_000 } });
  });

  it('chase-row-says-resting-price-bound-and-time-left: the order resting, filled, and the bound with the deadline', () => {
    const chase: ChaseSpec = { marketId: market.id, side: 'long', size: 100, leverage: 500, maxDistance: { unit: 'ticks', ticks: 100 }, durationMs: 60_000, atBound: 'leave' };
    const start = { kind: 'chase' as const, spec: chase, startPrice: 670_000, boundPrice: 670_100, deadlineMs: 47_000 };
    const state: ChaseState = { spec: chase, startPrice: 670_000, boundPrice: 670_100, deadlineMs: 47_000, filled: 20, live: { orderId: 4, price: 670_010, remaining: 80 }, pending: null, ended: null };
    const a = entry({ id: 'ch1', start, children: [], chase: { state, places: 1, lastSent: null, liveFilled: 0 } });
    const [row] = algoRows([{ ...viewOf(a), kind: 'chase', filled: 20, target: 100 }], [a], facts());
    expect(row).toMatchObject({ next: 'max 67,010, 42s left', chase: { resting: { price: 670_010, size: 80 }, startPrice: 670_000, boundPrice: 670_100, leftMs: 42_000, atBound: 'leave' } });
    const placing = { ...a, chase: { state: { ...state, live: null }, places: 1, lastSent: null, liveFilled: 0 } };
    expect(algoRows([viewOf(placing)], [placing], facts())[0]!.next).toBe('placing at the bid');
    const waiting = { ...a, chase: { state: { ...state, pending: 'change' as const }, places: 1, lastSent: null, liveFilled: 0 } };
    expect(algoRows([viewOf(waiting)], [waiting], facts())[0]!.next).toBe('awaiting the exchange');
  });

  it('scale-row-from-its-legs: legs resting and filled as the runner last saw them while it runs, its settled line once over', () => {
    const group = { group: 'scale-abc', marketId: market.id, side: 'long' as const, size: 300, from: 660_000, to: 650_000, count: 3, skew: 200, leverage: 500 };
    const placed = { kind: 'placed' as const, rqs: [1, 2, 3], sent: 3 };
    const a = entry({ id: 'sc1', start: { kind: 'scale', spec: group }, children: [], scale: { placed, settled: null } });
    const view = { ...viewOf(a), kind: 'scale' as const, filled: 0 };
    const live = { resting: 2, restingSize: 150, filledLegs: 1, filled: 150, avgPrice: 659_000, pending: 0, unfilledGone: 0 };
    const [row] = algoRows([view], [a], facts({ scaleLegs: (id) => (id === 'sc1' ? live : undefined) }));
    expect(row).toMatchObject({ kind: 'scale', filled: 150, avgPrice: 659_000, arrivalMark: 660_000, next: '2 legs resting' });
    expect(row!.scale).toEqual({ group: 'scale-abc', count: 3, placed: 3, resting: 2, restingSize: 150, filledLegs: 1, from: 660_000, to: 650_000, skew: 200 });
    const placing = { ...a, scale: { placed: null, settled: null } };
    expect(algoRows([view], [placing], facts())[0]).toMatchObject({ next: 'placing 3 legs', scale: { placed: null } });
    const settled = { kind: 'settled' as const, filled: 200, filledLegs: 2, avgPrice: 657_500, cancelled: true };
    const over = { ...a, status: 'ended' as const, reason: 'cancelled: 2 of 3 legs filled', scale: { placed, settled } };
    expect(algoRows([{ ...view, status: 'ended' }], [over], facts({ scaleLegs: () => live }))[0]).toMatchObject({ filled: 200, avgPrice: 657_500, next: '', scale: { resting: 0, filledLegs: 2 } });
  });
});

describe('the average after a restart', () => {
  const request = (key: string, rq: number, group?: string): JournalRecord =>
    ({ t: 1, key, rq, k: 'request', frame: {} as never, postedHead: 1, label: 'buy', ...(group ? { group } : {}) });
  const update = (key: string, rq: number, oid: number): JournalRecord => ({ t: 2, key, rq, k: 'update', st: 4, oid });

  it('twap-average-after-restart-counts-earlier-children: the fills snapshot of children sent by a dead run make the average', () => {
    // Child 1 went in the previous run (its order update is in the order journal only); child 2 this run.
    const a = entry({ children: [
      { cid: 'tw1.1', slice: 0, size: 100, price: 672_010, rqs: [5], done: { filled: 100, spent: true, result: 'definitive', message: 'filled' } },
      { cid: 'tw1.2', slice: 1, size: 100, price: 672_010, rqs: [8], done: { filled: 100, spent: true, result: 'definitive', message: 'filled' } },
    ] });
    const orderJournal = [request('k5', 5, 'algo tw1.1'), update('k5', 5, 900), request('k7', 7), update('k7', 7, 901), request('k8', 8, 'algo tw1.2')];
    const known = algoChildOrders(orderJournal, [a]);
    expect([...known.byOrder]).toEqual([[900, 'tw1']]);
    // Child 2's order id is not in the journal: its rq is looked up on the exchange (this run's order updates name it too).
    expect([...known.unmatchedRqs]).toEqual([[8, 'tw1']]);
    const thisRun = new Map([...known.byOrder, [902, 'tw1']]);
    const fills = [{ oid: 900, p: 670_100, s: 100 }, { oid: 901, p: 600_000, s: 50 }, { oid: 902, p: 670_300, s: 100 }];
    const sums = algoFillSums(fills, thisRun);
    expect(sums.get('tw1')).toEqual({ notional: 670_100n * 100n + 670_300n * 100n, size: 200 });
    const [row] = algoRows([{ ...viewOf(a), filled: 200 }], [a], facts({ fills: (id) => sums.get(id) }));
    expect(row!.avgPrice).toBe(670_200);
  });
});

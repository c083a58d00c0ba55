// Algos tab rows of every kind for the tab's and the quit question's tests: BTC (id 1, one price decimal,
// five size decimals) as tabs/tab-store.fixtures.ts lists it; a trailing stop, a chase and a TWAP.

import type { AlgoRow } from '../../domain/algos/algo-row.js';

const base: AlgoRow = {
  id: 'twa1', kind: 'twap', marketId: 1, side: 'long', target: 50_000, filled: 0, status: 'running', complete: false, reason: '',
  arrivalMark: 670_000, avgPrice: null, next: '', children: 0,
};

/** A TWAP selling 0.5 BTC, 0.125 done at 66,933.0 against an arrival of 67,000.0. */
export const TWAP_ROW: AlgoRow = { ...base, id: 'twa2', side: 'short', filled: 12_500, avgPrice: 669_330, next: 'slice 6/20 in 14s', reason: 'slice 5 filled', children: 5 };

/** A trail on a 0.3 BTC long, its stop at 64,210.0 under a mark of 65,000.0, liquidation at 58,000.0. */
export const TRAIL_ROW: AlgoRow = {
  ...base, id: 'trl1', kind: 'trail', target: 30_000, arrivalMark: 642_100, reason: 'stop moved', next: 'moves at mark 65,062.0',
  trail: { stop: 642_100, reference: 650_000, on: 'mark', liquidation: 580_000, distance: { unit: 'bps', bps: 100 }, phase: 'holding' },
};

/** A chase buying 0.1 BTC resting at 67,010.0, bound 67,100.0, 42 s left. */
export const CHASE_ROW: AlgoRow = {
  ...base, id: 'chs1', kind: 'chase', target: 10_000, filled: 2_000, arrivalMark: 670_000, reason: 'placed', next: 'max 67,100.0, 42s left',
  chase: { resting: { price: 670_100, size: 8_000 }, startPrice: 670_000, boundPrice: 671_000, leftMs: 42_000, maxDistance: { unit: 'ticks', ticks: 1_000 }, atBound: 'leave' },
};

/** The TWAP that finished, filled. */
export const DONE_ROW: AlgoRow = { ...base, id: 'twa0', filled: 2_000, status: 'ended', complete: true, reason: 'filled', avgPrice: 670_000, children: 3 };

/** A scale buying 0.5 BTC in 10 legs from 66,000 to 65,000, skew 2: 3 legs filled at an average of 65,850.0, 7 resting. */
export const SCALE_ROW: AlgoRow = {
  ...base, id: 'scl1', kind: 'scale', filled: 9_000, arrivalMark: 660_000, avgPrice: 658_500, reason: '10 of 10 legs placed', next: '7 legs resting', children: 0,
  scale: { group: 'scale-abc', count: 10, placed: 10, resting: 7, restingSize: 41_000, filledLegs: 3, from: 660_000, to: 650_000, skew: 200 },
};

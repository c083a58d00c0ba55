import { describe, expect, it } from 'vitest';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { MarketRef } from '../../domain/views.js';
import { CHASE_ROW, DONE_ROW, TRAIL_ROW, TWAP_ROW } from '../algos/algo-rows.fixtures.js';
import { algoQuitWords, algosOnQuit } from './quit-algo-words.js';

const BTC: MarketRef = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const ETH: MarketRef = { id: 2, symbol: 'ETH', priceDecimals: 2, sizeDecimals: 4 };

describe('what quitting does to each algo', () => {
  it('quit-says-trail-stop-stays-on-exchange: a trail with a stop armed leaves it there, at its level', () => {
    expect(algoQuitWords(TRAIL_ROW, BTC)).toBe('trail BTC: stop at 64,210 stays on the exchange');
    expect(algoQuitWords({ ...TRAIL_ROW, trail: { ...TRAIL_ROW.trail!, stop: null } }, BTC)).toBe('trail BTC stops (no stop on the exchange yet)');
  });

  it('quit-says-chase-order-stays-resting: a chase with an order resting leaves it there, side, size open and price', () => {
    const eth: AlgoRow = { ...CHASE_ROW, marketId: 2, chase: { ...CHASE_ROW.chase!, resting: { price: 301_200, size: 1_000 } } };
    expect(algoQuitWords(eth, ETH)).toBe('chase ETH: buy 0.1 @ 3,012 stays resting');
    expect(algoQuitWords({ ...eth, side: 'short' }, ETH)).toBe('chase ETH: sell 0.1 @ 3,012 stays resting');
    expect(algoQuitWords({ ...CHASE_ROW, chase: { ...CHASE_ROW.chase!, resting: null } }, BTC)).toBe('chase BTC stops (0.02/0.1 filled, nothing resting)');
  });

  it('quit-says-twap-stops-with-progress: a TWAP stops, saying how much of it filled', () => {
    expect(algoQuitWords({ ...TWAP_ROW, filled: 3_000, target: 5_000 }, BTC)).toBe('TWAP BTC stops (0.03/0.05 filled)');
  });

  it('quit-lists-what-stays-first-and-skips-ended: the trail and chase before the TWAP; nothing for ended algos', () => {
    expect(algosOnQuit([DONE_ROW, TWAP_ROW, CHASE_ROW, TRAIL_ROW], [BTC])).toBe(
      'chase BTC: buy 0.08 @ 67,010 stays resting; trail BTC: stop at 64,210 stays on the exchange; TWAP BTC stops (0.125/0.5 filled); they resume at the next start; ',
    );
    expect(algosOnQuit([{ ...TWAP_ROW, status: 'paused' }], [BTC])).toBe('TWAP BTC stops (0.125/0.5 filled); it resumes at the next start; ');
    expect(algosOnQuit([DONE_ROW], [BTC])).toBe('');
  });
});

// The Algos tab's body drawn from its view at 200 and 80 columns: newest first, progress filled/target,
// the average against the arrival mark in bps, the next move, the state with its reason; the keys line.

import { afterEach, describe, expect, it } from 'vitest';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { MarketListing } from '../../state/store.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { AlgosTab } from './AlgosTab.js';

const BTC: MarketListing = { id: 16, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const base: AlgoRow = {
  id: 'twa1', kind: 'twap', marketId: 16, side: 'long', target: 50_000, filled: 0, status: 'running', complete: false, reason: '',
  arrivalMark: 670_000, avgPrice: null, next: '', children: 0,
};
// Oldest first, as the runner keeps them.
const algos: AlgoRow[] = [
  { ...base, id: 'twa1', filled: 2_000, status: 'ended', complete: true, reason: 'filled', avgPrice: 670_000, children: 3 },
  { ...base, id: 'twa2', side: 'short', filled: 12_500, avgPrice: 669_330, next: 'slice 6/20 in 14s', children: 5 },
];

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, selected = 0): RenderedPane {
  const store = tabStore(onTab('algos', selected), {}, { market: BTC, markets: [BTC], algos });
  shown = renderPane(store, <AlgosTab width={width} height={8} focused />, width, { width, height: 8 });
  return shown;
}

describe('the Algos tab', () => {
  it('algos-tab-200-columns-every-column: newest first, progress, avg vs arrival in bps, next, state and reason', () => {
    const { lines } = draw(200);
    expect(lines()[0]).toMatch(/^id\s+kind\s+market\s+side\s+filled\/target\s+avg\s+arrival\s+slip bps\s+next\s+state$/);
    // A sell 66,933.0 against an arrival of 67,000.0 got 67 ticks less: 10 bps worse.
    expect(lines()[1]).toMatch(/^twa2\s+TWAP BTC\s+▼ SELL\s+0\.12500\/0\.50000\s+66,933\.0\s+67,000\.0\s+\+10\.00 slice 6\/20 in 14s\s+running$/);
    expect(lines()[2]).toMatch(/^twa1\s+TWAP BTC\s+▲ BUY\s+0\.02000\/0\.50000\s+67,000\.0\s+67,000\.0\s+0\.00\s+done · filled$/);
    expect(lines().at(-1)).toBe('1 running  k/j move  h tabs  S pause  U resume  X cancel');
  });

  it('algos-tab-80-columns-keeps-progress-next-and-state: id, avg, arrival and slippage drop first, nothing passes 80', () => {
    const { lines } = draw(80);
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[0]).toMatch(/^kind\s+market\s+side\s+filled\/target\s+next\s+state$/);
    expect(lines()[1]).toMatch(/^TWAP BTC\s+▼ SELL\s+0\.12500\/0\.50000 slice 6\/20 in 14s\s+running$/);
    expect(lines()[2]).toMatch(/^TWAP BTC\s+▲ BUY\s+0\.02000\/0\.50000\s+done · filled$/);
  });
});

import { describe, expect, it } from 'vitest';
import { watchlistText, watchStripCells } from './watchlist.js';

const QUOTES = [
  { symbol: 'BTC', mark: 670125, priceDecimals: 1 },
  { symbol: 'ETH', mark: 310125, priceDecimals: 2 },
  { symbol: 'SOL', mark: null, priceDecimals: 3 },
];

describe('watchlist mini prices', () => {
  it('lists the other favourites with their marks, a dash before the first mark', () => {
    expect(watchlistText(QUOTES, 'BTC', 80)).toBe('ETH 3,101.25  SOL –');
    expect(watchlistText(QUOTES, null, 80)).toBe('BTC 67,012.5  ETH 3,101.25  SOL –');
  });

  it('drops whole items that do not fit', () => {
    expect(watchlistText(QUOTES, null, 20)).toBe('BTC 67,012.5');
    expect(watchlistText(QUOTES, null, 5)).toBe('');
  });
});

describe('watch strip room on a one-row header', () => {
  it('takes what all its markets need while the header keeps its fields, at least the old fixed share', () => {
    const need = 'ETH 3,101.25  SOL –'.length + 2;
    expect(watchStripCells(QUOTES, 'BTC', 60, 200)).toBe(need);
    expect(watchStripCells(QUOTES, 'BTC', 5, 200)).toBe(20);
    expect(watchStripCells(QUOTES, 'BTC', -10, 180)).toBe(0);
    expect(watchStripCells([], 'BTC', 60, 200)).toBe(0);
  });
});

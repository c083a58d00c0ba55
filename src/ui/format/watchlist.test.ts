import { describe, expect, it } from 'vitest';
import { watchlistText } from './watchlist.js';

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

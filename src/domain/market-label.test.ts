import { describe, expect, it } from 'vitest';
import { marketLabel } from './market-label.js';

describe('marketLabel', () => {
  it('mainnet-empty-symbol-shows-name: symbol when set, else name, else the id', () => {
    expect(marketLabel({ id: 1, symbol: '', name: 'BTC' })).toBe('BTC');
    expect(marketLabel({ id: 16, symbol: 'BTC', name: 'BTC Perp' })).toBe('BTC');
    expect(marketLabel({ id: 7, symbol: '', name: '' })).toBe('#7');
  });
});

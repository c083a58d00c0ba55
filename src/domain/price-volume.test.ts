import { describe, expect, it } from 'vitest';
import { PriceVolume, volumeBetween } from './price-volume.js';

describe('volume per price over a window', () => {
  it('price-volume-forgets-trades-past-the-window: a trade leaves its price once older than the window, the price goes at 0', () => {
    const v = new PriceVolume(1_000);
    v.add(100, 5, 0);
    v.add(100, 2, 600);
    v.add(101, 1, 900);
    expect(v.view(900)).toEqual({ prices: [100, 101], sizes: [7, 1] });
    expect(v.view(1_500)).toEqual({ prices: [100, 101], sizes: [2, 1] });
    expect(v.view(1_700)).toEqual({ prices: [101], sizes: [1] });
  });

  it('price-volume-same-view-until-it-moves: no trade in or out hands back the same object', () => {
    const v = new PriceVolume(1_000);
    v.add(100, 5, 0);
    const first = v.view(10);
    expect(v.view(20)).toBe(first);
    v.add(100, 1, 30);
    expect(v.view(30)).not.toBe(first);
  });

  it('price-volume-grows-past-its-first-arrays: 5,000 trades in order, summed per row of 10 ticks', () => {
    const v = new PriceVolume(10_000_000);
    for (let i = 0; i < 5_000; i++) v.add(1_000 + (i % 50), 3, i);
    const view = v.view(5_000);
    expect(view.prices.length).toBe(50);
    expect(volumeBetween(view, 1_000, 10)).toBe(10 * 100 * 3);
    expect(volumeBetween(view, 1_045, 10)).toBe(5 * 100 * 3);
    expect(volumeBetween(view, 2_000, 10)).toBe(0);
  });
});

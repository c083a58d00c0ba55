import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map.js';

describe('RecentMap', () => {
  it('recent-map-keeps-what-frames-reuse: an entry read in each generation survives, an unused one is dropped after two', () => {
    const map = new RecentMap<string, number>(2);
    map.set('kept', 1);
    map.set('dropped', 2);
    map.set('a', 3); // current full: {kept, dropped} becomes the older generation
    expect(map.get('kept')).toBe(1); // moved into the current generation
    map.set('b', 4); // {a, kept} becomes the older generation: {kept, dropped} is gone, `kept` had moved out of it
    expect(map.get('dropped')).toBeUndefined();
    expect(map.get('kept')).toBe(1);
  });

  it('recent-map-bounded: however many keys pass through, at most two generations stay', () => {
    const map = new RecentMap<number, number>(4);
    for (let i = 0; i < 1000; i++) map.set(i, i);
    const kept = Array.from({ length: 1000 }, (_, i) => map.get(i)).filter((v) => v !== undefined);
    expect(kept.length).toBeLessThanOrEqual(8);
    expect(map.get(999)).toBe(999);
  });

  it('recent-map-overwrite-in-place: setting a key the current generation holds does not start a new one', () => {
    const map = new RecentMap<string, number>(2);
    map.set('x', 1);
    map.set('y', 2);
    map.set('y', 3);
    expect(map.get('x')).toBe(1);
    expect(map.get('y')).toBe(3);
  });
});

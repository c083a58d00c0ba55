import { describe, expect, it } from 'vitest';
import { keepSame, sameData } from './same-data.js';

describe('sameData', () => {
  it('equal-contents-are-the-same-data: nested arrays, objects, bigints and nulls', () => {
    const a = { rows: [{ id: 1, size: 10n, note: null, tags: ['a'] }], at: { b: 3 } };
    const b = { rows: [{ id: 1, size: 10n, note: null, tags: ['a'] }], at: { b: 3 } };
    expect(sameData(a, b)).toBe(true);
    expect(sameData(NaN, NaN)).toBe(true);
  });

  it('one-field-moved-is-other-data: a value deep inside, a missing key, an undefined one, a length', () => {
    const row = { id: 1, price: 100, effect: { kind: 'open', size: 5 } };
    expect(sameData(row, { ...row, effect: { kind: 'open', size: 6 } })).toBe(false);
    expect(sameData({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(1n, 2n)).toBe(false);
  });

  it('maps-and-instances-compare-as-the-same-object-only: their contents are not read', () => {
    expect(sameData(new Map([[1, 1]]), new Map([[1, 1]]))).toBe(false);
    const m = new Map();
    expect(sameData({ m }, { m })).toBe(true);
  });

  it('keepSame hands back the earlier object while the data is the same, the new one once it moved', () => {
    const before = [{ id: 1 }];
    expect(keepSame(before, [{ id: 1 }])).toBe(before);
    const moved = [{ id: 2 }];
    expect(keepSame(before, moved)).toBe(moved);
  });
});

import { describe, expect, it } from 'vitest';
import { memoBy, memoLast } from './memo.js';

describe('one-entry caches', () => {
  it('same-inputs-computed-once: the same objects give the cached result; a new object recomputes', () => {
    let calls = 0;
    const rows = memoLast((list: readonly number[], at: number) => {
      calls += 1;
      return { list, at };
    });
    const list = [1, 2];
    const first = rows(list, 0);
    expect(rows(list, 0)).toBe(first);
    expect(calls).toBe(1);
    expect(rows([1, 2], 0)).not.toBe(first);
    expect(rows(list, 1).at).toBe(1);
    expect(calls).toBe(3);
  });

  it('keyed-on-the-slices-read: a change elsewhere in the state keeps the cached view', () => {
    let calls = 0;
    const view = memoBy(
      (s: { rows: number[]; other: number }) => [s.rows],
      (s) => {
        calls += 1;
        return s.rows.length;
      },
    );
    const rows = [1, 2, 3];
    expect(view({ rows, other: 1 })).toBe(3);
    expect(view({ rows, other: 2 })).toBe(3);
    expect(calls).toBe(1);
    expect(view({ rows: [1], other: 2 })).toBe(1);
    expect(calls).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { memoLast } from './memo.js';

describe('memoLast', () => {
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
});

import { describe, expect, it } from 'vitest';
import { RecentMemo } from './recent-memo.js';

describe('RecentMemo', () => {
  it('recent-memo-computes-once-and-stays-bounded: a key asked again is not computed again; one unused for two generations is', () => {
    const computed: string[] = [];
    const memo = new RecentMemo<string, number>(2);
    const len = (k: string) => (computed.push(k), k.length);
    expect(memo.get('aa', len)).toBe(2);
    expect(memo.get('aa', len)).toBe(2);
    memo.get('b', len);
    memo.get('ccc', len); // the generation of aa, b is now the older one
    memo.get('aa', len); // found there: moved into the newest, not computed
    memo.get('d', len);
    memo.get('eeeee', len); // b's generation is dropped
    memo.get('b', len);
    expect(computed).toEqual(['aa', 'b', 'ccc', 'd', 'eeeee', 'b']);
  });
});

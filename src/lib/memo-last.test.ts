import { describe, expect, it } from 'vitest';
import { memoLast } from './memo-last.js';

describe('memoLast', () => {
  it('memo-last-builds-once-per-change: the same inputs hand back the same result; a new input rebuilds', () => {
    let builds = 0;
    const view = memoLast((rows: readonly number[], width: number) => {
      builds += 1;
      return { cells: rows.map((r) => r * width) };
    });
    const rows = [1, 2];
    const first = view(rows, 3);
    expect(view(rows, 3)).toBe(first);
    expect(builds).toBe(1);
    expect(view([1, 2], 3)).not.toBe(first);
    expect(view([1, 2], 4).cells).toEqual([4, 8]);
    expect(builds).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { lastResult, memoBy, memoLast } from './memo-last.js';

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

describe('lastResult', () => {
  it('same-inputs-reuse-the-result: computed once while every input is the same object, again when one changes', () => {
    const cached = lastResult<{ n: number }>();
    let runs = 0;
    const a = { x: 1 };
    const b = { y: 2 };
    const first = cached([a, b, 3], () => ({ n: (runs += 1) }));
    expect(cached([a, b, 3], () => ({ n: (runs += 1) }))).toBe(first);
    expect(runs).toBe(1);
    // An equal copy is another input: the cache compares identity, never contents.
    const next = cached([a, { y: 2 }, 3], () => ({ n: (runs += 1) }));
    expect(next).not.toBe(first);
    expect(runs).toBe(2);
    expect(cached([a, b], () => ({ n: (runs += 1) })).n).toBe(3);
  });
});

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

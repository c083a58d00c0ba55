import { describe, expect, it } from 'vitest';
import { lastResult } from './last-result.js';

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

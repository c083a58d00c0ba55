import { describe, expect, it } from 'vitest';
import { RequestBudget } from './request-budget.js';

describe('RequestBudget', () => {
  it('refuses the request that would exceed the per-minute budget (the server would close 1008)', () => {
    const b = new RequestBudget(3, 60_000);
    expect([b.tryTake(0), b.tryTake(1), b.tryTake(2), b.tryTake(3)]).toEqual([true, true, true, false]);
  });

  it('frees a slot once the oldest request leaves the window', () => {
    const b = new RequestBudget(2, 1000);
    b.tryTake(0);
    b.tryTake(500);
    expect(b.tryTake(999)).toBe(false);
    expect(b.tryTake(1000)).toBe(true);
  });

  it('starts over on a new connection', () => {
    const b = new RequestBudget(1, 60_000);
    b.tryTake(0);
    b.reset();
    expect(b.tryTake(1)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { RequestIdAllocator } from './rq.js';

describe('RequestIdAllocator', () => {
  it('starts above the seeded lfr so the first order is not rejected with sr 32', () => {
    const a = new RequestIdAllocator();
    a.seed(41);
    expect(a.next()).toBe(42);
    expect(a.next()).toBe(43);
  });

  it('jumps past an lfr pushed forward by another client on the same account', () => {
    const a = new RequestIdAllocator(5);
    expect(a.next()).toBe(6);
    a.observeLfr(1_791_217_110_068); // an official snippet used Date.now() as rq
    expect(a.next()).toBe(1_791_217_110_069);
  });

  it('does not reuse a number after a reconnect reports a lower lfr (request still in flight)', () => {
    const a = new RequestIdAllocator(10);
    expect(a.next()).toBe(11);
    expect(a.next()).toBe(12);
    a.seed(10); // reconnect: 11 and 12 not yet forwarded
    expect(a.next()).toBe(13);
  });

  it('reserves numbers read back from the journal', () => {
    const a = new RequestIdAllocator(3);
    a.reserve(20);
    expect(a.next()).toBe(21);
    a.reserve(5);
    expect(a.next()).toBe(22);
  });

  it('ignores nonsense lfr values instead of corrupting the counter', () => {
    const a = new RequestIdAllocator(7);
    a.observeLfr(-1);
    a.observeLfr(Number.NaN);
    expect(a.next()).toBe(8);
  });
});

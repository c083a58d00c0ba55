import { afterEach, describe, expect, it, vi } from 'vitest';
import { adaptPublishRate, FrameBudget } from './frame-budget.js';

describe('FrameBudget', () => {
  it('keeps the configured rate while paints are cheap', () => {
    const budget = new FrameBudget({ maxHz: 20 });
    for (let i = 0; i < 50; i++) budget.record(6);
    expect(budget.suggestedHz()).toBe(20);
  });

  it('slows publishing when paints get expensive, never below the floor', () => {
    const budget = new FrameBudget({ maxHz: 20, minHz: 4 });
    for (let i = 0; i < 100; i++) budget.record(80);
    expect(budget.suggestedHz()).toBe(5); // 0.4 * 1000 / 80
    for (let i = 0; i < 100; i++) budget.record(500);
    expect(budget.suggestedHz()).toBe(4);
  });

  it('does not halve the rate for one slow frame', () => {
    const budget = new FrameBudget({ maxHz: 20 });
    for (let i = 0; i < 50; i++) budget.record(10);
    budget.record(200);
    expect(budget.suggestedHz()).toBeGreaterThanOrEqual(13);
  });

  it('ignores nonsense measurements', () => {
    const budget = new FrameBudget({ maxHz: 20 });
    budget.record(Number.NaN);
    budget.record(-1);
    expect(budget.averagePaintMs).toBeNull();
    expect(budget.suggestedHz()).toBe(20);
  });
});

describe('adaptPublishRate', () => {
  afterEach(() => vi.useRealTimers());

  it('follows-frame-cost: expensive frames lower the publisher rate at the next adjustment; stop detaches it', () => {
    vi.useFakeTimers();
    const rates: number[] = [];
    const publisher = { onFrameCost: null as ((ms: number) => void) | null, setHz: (hz: number) => void rates.push(hz) };
    const adaptive = adaptPublishRate(publisher, 20, { warmupMs: 0 });
    for (let i = 0; i < 100; i++) publisher.onFrameCost?.(5);
    vi.advanceTimersByTime(1_000);
    for (let i = 0; i < 100; i++) publisher.onFrameCost?.(80);
    vi.advanceTimersByTime(1_000);
    expect(rates).toEqual([20, 5]);
    adaptive.stop();
    expect(publisher.onFrameCost).toBeNull();
    vi.advanceTimersByTime(5_000);
    expect(rates).toHaveLength(2);
  });

  it('warm-up-not-counted: the dear first frames after start do not lower the rate', () => {
    vi.useFakeTimers();
    const rates: number[] = [];
    const publisher = { onFrameCost: null as ((ms: number) => void) | null, setHz: (hz: number) => void rates.push(hz) };
    let t = 0;
    const adaptive = adaptPublishRate(publisher, 20, { warmupMs: 3_000, now: () => t });
    for (let i = 0; i < 20; i++) publisher.onFrameCost?.(200);
    vi.advanceTimersByTime(1_000);
    t = 3_000;
    for (let i = 0; i < 100; i++) publisher.onFrameCost?.(200);
    vi.advanceTimersByTime(1_000);
    expect(rates).toEqual([20, 4]);
    adaptive.stop();
  });
});

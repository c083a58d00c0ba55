// The virtual clock other tests lean on: timers run in due order at their own due time, only when advanced.
import { describe, expect, it } from 'vitest';
import { VirtualTimers } from './virtual-timers.js';

describe('VirtualTimers', () => {
  it('runs due timers in due order, each with the clock at its due time, and nothing early', () => {
    const clock = new VirtualTimers(1_000);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(`b@${clock.now()}`), 20);
    clock.setTimeout(() => ran.push(`a@${clock.now()}`), 10);
    clock.setTimeout(() => ran.push(`c@${clock.now()}`), 20);
    clock.advance(9);
    expect(ran).toEqual([]);
    expect(clock.nextDueInMs()).toBe(1);
    clock.advance(11);
    expect(ran).toEqual(['a@1010', 'b@1020', 'c@1020']);
    expect(clock.now()).toBe(1_020);
    expect(clock.pendingCount).toBe(0);
  });

  it('runs a timer set while advancing when it falls due inside the step; a cleared one never runs', () => {
    const clock = new VirtualTimers(0);
    const ran: number[] = [];
    const tick = (): void => {
      ran.push(clock.now());
      if (ran.length < 3) clock.setTimeout(tick, 100);
    };
    clock.setTimeout(tick, 100);
    const cleared = clock.setTimeout(() => ran.push(-1), 150);
    cleared.unref();
    clock.clearTimeout(cleared);
    clock.advance(250);
    expect(ran).toEqual([100, 200]);
    clock.advance(50);
    expect(ran).toEqual([100, 200, 300]);
    expect(clock.pendingCount).toBe(0);
  });
});

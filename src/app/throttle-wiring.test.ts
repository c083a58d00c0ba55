// The app's throttle wiring: every limiter's wait reaches the store field the status bar reads.

import { describe, expect, it } from 'vitest';
import { createTerminalStore } from '../state/store.js';
import { startThrottleNotice } from './throttle-wiring.js';

describe('throttle wiring', () => {
  it('REST requests waiting for the shared budget show in the store until the queue is empty', async () => {
    const store = createTerminalStore();
    const wiring = startThrottleNotice(store, { rest: { public: { capacity: 1, refillPerSec: 20 } } });
    const gate = wiring.restLimits.gate('public');
    const reads = [gate.acquire(), gate.acquire(), gate.acquire()];
    expect(store.getState().throttle?.sources).toEqual(['rest public']);
    expect(store.getState().throttle!.untilMs).toBeGreaterThan(Date.now());
    await Promise.all(reads);
    expect(store.getState().throttle).toBeNull();
    wiring.stop();
  });

  it('socket queues and 429 back-offs are named; the notice lasts until the last of them ends', () => {
    let now = 50_000;
    const store = createTerminalStore();
    const wiring = startThrottleNotice(store, { now: () => now });
    const socket = wiring.reporter('trading socket');
    const backoff = wiring.reporter('rest back-off');
    socket(700);
    backoff(2_000);
    expect(store.getState().throttle).toEqual({ untilMs: 52_000, sources: ['trading socket', 'rest back-off'] });
    now += 1_000;
    socket(null);
    expect(store.getState().throttle).toEqual({ untilMs: 52_000, sources: ['rest back-off'] });
    backoff(null);
    expect(store.getState().throttle).toBeNull();
    backoff(4_000);
    wiring.stop();
    expect(store.getState().throttle).toBeNull();
  });
});

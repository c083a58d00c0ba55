import { afterEach, describe, expect, it, vi } from 'vitest';
import { restampBlockTime } from './replay-connection.js';

afterEach(() => vi.useRealTimers());

describe('restampBlockTime', () => {
  it('moves the block time so arrival - block time is the latency seen when recording', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const startedAt = 1_000_000;
    // Recorded: arrived 2,000 ms into the recording, its block stamped 40 ms before that.
    const out = restampBlockTime({ t: 2_000, frame: { mt: 100, sn: 7, h: 42, at: { b: 42, t: 1_001_960 } } }, startedAt);
    expect(out).toEqual({ mt: 100, sn: 7, h: 42, at: { b: 42, t: 5_000_000 - 40 } });
  });

  it('moves a book frame\'s block time the same way (the app takes its latency from book frames too)', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const out = restampBlockTime({ t: 2_000, frame: { mt: 16, sid: 3, at: { b: 42, t: 1_001_990 }, bid: [], ask: [] } }, 1_000_000);
    expect(out).toEqual({ mt: 16, sid: 3, at: { b: 42, t: 5_000_000 - 10 }, bid: [], ask: [] });
  });

  it('leaves other frames and heartbeats without a block time as they are', () => {
    const trades = { mt: 18, sid: 3, at: { b: 1, t: 10 }, d: [] };
    expect(restampBlockTime({ t: 0, frame: trades }, 0)).toBe(trades);
    const bare = { mt: 100, sn: 1 };
    expect(restampBlockTime({ t: 0, frame: bare }, 0)).toBe(bare);
  });
});

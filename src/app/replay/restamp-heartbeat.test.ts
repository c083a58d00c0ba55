import { afterEach, describe, expect, it, vi } from 'vitest';
import { restampHeartbeat } from './replay-connection.js';

afterEach(() => vi.useRealTimers());

describe('restampHeartbeat', () => {
  it('moves the block time so arrival - block time is the latency seen when recording', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const startedAt = 1_000_000;
    // Recorded: arrived 2,000 ms into the recording, its block stamped 40 ms before that.
    const out = restampHeartbeat({ t: 2_000, frame: { mt: 100, sn: 7, h: 42, at: { b: 42, t: 1_001_960 } } }, startedAt);
    expect(out).toEqual({ mt: 100, sn: 7, h: 42, at: { b: 42, t: 5_000_000 - 40 } });
  });

  it('leaves other frames and heartbeats without a block time as they are', () => {
    const book = { mt: 16, sid: 3, at: { b: 1, t: 10 } };
    expect(restampHeartbeat({ t: 0, frame: book }, 0)).toBe(book);
    const bare = { mt: 100, sn: 1 };
    expect(restampHeartbeat({ t: 0, frame: bare }, 0)).toBe(bare);
  });
});

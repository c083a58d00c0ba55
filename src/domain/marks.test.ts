import { describe, expect, it } from 'vitest';
import { lastKnownPrice, livePrice, readSeenMark, type MarkFeedInputs } from './marks.js';

const live: MarkFeedInputs = { socketOpen: true, generation: 3, reason: null, silentMs: 200, stallMs: 10_000 };
const seen = { price: 670_000, block: 900, timeMs: 1_000, generation: 3 };

describe('the mark rule', () => {
  it('a mark of this generation on a live feed is current, however old (a quiet market sends no mt 9)', () => {
    const r = readSeenMark(seen, live);
    expect(r).toEqual({ state: 'live', price: 670_000, block: 900, timeMs: 1_000 });
    expect(livePrice(r)).toBe(670_000);
  });

  it('is stale, price kept, when the socket is down, the feed silent, or the feed resynced since', () => {
    const down = readSeenMark(seen, { ...live, socketOpen: false, reason: 'closed (1006)' });
    expect(down).toMatchObject({ state: 'stale', price: 670_000, reason: 'market data down: closed (1006)' });
    const silent = readSeenMark(seen, { ...live, silentMs: 5_001 });
    expect(silent).toMatchObject({ state: 'stale', reason: 'no market data for 5.0 s' });
    const resynced = readSeenMark(seen, { ...live, generation: 4, reason: 'heartbeat gap 7 -> 9' });
    expect(resynced).toMatchObject({ state: 'stale', reason: 'market data resynced (heartbeat gap 7 -> 9); no new mark yet' });
    for (const r of [down, silent, resynced]) {
      expect(livePrice(r)).toBeNull();
      expect(lastKnownPrice(r)).toBe(670_000);
    }
  });

  it('is unknown when never seen, with the feed problem when there is one', () => {
    expect(readSeenMark(undefined, live)).toEqual({ state: 'unknown', reason: 'no mark received yet' });
    expect(readSeenMark(undefined, { ...live, silentMs: null })).toEqual({ state: 'unknown', reason: 'no market data yet' });
    expect(lastKnownPrice(readSeenMark(undefined, live))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { FeedTracker, feedLag, type LagSample } from './feed-tracker.js';

/** The exchange's frames as fanOutMarketData and MarketDataSession.heartbeat serialise them (whole-second at.t). */
const heartbeat = (block: number): string => JSON.stringify({ mt: 100, sid: 5000, sn: block, h: block });
const book = (block: number, t: number): string =>
  JSON.stringify({ mt: 16, sid: 1000001, sn: block, at: { b: block, t }, bid: [{ p: 1, s: 1, o: 1 }], ask: [] });
const trades = (block: number, t: number, n: number): string =>
  JSON.stringify({ mt: 18, sid: 2000001, sn: block, d: Array.from({ length: n }, () => ({ at: { b: block, t }, p: 1, s: 1, sd: 1 })) });

/** A feed of `seconds` at 300 ms blocks, each block's heartbeat arriving `lagAt(i)` ms after it left. */
function run(seconds: number, lagAt: (i: number) => number): { tracker: FeedTracker; sent: Map<number, number> } {
  let clock = 0;
  const tracker = new FeedTracker(() => clock);
  const sent = new Map<number, number>();
  const start = 1_790_000_000_123.25;
  for (let i = 0; i < (seconds * 1000) / 300; i++) {
    const block = 1_000_000 + i;
    const sentMs = start + i * 300;
    sent.set(block, sentMs);
    // Book frames carry the block's whole second; they must not be read as a lag.
    clock = sentMs + lagAt(i);
    tracker.frame(book(block, sentMs - (sentMs % 1000)));
    tracker.frame(heartbeat(block));
  }
  return { tracker, sent };
}

describe('feed lag', () => {
  it('whole-second-block-times-read-as-a-second-of-lag: an app 3 ms behind reads 3 ms, not the block time rounding', () => {
    const { tracker, sent } = run(20, () => 3);
    const lag = tracker.lag(sent);
    expect(lag.p99Ms).toBeCloseTo(3, 6);
    expect(lag.p50Ms).toBeCloseTo(3, 6);
    expect(lag.samples).toBe(67);
    expect(lag.unpaired).toBe(0);
    expect(lag.growing).toBe(false);
  });

  it('feed-lag-p99-misses-the-slow-tail: two heartbeats in a hundred 80 ms late set the p99', () => {
    const samples: LagSample[] = Array.from({ length: 200 }, (_, i) => ({ sentMs: i * 300, lagMs: i % 50 === 7 ? 80 : 2 }));
    expect(feedLag(samples).p99Ms).toBe(80);
    expect(feedLag(samples).p50Ms).toBe(2);
  });

  it('app-falling-behind-reads-as-keeping-up: a lag growing 10 ms a second is a growing backlog', () => {
    const { tracker, sent } = run(20, (i) => 5 + i * 3);
    expect(tracker.lag(sent).growing).toBe(true);
  });

  it('steady-lag-with-paint-spikes-reads-as-a-backlog: a steady lag with spikes up to a paint is no backlog', () => {
    const { tracker, sent } = run(20, (i) => (i % 7 === 0 ? 60 : 2 + (i % 3)));
    expect(tracker.lag(sent).growing).toBe(false);
  });

  it('backlog-built-in-the-warm-up-reads-as-keeping-up: a steady lag of two seconds is behind the feed', () => {
    const { tracker, sent } = run(20, () => 2000);
    expect(tracker.lag(sent).growing).toBe(true);
  });

  it('too-few-heartbeats-read-as-a-trend: four heartbeats tell no trend, however they grow', () => {
    const samples: LagSample[] = [1, 2, 3, 4].map((i) => ({ sentMs: i * 300, lagMs: i * 200 }));
    expect(feedLag(samples).growing).toBe(false);
  });

  it('warm-up-heartbeats-counted-in-the-run: a reset forgets the heartbeats and frames before it', () => {
    let clock = 0;
    const tracker = new FeedTracker(() => clock);
    const sent = new Map([
      [1, 0],
      [2, 300],
    ]);
    clock = 5000;
    tracker.frame(heartbeat(1));
    tracker.frame(book(1, 0));
    tracker.reset();
    clock = 304;
    tracker.frame(heartbeat(2));
    expect(tracker.lag(sent)).toMatchObject({ p99Ms: 4, samples: 1, unpaired: 0 });
    expect(tracker.bookUpdates).toBe(0);
  });

  it('heartbeat-of-another-exchange-paired: a heartbeat without a trace line is counted unpaired, not as a lag', () => {
    let clock = 10;
    const tracker = new FeedTracker(() => clock);
    tracker.frame(heartbeat(7));
    clock = 20;
    tracker.frame(heartbeat(8));
    expect(tracker.lag(new Map([[8, 15]]))).toMatchObject({ p99Ms: 5, samples: 1, unpaired: 1 });
  });

  it('book-and-trade-counts-lost: book updates and trades (one per sd) are counted beside the heartbeats', () => {
    const tracker = new FeedTracker(() => 0);
    tracker.frame(book(1, 1000));
    tracker.frame(book(2, 1000));
    tracker.frame(trades(2, 1000, 3));
    tracker.frame(heartbeat(2));
    expect(tracker.bookUpdates).toBe(2);
    expect(tracker.trades).toBe(3);
  });
});

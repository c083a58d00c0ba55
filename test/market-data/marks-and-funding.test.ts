// The session as the one mark source of every market (domain/marks.ts holds the rule), and the header's
// funding rate from the context until the stream reports one: exact frames from a scripted server.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketDataSession } from '../../src/client/market-data/session.js';
import type { Context, FundingEvent, MarketState } from '../../src/protocol/frames.js';
import { ScriptedServer, TEST_CHAIN_ID, testContext } from './scripted-server.js';
import { waitFor } from './helpers.js';
import { VirtualTimers } from '../helpers/virtual-timers.js';

const WANTS = { depth: 10, trades: 10, candles: 10 };
const HB = `heartbeat@${TEST_CHAIN_ID}`;
const STATE = `market-state@${TEST_CHAIN_ID}`;
const FUNDING = `funding@${TEST_CHAIN_ID}`;

let server: ScriptedServer;
let session: MarketDataSession | null = null;
let beats: ReturnType<typeof setInterval> | null = null;

beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  if (beats) clearInterval(beats);
  beats = null;
  session?.stop();
  session = null;
  await server.close();
});

/** A session on the scripted server; `clock` times its staleness and watchdog (default the real clock). */
async function connect(context: Context = testContext(), stallMs = 10_000, clock?: VirtualTimers): Promise<MarketDataSession> {
  session = new MarketDataSession({
    wsBase: server.url,
    chainId: TEST_CHAIN_ID,
    context,
    marketId: 1,
    stallMs,
    backoff: { baseMs: 20, maxMs: 100, jitter: 0 },
    ...(clock ? { timers: clock } : {}),
  });
  session.start();
  await waitFor(() => server.connections.length > 0 && server.last.sids.size === 6, 'subscription');
  return session;
}

const state = (mrk: number, b: number): MarketState => ({ at: { b, t: 1_790_000_000_000 + b }, orl: mrk, mrk, lst: mrk, mid: mrk, bid: mrk, ask: mrk, prv: mrk, dv: 0, dva: '0', oi: 0, tvl: '0' });
const fundingEvent = (feb: number, rate: number): FundingEvent => ({ at: { b: feb }, feb, rate, idx: 1, ppl: 0, sum: 0, div: 1 });

/** Heartbeats every block (100 ms) on the current connection, as a healthy feed sends them. */
function heartbeats(): void {
  let sn = 1;
  beats = setInterval(() => {
    try {
      server.send({ mt: 100, sid: server.sid(HB), sn: sn, h: 1000 + sn });
      sn += 1;
    } catch {
      // between connections: the next one numbers afresh
    }
  }, 100);
}

describe('marks of every market from the market-data session', () => {
  it('quiet-market-mark-stays-live: a market with no mt 9 for longer than the stale window is current while heartbeats flow', async () => {
    const clock = new VirtualTimers();
    const s = await connect(testContext(), 2_000, clock); // not live after 1 s without any frame
    heartbeats();
    server.send({ mt: 9, sid: server.sid(STATE), d: { '1': state(1010, 900), '20': state(5000, 900) } });
    await waitFor(() => s.readMark(20).state === 'live', 'the mark of market 20');
    // Three stale windows (virtual) with only market 1 changing: market 20's mark is still the current one.
    for (let i = 0; i < 30; i++) {
      server.send({ mt: 9, sid: server.sid(STATE), d: { '1': state(1010 + i, 901 + i) } });
      await waitFor(() => s.readMark(1).state === 'live' && (s.readMark(1) as { block: number }).block === 901 + i, `market 1 at block ${901 + i}`);
      clock.advance(100);
    }
    expect(s.readMark(20)).toEqual({ state: 'live', price: 5000, block: 900, timeMs: 1_790_000_000_900 });
    expect(s.marks().get(20)).toBe(5000);
    // Its last trade (mt 9 lst) with it: a `last` trigger of a market not on screen is checked on it.
    expect(s.lastTradePrice(20)).toBe(5000);
    expect(s.lastTradePrice(77)).toBeNull();
    expect(s.readMark(1)).toMatchObject({ state: 'live', price: 1039, block: 930 });
    // A market never reported is unknown, not zero.
    expect(s.readMark(77)).toEqual({ state: 'unknown', reason: 'no mark received yet' });
  });

  it('mark-stale-when-the-feed-is-silent: no frame at all for half the stall window makes every mark stale, price kept', async () => {
    const clock = new VirtualTimers();
    const s = await connect(testContext(), 4_000, clock);
    server.send({ mt: 9, sid: server.sid(STATE), d: { '20': state(5000, 900) } });
    await waitFor(() => s.readMark(20).state === 'live', 'the mark');
    clock.advance(2_000); // half the stall window of silence: still live
    expect(s.readMark(20).state).toBe('live');
    clock.advance(1); // past it
    expect(s.readMark(20)).toMatchObject({ state: 'stale', price: 5000, reason: expect.stringMatching(/^no market data for \d\.\d s$/) });
    // The watchlist and alerts read the same rule: a stale mark is not offered as current.
    expect(s.marks().has(20)).toBe(false);
    expect(s.lastTradePrice(20)).toBeNull();
  });

  it('mark-stale-after-resync: a reconnect keeps the old price as stale until the new connection reports a mark', async () => {
    const s = await connect();
    heartbeats();
    server.send({ mt: 9, sid: server.sid(STATE), d: { '20': state(5000, 900) } });
    await waitFor(() => s.readMark(20).state === 'live', 'the mark');
    server.last.ws.close(1013, 'send buffer overflow');
    await waitFor(() => s.epoch === 2 && server.connections.length === 2 && server.last.sids.size === 6, 'resubscribed');
    await waitFor(() => server.connections[1]!.received.length > 0, 'the new connection');
    // Heartbeats flow again on the new connection (one has been applied), yet the mark is from before the gap.
    await waitFor(() => s.snapshot(WANTS).headBlock !== null, 'a heartbeat on the new connection');
    expect(s.readMark(20)).toMatchObject({ state: 'stale', price: 5000, reason: expect.stringMatching(/resynced.*send buffer overflow \(1013\)/) });
    server.send({ mt: 9, sid: server.sid(STATE), d: { '20': state(5100, 950) } });
    await waitFor(() => s.readMark(20).state === 'live', 'the fresh mark');
    expect(s.readMark(20)).toMatchObject({ price: 5100, block: 950 });
  });
});

describe('the header funding rate', () => {
  it('funding-from-the-context-at-once: the context rate shows before any mt 10, and a newer mt 10 replaces it', async () => {
    const base = testContext();
    const context: Context = { ...base, markets: base.markets.map((m) => (m.id === 1 ? { ...m, funding: fundingEvent(990, 40) } : m)) };
    const s = await connect(context);
    server.send({ mt: 100, sid: server.sid(HB), sn: 1, h: 1000 });
    await waitFor(() => s.snapshot(WANTS).headBlock === 1000, 'heartbeat');
    expect(s.snapshot(WANTS).header.fundingRatePct).toBeCloseTo(0.004, 12);
    expect(s.snapshot(WANTS).header.nextFundingInMs).not.toBeNull();
    // An older event than the context's (a late estimate) does not replace it...
    server.send({ mt: 10, sid: server.sid(FUNDING), d: { '1': fundingEvent(980, 7) } });
    // ...the next interval's does.
    server.send({ mt: 10, sid: server.sid(FUNDING), d: { '1': fundingEvent(990 + 8571, 55) } });
    await waitFor(() => Math.abs((s.snapshot(WANTS).header.fundingRatePct ?? 0) - 0.0055) < 1e-12, 'the live rate');
  });

  it('funding-shown-with-no-mt-10-ever: a live feed (heartbeats, market state) that never sends funding shows the context rate throughout', async () => {
    const base = testContext();
    const context: Context = { ...base, markets: base.markets.map((m) => (m.id === 1 ? { ...m, funding: fundingEvent(990, 40) } : m)) };
    const s = await connect(context);
    // The funding stream is subscribed and answered, and nothing is ever sent on it.
    expect(server.last.sids.has(FUNDING)).toBe(true);
    heartbeats();
    await waitFor(() => s.snapshot(WANTS).headBlock !== null, 'a heartbeat (the countdown counts blocks)');
    for (let i = 0; i < 5; i++) {
      server.send({ mt: 9, sid: server.sid(STATE), d: { '1': state(1010 + i, 1000 + i) } });
      await waitFor(() => s.snapshot(WANTS).header.mark === 1010 + i, `market state ${i}`);
      const header = s.snapshot(WANTS).header;
      expect(header.fundingRatePct).toBeCloseTo(0.004, 12);
      expect(header.fundingAprPct).not.toBeNull();
      expect(header.nextFundingInMs).not.toBeNull();
    }
    // The feed is live (its mark is current): the rate is not waiting for a stalled stream.
    expect(s.readMark(1).state).toBe('live');
  });
});

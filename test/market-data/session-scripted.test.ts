// Session behaviour that needs exact frames: sid routing, merges, resync triggers, budgets, health.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketDataSession, type MarketDataSnapshot } from '../../src/client/market-data/session.js';
import { ScriptedServer, TEST_CHAIN_ID, testContext } from './scripted-server.js';
import { waitFor } from './helpers.js';

const WANTS = { depth: 10, trades: 10, candles: 10 };
const HB = `heartbeat@${TEST_CHAIN_ID}`;
const STATE = `market-state@${TEST_CHAIN_ID}`;
const FUNDING = `funding@${TEST_CHAIN_ID}`;

let server: ScriptedServer;
let session: MarketDataSession | null = null;
let clockOffset = 0;
const logs: string[] = [];

beforeEach(async () => {
  server = await ScriptedServer.start();
  clockOffset = 0;
  logs.length = 0;
});
afterEach(async () => {
  session?.stop();
  session = null;
  await server.close();
});

async function connect(marketId = 1): Promise<MarketDataSession> {
  session = new MarketDataSession({
    wsBase: server.url,
    chainId: TEST_CHAIN_ID,
    context: testContext(),
    marketId,
    now: () => Date.now() + clockOffset,
    backoff: { baseMs: 20, maxMs: 100, jitter: 0 },
    log: (l) => logs.push(l),
  });
  session.start();
  await waitFor(() => server.connections.length > 0 && server.last.sids.size === 6, 'subscription');
  return session;
}

const snap = (): MarketDataSnapshot => (session as MarketDataSession).snapshot(WANTS);
const lvl = (p: number, s: number, o = 1) => ({ p, s, o });

async function sendBookSnapshot(market = 1): Promise<void> {
  server.send({ mt: 15, sid: server.sid(`order-book@${market}`), sn: 5, at: { b: 5, t: Date.now() }, bid: [lvl(100, 5), lvl(99, 1)], ask: [lvl(101, 2)] });
  await waitFor(() => snap().book.bids.length === 2, 'book snapshot applied');
}

describe('MarketDataSession (scripted server)', () => {
  it('subscribes to every stream in ONE mt 5 and routes by the sids the server chose', async () => {
    await connect();
    const subscribes = server.last.received.filter((f) => f.mt === 5);
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]!.subs!.map((s) => s.stream).sort()).toEqual(
      [HB, STATE, FUNDING, 'order-book@1', 'trades@1', 'candles@1*60'].sort(),
    );
    await sendBookSnapshot();
    server.send({ mt: 16, sid: server.sid('order-book@1'), sn: 6, bid: [lvl(99, 0, 0), lvl(98, 4, 2)], ask: [lvl(102, 3)] });
    await waitFor(() => snap().book.asks.length === 2, 'delta applied');
    expect(snap().book.bids.map((r) => [r.price, r.size, r.total])).toEqual([
      [100, 5, 5],
      [98, 4, 9],
    ]);
    expect(snap().connection.health).toBe('live');
    expect(snap().connection.roundTrip).not.toBeNull();
  });

  it('ignores a frame whose sid is not ours, even with the right mt', async () => {
    await connect();
    await sendBookSnapshot();
    server.send({ mt: 16, sid: 1_000_001, sn: 6, bid: [lvl(100, 999)], ask: [] });
    server.send({ mt: 100, sid: server.sid(HB), sn: 1, h: 1 });
    await waitFor(() => snap().headBlock === 1, 'heartbeat');
    expect(snap().book.bids[0]!.size).toBe(5);
    expect(session!.unroutedFrameCount).toBe(1);
  });

  it('drops book deltas that arrive before the snapshot (no book built from fragments)', async () => {
    await connect();
    server.send({ mt: 16, sid: server.sid('order-book@1'), sn: 4, bid: [lvl(90, 1)], ask: [] });
    await sendBookSnapshot();
    expect(snap().book.bids.map((r) => r.price)).toEqual([100, 99]);
  });

  it('merges market state per market and upserts funding by feb', async () => {
    await connect();
    await sendBookSnapshot();
    const st = (mrk: number) => ({ at: {}, orl: mrk, mrk, lst: mrk, mid: mrk, bid: mrk, ask: mrk, prv: 1000, dv: 0, dva: '5000000', oi: 100000, tvl: '0' });
    server.send({ mt: 9, sid: server.sid(STATE), d: { '1': st(1010), '20': st(50) } });
    server.send({ mt: 9, sid: server.sid(STATE), d: { '20': st(51) } }); // only market 20 changed
    const fe = (feb: number, rate: number) => ({ at: { b: feb }, feb, rate, idx: 1, ppl: 0, sum: 0, div: 1 });
    server.send({ mt: 10, sid: server.sid(FUNDING), d: { '1': fe(1000, 40) } });
    server.send({ mt: 10, sid: server.sid(FUNDING), d: { '1': fe(1000, 42) } }); // final re-publication
    server.send({ mt: 10, sid: server.sid(FUNDING), d: { '1': fe(900, 7) } }); // older event: ignored
    server.send({ mt: 100, sid: server.sid(HB), sn: 7, h: 1100 });
    await waitFor(() => snap().headBlock === 1100, 'heartbeat');
    const h = snap().header;
    expect(h.mark).toBe(1010);
    expect(h.change24hPct).toBeCloseTo(1, 9);
    expect(h.volume24h).toBe(5);
    expect(h.fundingRatePct).toBeCloseTo(0.0042, 12);
    expect(h.nextFundingInMs).toBe((1000 + 8571 - 1100) * 300);
  });

  it('resyncs on a crossed book: reconnects, resubscribes, and shows nothing until a fresh snapshot', async () => {
    const s = await connect();
    await sendBookSnapshot();
    server.send({ mt: 16, sid: server.sid('order-book@1'), sn: 6, bid: [lvl(101, 1)], ask: [] });
    await waitFor(() => s.epoch === 2 && server.connections.length === 2 && server.last.sids.size === 6, 'resubscribed');
    expect(snap().stats.resyncs).toBe(1);
    expect(snap().book.bids).toEqual([]);
    expect(snap().connection).toMatchObject({ health: 'resyncing' });
    expect(snap().connection.reason).toMatch(/crossed book 101 >= 101/);
    await sendBookSnapshot();
    expect(snap().connection.health).toBe('live');
  });

  it('a malformed book frame forces a resync; other garbage is counted and skipped', async () => {
    const s = await connect();
    await sendBookSnapshot();
    server.send('{"mt":42,"nonsense":true}');
    server.send('not json at all');
    server.send({ mt: 100, sid: server.sid(HB), sn: 3, h: 3 });
    await waitFor(() => snap().headBlock === 3, 'heartbeat after garbage');
    expect(snap().stats.malformedFrames).toBe(2);
    expect(s.epoch).toBe(1);
    server.send(`{"mt":16,"sid":${server.sid('order-book@1')},"bid":[{"p":"oops"}]}`);
    await waitFor(() => s.epoch === 2, 'resync after malformed book frame');
    expect(snap().stats.malformedFrames).toBe(3);
    expect(snap().stats.resyncs).toBe(1);
  });

  it('a heartbeat gap forces a resync naming the gap', async () => {
    const s = await connect();
    await sendBookSnapshot();
    server.send({ mt: 100, sid: server.sid(HB), sn: 10, h: 10 });
    server.send({ mt: 100, sid: server.sid(HB), sn: 11, h: 11 });
    server.send({ mt: 100, sid: server.sid(HB), sn: 13, h: 13 });
    await waitFor(() => s.epoch === 2, 'reconnect after gap');
    expect(logs.join('\n')).toMatch(/heartbeat gap 11 -> 13/);
  });

  it('routes heartbeats that carry no sid (chain-wide stream)', async () => {
    await connect();
    server.send({ mt: 100, sn: 1, h: 77 });
    await waitFor(() => snap().headBlock === 77, 'sid-less heartbeat');
  });

  it('shows a failed stream subscription as the connection reason', async () => {
    server.statusFor = (stream) => (stream === 'trades@1' ? { code: 429, error: 'too many subscriptions' } : { code: 0 });
    session = new MarketDataSession({ wsBase: server.url, chainId: TEST_CHAIN_ID, context: testContext(), marketId: 1 });
    session.start();
    await waitFor(() => server.connections.length > 0 && server.last.sids.size === 5, 'subscription');
    await sendBookSnapshot();
    expect(snap().connection.reason).toBe('trades@1: 429 too many subscriptions');
  });

  it('setMarket unsubscribes the old streams in the same frame, and late old-market frames are ignored', async () => {
    const s = await connect(1);
    await sendBookSnapshot(1);
    const oldSid = server.sid('order-book@1');
    s.setMarket(20);
    expect(snap().market).toMatchObject({ id: 20, symbol: 'ETH', priceDecimals: 2 });
    await waitFor(() => server.last.received.filter((f) => f.mt === 5).length === 2, 'second mt 5');
    const second = server.last.received.filter((f) => f.mt === 5)[1]!;
    expect(second.subs).toEqual([
      { stream: 'order-book@1', subscribe: false },
      { stream: 'trades@1', subscribe: false },
      { stream: 'candles@1*60', subscribe: false },
      { stream: 'order-book@20', subscribe: true },
      { stream: 'trades@20', subscribe: true },
      { stream: 'candles@20*60', subscribe: true },
    ]);
    server.send({ mt: 15, sid: oldSid, sn: 9, bid: [lvl(1, 1)], ask: [lvl(2, 1)] });
    await waitFor(() => server.last.sids.has('order-book@20'), 'new sids');
    server.send({ mt: 15, sid: server.sid('order-book@20'), sn: 9, bid: [lvl(500, 1)], ask: [lvl(501, 1)] });
    await waitFor(() => snap().book.bids.length === 1, 'new market book');
    expect(snap().book).toMatchObject({ marketId: 20 });
    expect(snap().book.bids[0]!.price).toBe(500);
  });

  it('reconnects instead of exceeding the 10 requests/min subscription budget', async () => {
    const s = await connect(1);
    for (let i = 0; i < 10; i++) s.setMarket(i % 2 === 0 ? 20 : 1);
    await waitFor(() => s.epoch === 2 && server.last.sids.size === 6, 'fresh connection');
    const perConnection = server.connections.map((c) => c.received.filter((f) => f.mt === 5).length);
    for (const n of perConnection) expect(n).toBeLessThanOrEqual(8);
    // The fresh connection subscribes to where the user ended up.
    expect([...server.last.sids.keys()]).toContain(`order-book@${s.marketId}`);
  });

  it('turns stale after half the stall window without data and says for how long', async () => {
    await connect();
    await sendBookSnapshot();
    expect(snap().connection.health).toBe('live');
    clockOffset = 6_500;
    expect(snap().connection).toMatchObject({ health: 'stale', reason: 'no data for 6 s' });
  });

  it('returns the same snapshot object while nothing changes, a new version when a frame lands', async () => {
    await connect();
    await sendBookSnapshot();
    const a = snap();
    expect(snap()).toBe(a);
    server.send({ mt: 16, sid: server.sid('order-book@1'), sn: 6, bid: [lvl(100, 6)], ask: [] });
    await waitFor(() => snap().book.bids[0]!.size === 6, 'delta');
    expect(snap().version).toBeGreaterThan(a.version);
  });

  it('after a server close it resyncs and names the close reason and code', async () => {
    const s = await connect();
    await sendBookSnapshot();
    server.last.ws.close(1013, 'send buffer overflow');
    await waitFor(() => s.epoch === 2, 'reconnect');
    // After reconnecting it waits for snapshots and says why it lost the old ones.
    expect(snap().connection.health).toBe('resyncing');
    expect(snap().connection.reason).toMatch(/send buffer overflow \(1013\)/);
  });

  it('shows disconnected with a retry countdown while the server is unreachable, and keeps retrying', async () => {
    session = new MarketDataSession({
      wsBase: server.url,
      chainId: TEST_CHAIN_ID,
      context: testContext(),
      marketId: 1,
      backoff: { baseMs: 60_000, maxMs: 60_000, jitter: 0 },
    });
    session.start();
    await waitFor(() => server.connections.length > 0 && server.last.sids.size === 6, 'subscription');
    await sendBookSnapshot();
    await server.close();
    await waitFor(() => snap().connection.health === 'disconnected', 'disconnected');
    const c = snap().connection;
    expect(c.retryInMs).toBeGreaterThan(50_000);
    expect(c.retryInMs).toBeLessThanOrEqual(60_000);
    expect(c.reason).toMatch(/\(1006\)|connection lost/);
    server = await ScriptedServer.start(); // afterEach closes it
  });

  it('reconnect-mid-snapshot: a connection lost between the ack and the book snapshot leaves no partial book', async () => {
    const s = await connect();
    await sendBookSnapshot();
    const first = server.last;
    server.send({ mt: 16, sid: server.sid('order-book@1', first), sn: 6, bid: [lvl(97, 1)], ask: [] }, first);
    first.ws.terminate();
    await waitFor(() => s.epoch === 2 && server.last !== first && server.last.sids.size === 6, 'second subscription');
    // Acked but no snapshot yet: nothing from the first connection may show.
    server.send({ mt: 16, sid: server.sid('order-book@1'), sn: 7, bid: [lvl(96, 1)], ask: [] });
    server.send({ mt: 100, sid: server.sid(HB), sn: 1, h: 1 });
    await waitFor(() => snap().headBlock === 1, 'heartbeat on the new connection');
    expect(snap().book.bids).toEqual([]);
    expect(snap().connection.health).toBe('resyncing');
    await sendBookSnapshot();
    expect(snap().book.bids.map((r) => r.price)).toEqual([100, 99]);
    expect(snap().connection.health).toBe('live');
  });
});

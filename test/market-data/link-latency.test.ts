// The status bar's latency figure against a loopback server whose pongs can be slowed: it is the link's
// round trip (protocol pings), not the age of whole-second block stamps, and it says nothing when unknown.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketDataSession, type MarketDataSnapshot } from '../../src/client/market-data/session.js';
import type { ConnectionView } from '../../src/domain/views.js';
import { ScriptedServer, TEST_CHAIN_ID, testContext } from './scripted-server.js';
import { waitFor } from './helpers.js';

const WANTS = { depth: 10, trades: 10, candles: 10 };
/** Pings this often in these tests (the app: every 5 s). */
const PROBE_MS = 50;

let server: ScriptedServer;
let session: MarketDataSession | null = null;
const outbound: string[] = [];

beforeEach(async () => {
  server = await ScriptedServer.start();
  outbound.length = 0;
});
afterEach(async () => {
  session?.stop();
  session = null;
  await server.close();
});

async function connect(roundTripEveryMs = PROBE_MS): Promise<MarketDataSession> {
  session = new MarketDataSession({
    wsBase: server.url,
    chainId: TEST_CHAIN_ID,
    context: testContext(),
    marketId: 1,
    backoff: { baseMs: 20, maxMs: 100, jitter: 0 },
    roundTripEveryMs,
    tap: { frame: (dir, text) => void (dir === 'out' && outbound.push(text)) },
  });
  session.start();
  await waitFor(() => server.connections.length > 0 && server.last.sids.size === 6, 'subscription');
  return session;
}

const snap = (): MarketDataSnapshot => (session as MarketDataSession).snapshot(WANTS);
const link = (): ConnectionView => snap().connection;
const lvl = (p: number, s: number) => ({ p, s, o: 1 });
/** The whole second a block made now is stamped with (wire.md 15.1: every at.t is a multiple of 1000). */
const blockSecond = (): number => Math.floor(Date.now() / 1000) * 1000;

/** Waits until the wall clock is `from`..`to` ms into a second. */
async function intoSecond(from: number, to: number): Promise<void> {
  await waitFor(() => {
    const ms = Date.now() % 1000;
    return ms >= from && ms < to;
  }, `${from}..${to} ms into a second`, 3_000);
}

describe('the latency figure is the link\'s round trip', () => {
  it('latency-jumped-with-whole-second-block-stamps: book frames stamped in whole seconds do not move it; the measured round trip does', async () => {
    server.pongDelayMs = 150;
    await connect();
    const bookFrame = (mt: 15 | 16, sn: number) =>
      server.send({ mt, sid: server.sid('order-book@1'), sn, at: { b: sn, t: blockSecond() }, bid: [lvl(100, sn)], ask: [lvl(101, 1)] });
    bookFrame(15, 5);
    await waitFor(() => snap().book.bids[0]?.size === 5 && link().roundTrip !== null, 'the book and a figure');
    const seen: number[] = [];
    // A book frame early in its block's second (the old figure: a few ms) and one late in it (~900 ms).
    for (const [sn, from, to] of [[6, 0, 60], [7, 880, 940]] as const) {
      await intoSecond(from, to);
      bookFrame(16, sn);
      await waitFor(() => snap().book.bids[0]?.size === sn, 'book frame applied');
      seen.push(link().roundTrip!.ms);
    }
    // Both follow the 150 ms pong delay, whatever the frames' block times say.
    for (const ms of seen) {
      expect(ms).toBeGreaterThanOrEqual(150);
      expect(ms).toBeLessThan(600);
    }
  });

  it('latency-tracks-added-pong-delay: the figure follows a slower link and comes back', async () => {
    await connect();
    await waitFor(() => (link().roundTrip?.ms ?? Infinity) < 100, 'a fast loopback round trip');
    server.pongDelayMs = 300;
    await waitFor(() => (link().roundTrip?.ms ?? 0) >= 300, 'the figure to follow the 300 ms delay');
    expect(link().roundTrip?.ms).toBeLessThan(800);
    expect(link().roundTrip?.atLeast).toBe(false);
    server.pongDelayMs = 0;
    await waitFor(() => (link().roundTrip?.ms ?? Infinity) < 100, 'the figure back to loopback');
  });

  it('pings are protocol-level: no mt 1 on the market-data socket (it has a 10 requests/min budget)', async () => {
    const s = await connect();
    await waitFor(() => server.pings >= 20, 'twenty protocol pings');
    expect(outbound.map((t) => (JSON.parse(t) as { mt: number }).mt)).toEqual([5]);
    expect(server.last.received.map((f) => f.mt)).toEqual([5]);
    expect(s.epoch).toBe(1);
  });

  it('rtt-unknown-until-answered: after a reconnect the old figure is gone, and unanswered pings make none', async () => {
    const s = await connect();
    await waitFor(() => link().roundTrip !== null, 'a round trip on the first connection');
    server.pongDelayMs = null;
    const pings = server.pings;
    server.last.ws.terminate();
    await waitFor(() => s.epoch === 2 && server.last.sids.size === 6, 'the second connection');
    // Its ping went out at open, before the subscription: it is owed, and no other is sent while it is.
    expect(server.pings).toBe(pings + 1);
    server.send({ mt: 15, sid: server.sid('order-book@1'), sn: 5, bid: [lvl(100, 5)], ask: [lvl(101, 2)] });
    await waitFor(() => link().health === 'live', 'live on the second connection');
    expect(link().roundTrip).toBeNull();
  });

  it('a link that stops answering shows at least the age of the ping it owes, not its last good figure', async () => {
    await connect();
    await waitFor(() => (link().roundTrip?.ms ?? Infinity) < 100, 'a fast round trip');
    server.pongDelayMs = null;
    await waitFor(() => link().roundTrip?.atLeast === true, 'the owed ping shown as a lower bound');
    expect(link().roundTrip!.ms).toBeGreaterThan(PROBE_MS);
    // It keeps growing while the ping is owed (shown in whole seconds: `rtt >1s`).
    await waitFor(() => (link().roundTrip?.ms ?? 0) >= 1_000, 'the owed ping a second old');
    expect(link().roundTrip?.atLeast).toBe(true);
  });

  it('not timed at all when told not to (a replay): no ping, no figure', async () => {
    await connect(0);
    server.send({ mt: 15, sid: server.sid('order-book@1'), sn: 5, bid: [lvl(100, 5)], ask: [lvl(101, 2)] });
    await waitFor(() => link().health === 'live', 'live');
    // The subscription's round trip has been made: a ping sent at open would have been received before it.
    expect(server.pings).toBe(0);
    expect(link().roundTrip).toBeNull();
  });
});

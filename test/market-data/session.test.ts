// The market-data session against the real local exchange: the book it builds must equal the
// exchange's own book, through market switches, heartbeat gaps, stalls and dropped connections.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MarketDataSession, type MarketDataSnapshot } from '../../src/client/market-data/session.js';
import type { Context } from '../../src/protocol/frames.js';
import type { FrameTap } from '../../src/transport/ws/tap.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { fetchContext, restCandles, rowsToLevels, waitFor } from './helpers.js';

const BTC = 1;
const ETH = 20;
const WANTS = { depth: 100, trades: 50, candles: 100 };

let sim: RunningSim;
let ctx: Context;
let home: string;
let session: MarketDataSession | null = null;
const logs: string[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-md-'));
  sim = await startSim({ like: 'classic', port: 0, seed: 11, home, quiet: true, flowStepsPerSec: 40 });
  ctx = await fetchContext(sim.rest);
});
afterAll(async () => {
  await sim.stop();
  rmSync(home, { recursive: true, force: true });
});
afterEach(() => {
  session?.stop();
  session = null;
  sim.control.setFaults('none');
  sim.control.resumeFlow();
  sim.control.resumeBlocks();
  logs.length = 0;
});

function open(marketId: number, stallMs = 4000, tap?: FrameTap): MarketDataSession {
  session = new MarketDataSession({
    ...(tap ? { tap } : {}),
    wsBase: sim.ws,
    chainId: sim.chainId,
    context: ctx,
    marketId,
    stallMs,
    rest: restCandles(sim.rest),
    backoff: { baseMs: 50, maxMs: 300 },
    log: (l) => logs.push(l),
  });
  session.start();
  return session;
}

const snap = (): MarketDataSnapshot => (session as MarketDataSession).snapshot(WANTS);

/** Pauses the flow and waits until the session's book equals the exchange's own book. */
async function expectBookMatchesExchange(marketId: number): Promise<void> {
  sim.control.pauseFlow();
  let last = '';
  try {
    await waitFor(() => {
      const s = snap();
      if (s.connection.health !== 'live' || s.book.marketId !== marketId) return false;
      const exchange = sim.control.engine.book(marketId, 100);
      const mine = { bid: rowsToLevels(s.book.bids), ask: rowsToLevels(s.book.asks) };
      last = JSON.stringify({ mine, exchange });
      return JSON.stringify(mine) === JSON.stringify(exchange) && mine.bid.length > 0 && mine.ask.length > 0;
    }, `book of market ${marketId} to equal the exchange's`);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nlast comparison: ${last.slice(0, 600)}`);
  }
}

describe('MarketDataSession against the local exchange', () => {
  it('builds a book equal to the exchange book, with header, trades and candles', async () => {
    const s = open(BTC);
    await waitFor(() => snap().connection.health === 'live', 'live');
    await waitFor(() => snap().header.mark !== null && snap().headBlock !== null, 'header and head block');
    await expectBookMatchesExchange(BTC);
    const v = snap();
    expect(v.market).toMatchObject({ id: BTC, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 });
    expect(v.header.fundingRatePct === null || Number.isFinite(v.header.fundingRatePct)).toBe(true);
    expect(v.book.bids[0]!.price).toBeLessThan(v.book.asks[0]!.price);
    expect(v.connection.roundTrip).not.toBeNull();
    expect(v.stats.malformedFrames).toBe(0);
    expect(v.stats.resyncs).toBe(0);
    expect(s.epoch).toBe(1);
    await waitFor(() => snap().candles.length > 0, 'candles');
  });

  it('setMarket switches streams: the new market book matches and old market frames stop arriving', async () => {
    const answers: string[] = [];
    const s = open(BTC, 4000, { frame: (dir, text) => void (dir === 'in' && text.includes('"mt":6') && answers.push(text)) });
    await waitFor(() => snap().connection.health === 'live', 'live on BTC');
    s.setMarket(ETH);
    expect(snap().book.marketId).toBe(ETH);
    await waitFor(() => snap().connection.health === 'live' && snap().book.bids.length > 0, 'live on ETH');
    // The answer to the switch (mt 6) comes after every BTC frame the server sent before it: from here on
    // BTC must stay silent while the flow keeps moving it.
    await waitFor(() => answers.some((a) => a.includes(`"order-book@${ETH}"`)), 'the answer to the switch');
    const unroutedBefore = s.unroutedFrameCount;
    const framesBefore = snap().stats.framesReceived;
    await waitFor(() => snap().stats.framesReceived > framesBefore + 30, 'more frames');
    expect(s.unroutedFrameCount).toBe(unroutedBefore);
    expect(snap().market.symbol).toBe('ETH');
    await expectBookMatchesExchange(ETH);
  });

  it('setResolution resubscribes candles at the new resolution', async () => {
    const s = open(BTC);
    await waitFor(() => snap().candles.length > 0, 'minute candles');
    s.setResolution(300);
    expect(snap().resolution).toBe(300);
    await waitFor(() => snap().candles.length > 0, '5-minute candles');
    for (const c of snap().candles) expect(c.t % 300_000).toBe(0);
    expect(() => s.setResolution(61)).toThrow(/resolution/);
  });

  it('request-budget-kept: fourteen market and timeframe switches in a minute never meet the exchange\'s default budget (1008)', async () => {
    const closes: { code: number | undefined; reason: string }[] = [];
    /** Subscription requests sent on each connection (index = epoch - 1). */
    const subscribes: number[] = [];
    const s = open(BTC, 4000, {
      opened: () => subscribes.push(0),
      frame: (dir, text) => {
        if (dir === 'out' && text.includes('"mt":5')) subscribes[subscribes.length - 1]! += 1;
      },
      closed: (code, reason) => closes.push({ code, reason }),
    });
    await waitFor(() => snap().connection.health === 'live', 'live');
    for (let i = 0; i < 10; i++) s.setMarket(i % 2 === 0 ? ETH : BTC);
    for (const res of [300, 60, 900, 60]) s.setResolution(res);
    // More switches than one connection's budget: the session moved to a fresh connection itself.
    await waitFor(() => s.epoch >= 2 && snap().connection.health === 'live', 'live on a fresh connection');
    await expectBookMatchesExchange(BTC);
    expect(closes.filter((c) => c.code === 1008), JSON.stringify(closes)).toEqual([]);
    expect(subscribes.every((n) => n <= 10), `mt 5 per connection: ${subscribes.join(',')}`).toBe(true);
  });

  it('a heartbeat gap forces a resync and the rebuilt book matches again', async () => {
    const s = open(BTC);
    await waitFor(() => snap().connection.health === 'live', 'live');
    sim.control.setFaults({ name: 'test-gaps', gap: 0.5 });
    await waitFor(() => snap().stats.resyncs >= 1, 'a resync');
    sim.control.setFaults('none');
    expect(logs.some((l) => /heartbeat gap/.test(l))).toBe(true);
    await waitFor(() => s.epoch >= 2, 'reconnect');
    await expectBookMatchesExchange(BTC);
  });

  it('a stalled feed forces a resync and the rebuilt book matches again', async () => {
    const s = open(BTC, 1500);
    await waitFor(() => snap().connection.health === 'live', 'live');
    sim.control.setFaults({ name: 'test-stall', stall: 1, stallMs: 4000 });
    await waitFor(() => snap().stats.resyncs >= 1, 'a resync after the stall');
    sim.control.setFaults('none');
    expect(logs.some((l) => /stalled/.test(l))).toBe(true);
    await waitFor(() => s.epoch >= 2, 'reconnect');
    await expectBookMatchesExchange(BTC);
  });

  it('a dropped connection shows disconnected/resyncing, reconnects and rebuilds', async () => {
    const s = open(BTC);
    await waitFor(() => snap().connection.health === 'live', 'live');
    const healths = new Set<string>();
    sim.control.dropConnections(1006);
    await waitFor(() => {
      healths.add(snap().connection.health);
      return s.epoch >= 2 && snap().connection.health === 'live';
    }, 'reconnected and live');
    expect([...healths].some((h) => h === 'disconnected' || h === 'resyncing' || h === 'connecting')).toBe(true);
    await expectBookMatchesExchange(BTC);
  });

  it('protocol pings, which time the link, are answered with their payload and spend none of the 10 requests/min', async () => {
    const ws = new WebSocket(`${sim.ws}/ws/v1/market-data`, { perMessageDeflate: false });
    const pongs: string[] = [];
    const answers: string[] = [];
    ws.on('pong', (data) => pongs.push(data.toString()));
    ws.on('message', (data) => answers.push(data.toString()));
    try {
      await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
      for (let i = 1; i <= 15; i++) ws.ping(`rtt ${i}`);
      await waitFor(() => pongs.length === 15, 'fifteen pongs');
      expect(pongs).toEqual(Array.from({ length: 15 }, (_, i) => `rtt ${i + 1}`));
      // Still within its budget: a subscription after fifteen pings is answered, not closed 1008.
      ws.send(JSON.stringify({ mt: 5, subs: [{ stream: `heartbeat@${sim.chainId}`, subscribe: true }] }));
      await waitFor(() => answers.some((a) => a.startsWith('{"mt":6')), 'the subscription answer');
      expect(JSON.parse(answers.find((a) => a.startsWith('{"mt":6'))!)).toMatchObject({ subs: [{ status: { code: 0 } }] });
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.terminate();
    }
  });

  it('garbage frames are counted and skipped without breaking the feed', async () => {
    open(BTC);
    await waitFor(() => snap().connection.health === 'live', 'live');
    sim.control.setFaults({ name: 'test-garbage', garbage: 1 });
    await waitFor(() => snap().stats.malformedFrames >= 3, 'malformed frames counted');
    sim.control.setFaults('none');
    await expectBookMatchesExchange(BTC);
  });
});

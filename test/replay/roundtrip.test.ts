// record-then-replay-rebuilds-the-same-book: a live market-data connection to the local exchange is
// recorded through the socket tap; the replay server plays the file into a fresh MarketDataSession,
// whose book and trades must equal what a live session saw. Seek back restarts from snapshots and
// converges to the same state again.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTimeline } from '../../src/replay/timeline.js';
import { ReplayServer } from '../../src/replay/replay-server.js';
import { MarketDataSession, type MarketDataSnapshot } from '../../src/client/market-data/session.js';
import { readRecording } from '../../src/transport/record/index.js';
import { decodeContext } from '../../src/protocol/decode/index.js';
import type { FrameTap } from '../../src/transport/ws/tap.js';
import { type SimFixture, recordMarketData, startFixture, until } from './helpers.js';

const WANTS = { depth: 15, trades: 40, candles: 0 };

function comparable(s: MarketDataSnapshot): { asks: unknown; bids: unknown; trades: unknown } {
  return { asks: s.book.asks, bids: s.book.bids, trades: s.trades };
}

let f: SimFixture;
let recordingPath: string;
let live: { asks: unknown; bids: unknown; trades: unknown };
let marketId: number;

beforeAll(async () => {
  f = await startFixture();
  marketId = f.context.markets[0]!.id;
  recordingPath = join(f.dir, 'session.ndjson');
  const recorded = recordMarketData(f, marketId, recordingPath);
  const liveSession = new MarketDataSession({ wsBase: f.sim.ws, chainId: f.sim.chainId, context: f.context, marketId });
  liveSession.start();
  await until(() => liveSession.snapshot(WANTS).trades.length >= 3, 'some live trades');
  // Freeze the market, then let the last frames reach both connections.
  f.sim.control.pauseFlow();
  f.sim.control.pauseBlocks();
  const engineTop = (): number | undefined => f.sim.control.engine.book(marketId, 1).bid[0]?.p;
  await until(() => liveSession.snapshot(WANTS).book.bids[0]?.price === engineTop(), 'the live book to settle');
  // One more block, stepped by hand: once both connections have its heartbeat, every frame before it is in.
  f.sim.control.stepBlock();
  const head = f.sim.control.headBlock();
  await until(() => liveSession.snapshot(WANTS).headBlock === head && recorded.headBlock() === head, 'the last heartbeat on both connections');
  live = comparable(liveSession.snapshot(WANTS));
  liveSession.stop();
  await recorded.stop();
  f.sim.control.resumeFlow();
  f.sim.control.resumeBlocks();
}, 20_000);

afterAll(async () => {
  await f?.stop();
});

async function replayInto(server: ReplayServer, tap?: FrameTap): Promise<MarketDataSession> {
  const tl = buildTimeline(readRecording(recordingPath));
  const session = new MarketDataSession({
    wsBase: server.wsBase,
    chainId: tl.chainId,
    context: decodeContext(tl.context),
    marketId,
    backoff: { baseMs: 20, maxMs: 100 },
    ...(tap ? { tap } : {}),
  });
  session.start();
  return session;
}

describe('record and replay', () => {
  it('the replayed session ends with the live book and trades', async () => {
    const tl = buildTimeline(readRecording(recordingPath));
    expect(tl.entries.length).toBeGreaterThan(10);
    const server = new ReplayServer(tl, { speed: 20 });
    await server.listen();
    const session = await replayInto(server);
    try {
      await until(() => server.clock.ended, 'the replay to reach the end');
      await until(() => JSON.stringify(comparable(session.snapshot(WANTS))) === JSON.stringify(live), 'the replayed state', 15_000).catch(() => {});
      expect(comparable(session.snapshot(WANTS))).toEqual(live);
      expect(session.snapshot(WANTS).book.bids.length).toBeGreaterThan(0);
    } finally {
      session.stop();
      await server.stop();
    }
  });

  it('seeking back to the start and playing again converges to the same state', async () => {
    const tl = buildTimeline(readRecording(recordingPath));
    const server = new ReplayServer(tl, { speed: 50 });
    await server.listen();
    const session = await replayInto(server);
    try {
      await until(() => server.clock.ended, 'the first pass to end');
      const epochBefore = session.epoch;
      server.clock.pause();
      server.clock.seek(0);
      // The seek closes the viewer's socket (1001): the client reconnects and rebuilds from snapshots,
      // and at 0 s (before the first recorded frame) there is no book yet.
      await until(() => session.epoch > epochBefore, 'the reconnect after the seek');
      // The client drops what it had as the new connection opens (no waiting for frames that might come:
      // what a paused server sends after a seek is replay-server.test.ts's to prove).
      expect(session.snapshot(WANTS).book.bids).toEqual([]);
      server.clock.resume();
      await until(() => server.clock.ended, 'the second pass to end');
      await until(() => JSON.stringify(comparable(session.snapshot(WANTS))) === JSON.stringify(live), 'the replayed state', 15_000).catch(() => {});
      expect(comparable(session.snapshot(WANTS))).toEqual(live);
    } finally {
      session.stop();
      await server.stop();
    }
  });

  it('pause holds the position and keeps the feed alive', async () => {
    const tl = buildTimeline(readRecording(recordingPath));
    const server = new ReplayServer(tl, { speed: 1 });
    await server.listen();
    let heartbeats = 0;
    const session = await replayInto(server, { frame: (dir, text) => void (dir === 'in' && text.startsWith('{"mt":100,') && heartbeats++) });
    try {
      // A heartbeat first: the one a paused server repeats.
      await until(() => session.snapshot(WANTS).book.bids.length > 0 && heartbeats > 0, 'the first book and heartbeat');
      server.clock.pause();
      const held = server.clock.position();
      const epoch = session.epoch;
      // Paused, the server repeats its last heartbeat once a second: three more (at most one was already on
      // its way) prove the feed is kept alive, and that the clock stayed put for seconds, not for a moment.
      const beats = heartbeats;
      await until(() => heartbeats >= beats + 3, 'heartbeats while paused', 15_000);
      expect(server.clock.position()).toBe(held);
      expect(session.epoch).toBe(epoch);
      expect(session.snapshot(WANTS).connection.health).toBe('live');
      server.clock.resume();
      await until(() => server.clock.position() > held, 'the replay to move on');
    } finally {
      session.stop();
      await server.stop();
    }
  });
});

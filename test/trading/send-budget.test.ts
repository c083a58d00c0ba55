// Orders behind the trading socket's send budget: they wait in order instead of getting the socket
// closed, each rq goes on the wire exactly once (the ack timer starts when it leaves, so a long wait
// is no "lost ack"), and every one reaches the exchange in the order it was placed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { EngineCommands } from '../../src/client/commands.js';
import { OrderEngine } from '../../src/client/trading/order-engine.js';
import { TradingSession } from '../../src/client/trading/session.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { type SimHandle, market, startTestSim, top, until } from './harness.js';

let h: SimHandle;
beforeAll(async () => {
  h = await startTestSim();
});
afterAll(async () => {
  await h?.stop();
});

/** A trading session with a tight request budget, an engine on it and a tap on every mt 22 written. */
function budgetedClient(limit: { capacity: number; refillPerSec: number }, opts: { ackTimeoutMs: number; staleAfterMs: number }) {
  const control = h.sim.control;
  const wallet = control.createWallet({ orderForwarding: true });
  const key = control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, h.sim.chainId);
  const throttle: (number | null)[] = [];
  const session = new TradingSession({
    wsBase: h.sim.ws,
    signer,
    accountId: wallet.accountId!,
    staleAfterMs: opts.staleAfterMs,
    requestLimit: limit,
    onThrottle: (ms) => throttle.push(ms),
  });
  const markets = () => h.context.markets;
  const engine = new OrderEngine({ session, markets, canTrade: () => true, ackTimeoutMs: opts.ackTimeoutMs });
  const commands = new EngineCommands(engine, session, markets);
  const wire: number[] = [];
  // Every mt 22 as it is written to a socket (the exchange in this process only sends, never mt 22).
  const original = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
    const text = String(args[0]);
    if (text.includes('"mt":22')) wire.push((JSON.parse(text) as { rq: number }).rq);
    return original.apply(this, args);
  } as WebSocket['send'];
  const stop = (): void => {
    WebSocket.prototype.send = original;
    engine.stop();
    session.stop();
  };
  return { control, wallet, session, engine, commands, wire, throttle, stop };
}

describe('orders behind the send budget', () => {
  it('a burst of orders waits in line and each rq is sent once, in order', async () => {
    // Two requests a second: the last of eight orders waits about 3 s, far past the ack timeout.
    const c = budgetedClient({ capacity: 2, refillPerSec: 2 }, { ackTimeoutMs: 800, staleAfterMs: 2_000 });
    const { control, wallet, session, engine, commands, wire, throttle } = c;
    try {
      session.start();
      await until(() => session.health() === 'live' && session.head !== null, 'a live trading feed');
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      const handles = Array.from({ length: 8 }, () =>
        commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 }),
      );
      expect(session.queuedFrames).toBeGreaterThan(0);
      expect(engine.views().some((v) => v.phase === 'sending')).toBe(true);
      const outcomes = await Promise.all(handles.map((x) => x.outcome));
      const rqs = handles.map((x) => x.rqs());
      console.log(`8 orders at 2 requests/s: ${throttle.filter((t) => t !== null).length} throttle reports, longest ${Math.max(...throttle.map((t) => t ?? 0))} ms`);
      expect(outcomes.map((o) => o.results[0]?.kind)).toEqual(Array(8).fill('definitive'));
      // One rq per order, each on the wire once, in the order placed, and each executed once.
      expect(rqs.every((r) => r.length === 1)).toBe(true);
      const placed = rqs.map((r) => r[0]!);
      expect(wire).toEqual(placed);
      expect([...placed].sort((a, b) => a - b)).toEqual(placed);
      expect(control.engine.executedRequests(wallet.accountId!)).toEqual(placed);
      expect(engine.views().every((v) => v.retries === 0)).toBe(true);
      expect(throttle.some((t) => t !== null && t > 0)).toBe(true);
      expect(throttle.at(-1)).toBeNull();
      expect(session.health()).toBe('live');
    } finally {
      c.stop();
    }
  }, 30_000);

  it('orders-past-a-long-queue-refused: once 8 requests wait for the budget a new order is refused (never queued for minutes); cancels still queue', async () => {
    const c = budgetedClient({ capacity: 1, refillPerSec: 4 }, { ackTimeoutMs: 3_000, staleAfterMs: 10_000 });
    const { control, wallet, session, commands } = c;
    try {
      session.start();
      await until(() => session.health() === 'live' && session.head !== null, 'a live trading feed');
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      const place = (i: number) => commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: price - i, leverage: 500 });
      const resting = await place(100).outcome; // one resting order to cancel later
      const oid = resting.results[0]?.oid;
      expect(oid).toBeDefined();
      await new Promise((r) => setTimeout(r, 400)); // the bucket's one token back: the first of the burst leaves at once
      const handles = Array.from({ length: 11 }, (_, i) => place(i));
      expect(session.queuedFrames).toBe(8);
      const cancel = commands.cancel(oid!);
      expect(cancel.rqs()).toHaveLength(1); // queued behind the others, not refused
      const outcomes = await Promise.all([...handles, cancel].map((x) => x.outcome));
      const kinds = outcomes.map((o) => o.results[0]?.kind);
      expect(kinds).toEqual([...Array(9).fill('definitive'), 'invalid', 'invalid', 'definitive']);
      expect(outcomes[9]!.results[0]?.message).toMatch(/throttled: 8 requests already wait for the trading rate limit/);
      expect(control.engine.executedRequests(wallet.accountId!)).toHaveLength(1 + 9 + 1);
    } finally {
      c.stop();
    }
  }, 30_000);

  it('queued-past-its-window-not-moved-to-a-new-rq: an lb 0 order that waited longer than its window, then lost its ack, keeps its rq and executes once', async () => {
    const c = budgetedClient({ capacity: 1, refillPerSec: 1 }, { ackTimeoutMs: 300, staleAfterMs: 10_000 });
    const { control, wallet, session, engine, commands, wire } = c;
    try {
      session.start();
      await until(() => session.health() === 'live' && session.head !== null, 'a live trading feed');
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      control.pauseBlocks();
      const first = commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 });
      const queued = commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: price - 10, leverage: 500 });
      expect(engine.views().some((v) => v.phase === 'sending')).toBe(true);
      // While it waits for the budget, the chain moves on well past an lb 0 window (order_ttl_blocks + margin).
      const head0 = session.head!;
      for (let i = 0; i < 40; i++) control.stepBlock();
      await until(() => session.head! >= head0 + 40, 'the client to see 40 more blocks');
      // Its ack is lost: the ack timer fires while the exchange still holds it (blocks paused).
      control.setFaults({ name: 'lost-ack', lostAck: 1 });
      await until(() => wire.length === 2, 'the queued order to leave');
      await new Promise((r) => setTimeout(r, 900)); // three ack timeouts
      control.setFaults('none');
      control.resumeBlocks();
      const outcomes = await Promise.all([first.outcome, queued.outcome]);
      expect(outcomes.map((o) => o.results[0]?.kind)).toEqual(['definitive', 'definitive']);
      // The lost ack was a resend of the same rq, never a move to a new one: one execution each.
      expect(queued.rqs()).toHaveLength(1);
      expect(new Set(wire)).toEqual(new Set([first.rqs()[0], queued.rqs()[0]]));
      const executed = control.engine.executedRequests(wallet.accountId!);
      expect(executed).toEqual([first.rqs()[0], queued.rqs()[0]]);
    } finally {
      control.setFaults('none');
      control.resumeBlocks();
      c.stop();
    }
  }, 30_000);
});

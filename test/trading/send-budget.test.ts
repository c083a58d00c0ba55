// Orders behind the trading socket's send budget: they wait in order instead of getting the socket
// closed, each rq goes on the wire exactly once (the ack timer starts when it leaves, so a long wait
// is no "lost ack"), and every one reaches the exchange in the order it was placed.
// The budget's refill and the ack timers run on a virtual clock the test steps by hand (the socket and
// the exchange stay real): a frame leaves at an exact virtual millisecond, and an ack timeout fires only
// when the test moves the clock past it, however loaded the machine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { EngineCommands } from '../../src/client/commands.js';
import { OrderEngine } from '../../src/client/trading/order-engine.js';
import { TradingSession } from '../../src/client/trading/session.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { VirtualTimers } from '../helpers/virtual-timers.js';
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
  const clock = new VirtualTimers();
  const session = new TradingSession({
    wsBase: h.sim.ws,
    signer,
    accountId: wallet.accountId!,
    staleAfterMs: opts.staleAfterMs,
    requestLimit: limit,
    onThrottle: (ms) => throttle.push(ms),
    timers: clock,
  });
  const markets = () => h.context.markets;
  const engine = new OrderEngine({ session, markets, canTrade: () => true, ackTimeoutMs: opts.ackTimeoutMs, timers: clock });
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
  /**
   * Lets the waiting frames out one step of `stepMs` at a time; after each step, waits (real time) for
   * the ack of every frame on the wire before moving the clock on, so no ack timer can run out.
   */
  const releaseQueued = async (stepMs: number): Promise<void> => {
    while (session.queuedFrames > 0) {
      clock.advance(stepMs);
      await until(() => engine.views().every((v) => v.phase !== 'sent'), 'the ack of every frame that left');
    }
  };
  const start = async (): Promise<void> => {
    session.start();
    await until(() => session.health() === 'live' && session.head !== null, 'a live trading feed');
    // The sign-in took a token of the fresh budget: a virtual second gives it back (every budget here
    // refills in 1 s, inside the stale and stall windows), and a heartbeat after it shows the feed live.
    clock.advance(1_000);
    const head = session.head!;
    await until(() => session.head! > head && session.health() === 'live', 'a heartbeat after the refill');
  };
  return { control, wallet, session, engine, commands, wire, throttle, clock, releaseQueued, start, stop };
}

describe('orders behind the send budget', () => {
  it('a burst of orders waits in line and each rq is sent once, in order', async () => {
    // Two requests a second: the last of eight orders waits 3 s, far past the ack timeout.
    const c = budgetedClient({ capacity: 2, refillPerSec: 2 }, { ackTimeoutMs: 800, staleAfterMs: 2_000 });
    const { control, wallet, session, engine, commands, wire, throttle, clock } = c;
    try {
      await c.start();
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      const placedAt = clock.now();
      const handles = Array.from({ length: 8 }, () =>
        commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 }),
      );
      expect(wire).toHaveLength(2); // the budget's two tokens; six wait
      expect(session.queuedFrames).toBe(6);
      expect(engine.views().filter((v) => v.phase === 'sending')).toHaveLength(6);
      await c.releaseQueued(500);
      const leftAfterMs = clock.now() - placedAt;
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
      // The last one left 3 s (virtual) after it was placed: more than three ack timeouts of waiting.
      expect(leftAfterMs).toBe(3_000);
    } finally {
      c.stop();
    }
  }, 30_000);

  it('orders-past-a-long-queue-refused: once 8 requests wait for the budget a new order is refused (never queued for minutes); cancels still queue', async () => {
    const c = budgetedClient({ capacity: 1, refillPerSec: 4 }, { ackTimeoutMs: 3_000, staleAfterMs: 10_000 });
    const { control, wallet, session, commands, clock } = c;
    try {
      await c.start();
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      const place = (i: number) => commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: price - i, leverage: 500 });
      const resting = await place(100).outcome; // one resting order to cancel later
      const oid = resting.results[0]?.oid;
      expect(oid).toBeDefined();
      clock.advance(250); // the bucket's one token back: the first of the burst leaves at once
      const handles = Array.from({ length: 11 }, (_, i) => place(i));
      expect(session.queuedFrames).toBe(8);
      const cancel = commands.cancel(oid!);
      expect(cancel.rqs()).toHaveLength(1); // queued behind the others, not refused
      expect(session.queuedFrames).toBe(9);
      await c.releaseQueued(250);
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
    const { control, wallet, session, engine, commands, wire, clock } = c;
    try {
      await c.start();
      const btc = market(h, 'BTC');
      const price = top(h, btc.id).bid - 5_000;
      control.pauseBlocks();
      const first = commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 });
      const queued = commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: price - 10, leverage: 500 });
      expect(engine.views().map((v) => v.phase)).toEqual(['sent', 'sending']);
      await until(() => engine.views()[0]!.phase === 'acked', 'the first order\'s ack');
      // While it waits for the budget, the chain moves on well past an lb 0 window (order_ttl_blocks + margin).
      const head0 = session.head!;
      for (let i = 0; i < 40; i++) control.stepBlock();
      await until(() => session.head! >= head0 + 40, 'the client to see 40 more blocks');
      // Its acks are lost: each ack timer runs out while the exchange still holds it (blocks paused).
      const lostBefore = control.faultLog().filter((e) => e.kind === 'lost-ack').length;
      const lostAcks = (): number => control.faultLog().filter((e) => e.kind === 'lost-ack').length - lostBefore;
      control.setFaults({ name: 'lost-ack', lostAck: 1 });
      clock.advance(1_000); // the budget's token: the queued order leaves
      expect(wire).toEqual([first.rqs()[0], queued.rqs()[0]]);
      for (let timeout = 1; timeout <= 3; timeout++) {
        await until(() => lostAcks() === timeout, `lost ack ${timeout}`);
        clock.advance(300); // the ack timeout: the retry table resends
        expect(engine.views()[1]!.phase).toBe('sending');
        clock.advance(700); // the resend waited for the budget's next token, a second after the last send
        expect(wire).toHaveLength(2 + timeout);
      }
      await until(() => lostAcks() === 4, 'the last resend to reach the exchange');
      control.setFaults('none');
      control.resumeBlocks();
      const outcomes = await Promise.all([first.outcome, queued.outcome]);
      expect(outcomes.map((o) => o.results[0]?.kind)).toEqual(['definitive', 'definitive']);
      // Each lost ack was followed by a resend of the same rq, never a move to a new one: one execution each.
      expect(queued.rqs()).toHaveLength(1);
      expect(wire).toEqual([first.rqs()[0], ...Array(4).fill(queued.rqs()[0])]);
      const executed = control.engine.executedRequests(wallet.accountId!);
      expect(executed).toEqual([first.rqs()[0], queued.rqs()[0]]);
    } finally {
      control.setFaults('none');
      control.resumeBlocks();
      c.stop();
    }
  }, 30_000);
});

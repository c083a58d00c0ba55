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

describe('orders behind the send budget', () => {
  it('a burst of orders waits in line and each rq is sent once, in order', async () => {
    const control = h.sim.control;
    const wallet = control.createWallet({ orderForwarding: true });
    const key = control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, h.sim.chainId);
    const throttle: (number | null)[] = [];
    const session = new TradingSession({
      wsBase: h.sim.ws,
      signer,
      accountId: wallet.accountId!,
      staleAfterMs: 2_000,
      // Two requests a second: the last of eight orders waits about 3 s, far past the ack timeout.
      requestLimit: { capacity: 2, refillPerSec: 2 },
      onThrottle: (ms) => throttle.push(ms),
    });
    const markets = () => h.context.markets;
    const engine = new OrderEngine({ session, markets, canTrade: () => true, ackTimeoutMs: 800 });
    const commands = new EngineCommands(engine, session, markets);
    const wire: number[] = [];
    // Every mt 22 as it is written to a socket (the exchange in this process only sends, never mt 22).
    const original = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
      const text = String(args[0]);
      if (text.includes('"mt":22')) wire.push((JSON.parse(text) as { rq: number }).rq);
      return original.apply(this, args);
    } as WebSocket['send'];
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
      WebSocket.prototype.send = original;
      engine.stop();
      session.stop();
    }
  }, 30_000);
});

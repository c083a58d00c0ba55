// Each order type and flag, and the reject reasons, against the real local exchange over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderFlag as F, OrderStatus as S, OrderStatusReason as R, OrderType as T, PositionSide, ScopeMask } from '../../src/protocol/enums.js';
import type { Market } from '../../src/protocol/frames.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, top, until } from './harness.js';

let h: SimHandle;
let t: Trader;
let btc: Market;
beforeAll(async () => {
  h = await startTestSim();
  t = startTrader(h);
  btc = market(h, 'BTC');
  await live(t);
});
afterAll(async () => {
  t?.stop();
  await h?.stop();
});

describe('order types and flags', () => {
  it('market long fills (IOC with a slippage cap) and opens the position the session shows', async () => {
    const out = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the position');
    expect(pos).toMatchObject({ sd: PositionSide.Long, s: 100 });
  });

  it('a GTC limit below the bid rests: Open, listed with its oid, then cancel removes it', async () => {
    const price = top(h, btc.id).bid - 2_000;
    const placed = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 50, price, leverage: 500 }).outcome;
    const r = placed.results[0]!;
    expect(r).toMatchObject({ kind: 'definitive', st: S.Open });
    await until(() => t.session.state.orders.get(r.oid!), 'the resting order');
    const cancelled = await t.commands.cancel(r.oid!).outcome;
    expect(cancelled.ok).toBe(true);
    await until(() => !t.session.state.orders.has(r.oid!), 'the order to leave the open-orders view');
  });

  it('post-only that would cross fails with sr 13 CrossesBook and is not retried', async () => {
    const price = top(h, btc.id).ask + 50;
    const handle = t.commands.place({ marketId: btc.id, kind: 'post-only', side: 'long', size: 10, price, leverage: 500 });
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'failed', sr: R.CrossesBook, reason: 'CrossesBook (13)' });
    expect(handle.rqs()).toHaveLength(1);
  });

  it('IOC limit that cannot cross does not rest', async () => {
    const price = top(h, btc.id).bid - 5_000;
    const out = await t.commands.place({ marketId: btc.id, kind: 'ioc', side: 'long', size: 10, price, leverage: 500 }).outcome;
    const r = out.results[0]!;
    expect(r.kind).toBe('definitive');
    expect(r.st).not.toBe(S.Open);
    expect([...t.session.state.orders.values()].some((o) => o.rq === r.rq)).toBe(false);
  });

  it('FOK larger than the visible book fails whole (sr 46), nothing fills', async () => {
    const before = t.session.state.positions.size;
    const out = await t.commands.place({ marketId: btc.id, kind: 'fok', side: 'short', size: 50_000_000, price: 1, leverage: 1000 }).outcome;
    expect(out.results[0]?.kind).toBe('failed');
    expect(t.session.state.positions.size).toBe(before);
  });

  it('FOK that the book can fill fills whole; post-only below the bid rests', async () => {
    const book = top(h, btc.id);
    const fok = await t.commands.place({ marketId: btc.id, kind: 'fok', side: 'long', size: 10, price: book.ask + 1_000, leverage: 500 }).outcome;
    expect(fok.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const post = await t.commands.place({ marketId: btc.id, kind: 'post-only', side: 'long', size: 10, price: book.bid - 4_000, leverage: 500 }).outcome;
    expect(post.results[0]).toMatchObject({ kind: 'definitive', st: S.Open });
    expect((await t.commands.cancel(post.results[0]!.oid!).outcome).ok).toBe(true);
  });

  it('a resting limit close larger than the position fails with sr 38', async () => {
    const pos = [...t.session.state.positions.values()].find((p) => p.mkt === btc.id)!;
    const price = top(h, btc.id).ask + 5_000;
    const handle = t.engine.submit(
      { t: T.CloseLong, mkt: btc.id, s: pos.s * 10, p: price, fl: F.GoodTillCancel, lv: 0, lb: 0, lp: pos.pid },
      'oversized close',
    );
    expect(await handle.outcome).toMatchObject({ kind: 'failed', sr: R.OrderSizeExceedsAvailableSize });
  });
});

describe('rejects', () => {
  it('sr 1: an order the balance cannot margin', async () => {
    const poor = startTrader(h, { balance: '1000000' });
    try {
      await live(poor);
      const out = await poor.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100_000, leverage: 100 }).outcome;
      expect(out.results[0]).toMatchObject({ kind: 'failed', sr: R.AmountExceedsAvailableBalance });
    } finally {
      poor.stop();
    }
  });

  it('fw=false (which the exchange fails with sr 34) locks orders before anything is sent', async () => {
    const off = startTrader(h, { orderForwarding: false });
    try {
      await live(off);
      const refused = await off.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 }).outcome;
      expect(refused.results[0]).toMatchObject({ kind: 'invalid' });
      expect(refused.results[0]?.message).toMatch(/fw=false/);
      expect(off.engine.lockReason()).toMatch(/forwarding/);
    } finally {
      off.stop();
    }
  });

  it('read-only key: refused locally, and the server answers mt 3 code 403 if it is sent anyway', async () => {
    const reader = startTrader(h, { scopeMask: ScopeMask.Read });
    const claimer = startTrader(h, { scopeMask: ScopeMask.Read, claimTrade: true });
    try {
      await live(reader);
      await live(claimer);
      const local = await reader.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 }).outcome;
      expect(local.results[0]?.message).toMatch(/read-only/);
      const server = await claimer.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 }).outcome;
      expect(server.results[0]).toMatchObject({ kind: 'rejected' });
      expect(server.results[0]?.message).toMatch(/403/);
      expect(h.sim.control.engine.executedRequests(claimer.accountId)).toEqual([]);
    } finally {
      reader.stop();
      claimer.stop();
    }
  });

  it('sr 34: forwarding turned off after the client last heard fw=true fails on the exchange, no retry', async () => {
    const t2 = startTrader(h);
    try {
      await live(t2);
      h.sim.control.pauseBlocks();
      h.sim.control.engine.setOrderForwarding(t2.accountId, false);
      const handle = t2.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500 });
      h.sim.control.resumeBlocks();
      expect((await handle.outcome).results[0]).toMatchObject({ kind: 'failed', sr: R.OrderForwardingNotAllowed });
      expect(handle.rqs()).toHaveLength(1);
      await until(() => t2.session.state.account?.fw === false, 'fw=false to arrive');
      expect(t2.engine.lockReason()).toMatch(/fw=false/);
    } finally {
      h.sim.control.resumeBlocks();
      t2.stop();
    }
  });

  it('mt 3 reject (400 last exec block already expired) is final: no mt 24 is awaited, nothing executes', async () => {
    const executedBefore = h.sim.control.engine.executedRequests(t.accountId).length;
    const realHead = t.session.head!;
    t.session.head = realHead - 10; // a lagging view of the chain (e.g. a slow feed): lb is already past
    const handle = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10, leverage: 500, lastBlock: realHead - 5 });
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'rejected' });
    expect(out.results[0]?.message).toMatch(/400.*expired/);
    expect(h.sim.control.engine.executedRequests(t.accountId)).toHaveLength(executedBefore);
  });

  it('validation refuses lb beyond head + order_ttl_blocks before anything is sent', async () => {
    const head = t.session.head!;
    const out = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: 600_000, leverage: 500, lastBlock: head + 500 }).outcome;
    expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
  });
});

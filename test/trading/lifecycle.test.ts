// Position and order lifecycle through the command interface: TP/SL triggers on mark and on last,
// close, partial close and limit close, change, cancel-all, add collateral, panic, and a liquidation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R, PositionSide, PositionStatus } from '../../src/protocol/enums.js';
import type { Market, Order, Position } from '../../src/protocol/frames.js';
import {
  type SimHandle,
  type Trader,
  TraderPool,
  expectClientMatchesLedger,
  live,
  market,
  startTestSim,
  startTrader,
  top,
  until,
} from './harness.js';

let h: SimHandle;
let btc: Market;
let eth: Market;
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
  eth = market(h, 'ETH');
});
afterAll(async () => {
  await h?.stop();
});
/** Counterparties a test starts besides its own trader. */
const others = new TraderPool();
afterEach(() => others.stopAll());

async function withTrader(fn: (t: Trader) => Promise<void>): Promise<void> {
  const t = startTrader(h);
  try {
    await live(t);
    await fn(t);
  } finally {
    t.stop();
  }
}

function positionIn(t: Trader, mkt: number): Position | undefined {
  return [...t.session.state.positions.values()].find((p) => p.mkt === mkt);
}

describe('triggers', () => {
  it('a stop-loss on mark fires when the mark crosses it and closes the position', async () => {
    await withTrader(async (t) => {
      const mark = h.sim.control.engine.marketState(eth.id)!.mrk;
      const sl = mark - 2_000; // 20 dollars below
      const out = await t.commands.place({ marketId: eth.id, kind: 'market', side: 'long', size: 1_000, leverage: 500, sl: { price: sl, on: 'mark' } }).outcome;
      expect(out.results.map((r) => r.st)).toEqual([S.Filled, S.Untriggered]);
      await until(() => positionIn(t, eth.id), 'the position');
      h.sim.control.engine.setOraclePrice(eth.id, sl - 100);
      await until(() => !positionIn(t, eth.id), 'the stop-loss to close the position');
      expect(t.session.state.triggerOrderCount()).toBe(0);
    });
  });

  it('a take-profit on last waits while trades print below it and fires once one prints at it', async () => {
    await withTrader(async (t) => {
      const seller = await others.start(h);
      const buyer = await others.start(h);
      const engine = h.sim.control.engine;
      h.sim.control.pauseFlow(); // only these traders print trades now
      try {
        await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
        const pos = await until(() => positionIn(t, btc.id), 'the position');
        // Above the last trade and the best ask: no trade has printed there yet.
        const tp = Math.max(top(h, btc.id).ask, engine.marketState(btc.id)!.lst) + 1;
        const armed = await t.commands.protect(pos.pid, { tp: { price: tp, on: 'last' } }).outcome;
        expect(armed.results[0]).toMatchObject({ kind: 'definitive', st: S.Untriggered });
        const head = h.sim.control.headBlock();
        await until(() => h.sim.control.headBlock() >= head + 3, 'three blocks');
        expect(t.session.state.triggerOrderCount()).toBe(1);
        expect(positionIn(t, btc.id)).toBeDefined();
        // A sell resting at tp, then a buy that takes every ask up to it: the last trade prints at tp.
        const rest = await seller.commands.place({ marketId: btc.id, kind: 'post-only', side: 'short', size: 10, price: tp, leverage: 500 }).outcome;
        expect(rest.results[0]).toMatchObject({ st: S.Open });
        const upToTp = engine.book(btc.id, 100).ask.filter((l) => l.p <= tp).reduce((n, l) => n + l.s, 0);
        await buyer.commands.place({ marketId: btc.id, kind: 'ioc', side: 'long', size: upToTp, price: tp, leverage: 500 }).outcome;
        expect(engine.recentTrades(btc.id, 100).some((x) => x.p === tp)).toBe(true);
        await until(() => !positionIn(t, btc.id) && t.session.state.triggerOrderCount() === 0, 'the take-profit to fire');
      } finally {
        h.sim.control.resumeFlow();
      }
    });
  });
});

describe('tr-linked triggers on a resting order', () => {
  it('are posted Untriggered while the parent rests, and cancelled when the parent is cancelled unfilled', async () => {
    await withTrader(async (t) => {
      const price = top(h, btc.id).bid - 3_000;
      const out = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 20, price, leverage: 500, sl: { price: price - 5_000 }, tp: { price: price + 20_000 } }).outcome;
      expect(out.results.map((r) => r.st)).toEqual([S.Open, S.Untriggered, S.Untriggered]);
      await until(() => t.session.state.triggerOrderCount() === 2, 'two resting triggers');
      await t.commands.cancel(out.results[0]!.oid!).outcome;
      await until(() => t.session.state.orders.size === 0, 'parent and both triggers gone');
    });
  });
});

describe('close, change, cancel-all, collateral, panic', () => {
  it('partial close halves the position, full close removes it', async () => {
    await withTrader(async (t) => {
      await t.commands.place({ marketId: btc.id, kind: 'market', side: 'short', size: 300, leverage: 500 }).outcome;
      const pos = await until(() => positionIn(t, btc.id), 'the short');
      expect(pos.sd).toBe(PositionSide.Short);
      const half = await t.commands.close(pos.pid, { kind: 'market', bps: 5_000 }).outcome;
      expect(half.ok).toBe(true);
      await until(() => positionIn(t, btc.id)?.s === 150, 'the position to halve');
      const full = await t.commands.close(pos.pid, { kind: 'market' }).outcome;
      expect(full.ok).toBe(true);
      await until(() => !positionIn(t, btc.id), 'the position to close');
      expect(h.sim.control.engine.ledger(t.accountId).positions).toEqual([]);
    });
  });

  it('limit close rests reduce-only at its price until bought, then a crossing limit close ends the position', async () => {
    await withTrader(async (t) => {
      await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 200, leverage: 500 }).outcome;
      const pos = await until(() => positionIn(t, btc.id), 'the long');
      const noPrice = await t.commands.close(pos.pid, { kind: 'limit' }).outcome;
      expect(noPrice.results[0]).toMatchObject({ kind: 'invalid', rq: 0, message: 'a limit close needs a limit price' });
      const buyer = await others.start(h);
      h.sim.control.pauseFlow(); // the close stays the best ask until the buyer comes
      try {
        // Half the position offered inside the spread: it rests as the best ask.
        const book = top(h, btc.id);
        const price = book.ask - 1;
        expect(price).toBeGreaterThan(book.bid);
        const half = await t.commands.close(pos.pid, { kind: 'limit', price, bps: 5_000 }).outcome;
        expect(half.results[0]).toMatchObject({ kind: 'definitive', st: S.Open });
        const resting = await until(() => [...t.session.state.orders.values()].find((o) => o.mkt === btc.id), 'the resting close');
        expect(resting).toMatchObject({ t: 3, p: price, os: 100, lp: pos.pid });
        await buyer.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
        await until(() => positionIn(t, btc.id)?.s === 100 && t.session.state.orders.size === 0, 'the resting half to fill');
      } finally {
        h.sim.control.resumeFlow();
      }
      // The rest at a price below the best bid crosses: it fills at once.
      const rest = await t.commands.close(pos.pid, { kind: 'limit', price: top(h, btc.id).bid - 1_000 }).outcome;
      expect(rest.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
      await until(() => !positionIn(t, btc.id), 'the position to close');
      await expectClientMatchesLedger(h, t);
    });
  });

  it('change moves a resting order to a new price (sr 31 OrderChanged)', async () => {
    await withTrader(async (t) => {
      const price = top(h, btc.id).bid - 3_000;
      const placed = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 20, price, leverage: 500 }).outcome;
      const oid = placed.results[0]!.oid!;
      const changed = await t.commands.change(oid, { price: price - 100 }).outcome;
      expect(changed.results[0]).toMatchObject({ kind: 'definitive', sr: R.OrderChanged });
      await until(() => t.session.state.orders.get(oid)?.p === price - 100, 'the new price');
    });
  });

  it('cancel-all in one market leaves the other market alone', async () => {
    await withTrader(async (t) => {
      const b = top(h, btc.id).bid - 3_000;
      const e = top(h, eth.id).bid - 3_000;
      for (const p of [b, b - 10, b - 20]) await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, price: p, leverage: 500 }).outcome;
      await t.commands.place({ marketId: eth.id, kind: 'limit', side: 'long', size: 100, price: e, leverage: 500 }).outcome;
      await until(() => t.session.state.orders.size === 4, 'four resting orders');
      const out = await t.commands.cancelAll(btc.id).outcome;
      expect(out.results).toHaveLength(3);
      expect(out.ok).toBe(true);
      await until(() => t.session.state.orders.size === 1, 'only the ETH order left');
      expect([...t.session.state.orders.values()][0]?.mkt).toBe(eth.id);
    });
  });

  it('add collateral is never retried and reports the credit its account event shows; the position collateral grows', async () => {
    await withTrader(async (t) => {
      await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
      const pos = await until(() => positionIn(t, btc.id), 'the position');
      const before = BigInt(pos.c);
      const handle = t.commands.addCollateral(pos.pid, '5000000');
      const out = await handle.outcome;
      expect(out.results[0]?.kind).toBe('credited');
      expect(handle.rqs()).toHaveLength(1);
      await until(() => BigInt(positionIn(t, btc.id)?.c ?? '0') === before + 5_000_000n, 'the collateral to grow');
    });
  });

  it('cancel, change, close and add-collateral of ids that are not open are refused before sending', async () => {
    await withTrader(async (t) => {
      const noPrice = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 10, leverage: 500 }).outcome;
      expect(noPrice.results[0]?.message).toMatch(/needs a limit price/);
      for (const h2 of [t.commands.cancel(1), t.commands.change(1, { price: 5 }), t.commands.close(1, { kind: 'market' }), t.commands.addCollateral(1, '1')]) {
        const out = await h2.outcome;
        expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
        expect(out.results[0]?.message).toMatch(/is not open/);
        expect(h2.rqs()).toEqual([]);
      }
    });
  });

  it('panic cancels every resting and trigger order, then closes every position', async () => {
    await withTrader(async (t) => {
      await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500, sl: { price: 100_000 } }).outcome;
      await t.commands.place({ marketId: eth.id, kind: 'market', side: 'short', size: 1_000, leverage: 500 }).outcome;
      await t.commands.place({ marketId: eth.id, kind: 'limit', side: 'long', size: 100, price: top(h, eth.id).bid - 5_000, leverage: 500 }).outcome;
      await until(() => t.session.state.positions.size === 2 && t.session.state.orders.size === 2, 'two positions, two orders');
      const out = await t.commands.panic().outcome;
      expect(out.ok).toBe(true);
      await until(() => t.session.state.positions.size === 0 && t.session.state.orders.size === 0, 'a flat account');
      const ledger = h.sim.control.engine.ledger(t.accountId);
      expect(ledger.positions).toEqual([]);
      expect(ledger.orders).toEqual([]);
    });
  });
});

describe('liquidation', () => {
  it('a mark through the liquidation price liquidates: the client sees the position and its orders go, and equals the ledger', async () => {
    await withTrader(async (t) => {
      const sol = market(h, 'SOL');
      const positionRows: Position[] = [];
      const apply = t.session.state.applyPositions.bind(t.session.state);
      t.session.state.applyPositions = (rows) => {
        positionRows.push(...rows);
        apply(rows);
      };
      const orderRows: Order[] = [];
      const off = t.session.on({ orderUpdates: (rows) => void orderRows.push(...rows) });
      await t.commands.place({ marketId: sol.id, kind: 'market', side: 'long', size: 1_000, leverage: sol.config.initial_margin }).outcome;
      const pos = await until(() => positionIn(t, sol.id), 'the long at maximum leverage');
      const mark = h.sim.control.engine.marketState(sol.id)!.mrk;
      // A take-profit and a resting close, both tied to the position: neither can outlive it.
      await t.commands.protect(pos.pid, { tp: { price: Math.floor(mark * 1.3) } }).outcome;
      await t.commands.close(pos.pid, { kind: 'limit', price: Math.floor(mark * 1.2) }).outcome;
      await until(() => t.session.state.orders.size === 2, 'the trigger and the resting close');
      const linked = [...t.session.state.orders.keys()];
      const epoch = t.session.epoch;
      // 12x with 5 % maintenance is liquidated about 3 % below entry; the mark moves 15 %.
      h.sim.control.engine.setOraclePrice(sol.id, Math.floor(mark * 0.85));
      await until(() => !positionIn(t, sol.id) && t.session.state.orders.size === 0, 'the liquidation to reach the client');
      off();
      expect(t.session.epoch).toBe(epoch); // delivered as updates on the same connection, not by a resync
      expect(positionRows.find((p) => p.pid === pos.pid && p.st === PositionStatus.Liquidated)).toMatchObject({ sr: 19, s: 0 });
      for (const oid of linked) expect(orderRows.find((o) => o.oid === oid && o.r === true)).toBeDefined();
      expect(h.sim.control.engine.ledger(t.accountId).positions).toEqual([]);
      await expectClientMatchesLedger(h, t);
    });
  });
});

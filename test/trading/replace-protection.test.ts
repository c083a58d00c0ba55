// replaceProtection against the local exchange: the new trigger is armed before the old one of its role is
// cancelled; a refused new trigger leaves the old one armed; a failed cancel leaves both armed and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderType as T, TriggerCondition as C } from '../../src/protocol/enums.js';
import type { Market, OrderRequestFrame, Position } from '../../src/protocol/frames.js';
import { marketWords, priceText } from '../../src/domain/trading/order-words.js';
import { positionLiquidation } from '../../src/domain/trading/risk.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, until } from './harness.js';

let h: SimHandle;
let btc: Market;
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
});
afterAll(async () => {
  await h?.stop();
});

/** As the outcome (and the Journal) says a price: grouped, trailing zeros trimmed. */
const px = (raw: number) => priceText(raw, marketWords(btc, btc.id));

/** A trader holding a BTC long; every mt 22 it sends is recorded with whether the newest trigger was armed then. */
async function longTrader(engine: { maxAccountTriggerOrders?: number } = {}): Promise<{ t: Trader; pos: Position; mark: number; sent: OrderRequestFrame[] }> {
  const t = startTrader(h, { engine });
  await live(t);
  const sent: OrderRequestFrame[] = [];
  const send = t.session.sendOrderFrame.bind(t.session);
  t.session.sendOrderFrame = (frame, receipt) => {
    sent.push(frame);
    return send(frame, receipt);
  };
  await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
  const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the long');
  return { t, pos, mark: h.sim.control.engine.marketState(btc.id)!.mrk, sent };
}

/** Asks of the book within `bps` of the mark (size units), as the exchange bounds a market buy with that cap. */
function asksWithinBps(bps: number): number {
  const engine = h.sim.control.engine;
  const bound = Math.floor((engine.marketState(btc.id)!.mrk * (10_000 + bps)) / 10_000);
  return engine.book(btc.id, 100).ask.filter((l) => l.p <= bound).reduce((n, l) => n + l.s, 0);
}

/** The account's untriggered stops in the exchange's own ledger (not the client's view). */
function ledgerStops(t: Trader): number[] {
  return h.sim.control.engine
    .ledger(t.accountId)
    .orders.filter((o) => o.st === S.Untriggered && o.t === T.CloseLong && o.tpc === C.LTEMark)
    .map((o) => o.tp ?? 0)
    .sort((a, b) => a - b);
}

describe('replaceProtection', () => {
  it('replace-arms-new-then-cancels-old: the cancel of the old stop leaves only once the new stop is Untriggered', async () => {
    const { t, pos, mark, sent } = await longTrader();
    try {
      const first = mark - Math.round(mark / 20);
      const second = mark - Math.round(mark / 25);
      expect((await t.commands.protect(pos.pid, { sl: { price: first } }).outcome).ok).toBe(true);
      const old = await until(() => [...t.session.state.orders.values()].find((o) => o.tp === first), 'the first stop');
      // When the cancel leaves, the client must already hold the new stop as Untriggered.
      let armedWhenCancelSent: boolean | undefined;
      const send = t.session.sendOrderFrame;
      t.session.sendOrderFrame = (frame, receipt) => {
        if (frame.t === T.Cancel) armedWhenCancelSent = [...t.session.state.orders.values()].some((o) => o.tp === second && o.st === S.Untriggered);
        return send(frame, receipt);
      };
      const before = sent.length;
      const out = await t.commands.replaceProtection(pos.pid, { sl: { price: second } }).outcome;
      expect(out.ok).toBe(true);
      expect(out.message).toBe(`SL ${px(second)} armed (mark); old SL ${px(first)} cancelled`);
      expect(sent.slice(before).map((f) => [f.t, f.tp ?? f.oid])).toEqual([[T.CloseLong, second], [T.Cancel, old.oid]]);
      expect(armedWhenCancelSent).toBe(true);
      await until(() => ledgerStops(t).length === 1, 'one stop on the exchange');
      expect(ledgerStops(t)).toEqual([second]);
    } finally {
      t.stop();
    }
  });

  it('replace-refused-new-keeps-old: the exchange refuses the new stop (trigger cap): no cancel is sent, the old stop stays', async () => {
    // The client is told a higher cap than the exchange enforces, so the refusal comes from the exchange (st 7 sr 24).
    const { t, pos, mark, sent } = await longTrader({ maxAccountTriggerOrders: 100 });
    try {
      const first = mark - Math.round(mark / 20);
      await t.commands.protect(pos.pid, { sl: { price: first } }).outcome;
      const cap = h.context.instances[0]?.max_account_trigger_orders ?? 16;
      // Take-profits fill the account's trigger slots up to the exchange's cap.
      const fills = Array.from({ length: cap - 1 }, (_, i) => t.commands.protect(pos.pid, { tp: { price: mark + 10_000 + i } }).outcome);
      expect((await Promise.all(fills)).every((o) => o.ok)).toBe(true);
      const before = sent.length;
      const second = mark - Math.round(mark / 25);
      const out = await t.commands.replaceProtection(pos.pid, { sl: { price: second } }).outcome;
      expect(out.ok).toBe(false);
      expect(out.results[0]).toMatchObject({ kind: 'failed', st: S.Failed });
      expect(out.message).toMatch(new RegExp(`^SL ${px(second)} refused \\(failed: MaximumAccountOrders \\(rq \\d+\\)\\); old SL ${px(first)} still armed$`));
      expect(sent.slice(before).map((f) => f.t)).toEqual([T.CloseLong]); // no cancel went out
      expect(ledgerStops(t)).toEqual([first]);
    } finally {
      await t.commands.cancelAll().outcome;
      t.stop();
    }
  });

  it('replace-cancel-fails-two-armed: the gateway refuses the cancel of the old stop: the outcome says both stops are armed', async () => {
    const { t, pos, mark } = await longTrader();
    const engine = h.sim.control.engine;
    const admit = engine.admit.bind(engine);
    try {
      const first = mark - Math.round(mark / 20);
      await t.commands.protect(pos.pid, { sl: { price: first } }).outcome;
      engine.admit = (address, req, head) => (req.t === T.Cancel ? { code: 400, error: 'cancel refused for the test' } : admit(address, req, head));
      const second = mark - Math.round(mark / 25);
      const out = await t.commands.replaceProtection(pos.pid, { sl: { price: second } }).outcome;
      expect(out.ok).toBe(false);
      expect(out.message).toBe(
        `SL ${px(second)} armed (mark); old SL ${px(first)} still armed too, cancel failed (rejected (400): cancel refused for the test): two SLs armed`,
      );
      expect(ledgerStops(t)).toEqual([second, first].sort((a, b) => a - b));
    } finally {
      engine.admit = admit;
      await t.commands.cancelAll().outcome;
      t.stop();
    }
  });

  it('client-refuses-stop-beyond-liquidation: protect, replace and a reduce-only stop under the long\'s liquidation send nothing and name both figures', async () => {
    const { t, pos, sent } = await longTrader();
    try {
      const liq = Number(positionLiquidation(pos, btc));
      const beyond = liq - 10;
      const words = `${px(beyond)} is beyond liquidation ${px(liq)}: it would never fire`;
      const before = sent.length;
      expect((await t.commands.protect(pos.pid, { sl: { price: beyond } }).outcome).message).toBe(`SL ${words}`);
      expect((await t.commands.replaceProtection(pos.pid, { sl: { price: beyond } }).outcome).message).toBe(`SL ${words}`);
      const stop = { marketId: btc.id, kind: 'market' as const, side: 'short' as const, size: 100, leverage: 0, reduceOnly: true, trigger: { price: beyond } };
      expect((await t.commands.place(stop).outcome).message).toBe(`stop ${words}`);
      expect(sent.length).toBe(before);
      // At the liquidation price itself the stop is armed.
      expect((await t.commands.replaceProtection(pos.pid, { sl: { price: liq } }).outcome).ok).toBe(true);
      expect(ledgerStops(t)).toEqual([liq]);
    } finally {
      await t.commands.cancelAll().outcome;
      t.stop();
    }
  });

  it('resize-with-the-order-rearms-for-the-new-size: an add carrying the resize re-arms the stop for the grown position, then cancels the old', async () => {
    const { t, pos, mark } = await longTrader();
    try {
      const sl = mark - Math.round(mark / 20);
      await t.commands.protect(pos.pid, { sl: { price: sl } }).outcome;
      const old = await until(() => [...t.session.state.orders.values()].find((o) => o.tp === sl), 'the stop for 100');
      expect(old.os).toBe(100);
      // Only the intent: the client finds the long, its size after the fill and its stop.
      const out = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500, resizeProtection: true }).outcome;
      expect(out.ok).toBe(true);
      expect(out.message).toMatch(new RegExp(`; TP/SL resized: SL ${px(sl)} armed \\(mark\\); old SL ${px(sl)} cancelled$`));
      const stops = h.sim.control.engine.ledger(t.accountId).orders.filter((o) => o.st === S.Untriggered);
      expect(stops.map((o) => [o.tp, o.os])).toEqual([[sl, 200]]);
    } finally {
      await t.commands.cancelAll().outcome;
      t.stop();
    }
  });

  it('resize-after-a-cut-market-order-fits-the-position: a market buy cut at its 5 bps cap on a thin book re-arms the stop for the position the exchange shows, not position + order', async () => {
    const { t, pos, mark } = await longTrader();
    const control = h.sim.control;
    try {
      // 3 % under the mark: above the liquidation of the long grown at 10x (a stop under it is refused, never re-armed).
      const sl = mark - Math.round(mark / 33);
      await t.commands.protect(pos.pid, { sl: { price: sl } }).outcome;
      await until(() => [...t.session.state.orders.values()].find((o) => o.tp === sl), 'the stop for the long');
      const ten = 10 * 10 ** btc.config.size_decimals;
      const buyTen = () => t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: ten, leverage: 1_000, slippageBps: 5, resizeProtection: true }).outcome;
      // The makers quote, then stop: the book holds a few BTC within 5 bps of the mark, far from 10. Sent again
      // while the exchange ended it with nothing filled (the mark moved off the asks).
      let out = undefined as Awaited<ReturnType<typeof buyTen>> | undefined;
      for (let attempt = 0; attempt < 5 && !(out?.results[0]?.fs ?? 0); attempt++) {
        control.resumeFlow();
        await until(() => asksWithinBps(5) > 0, 'asks within 5 bps of the mark');
        control.pauseFlow();
        out = await buyTen();
        if (!out.results[0]?.fs) expect(out.message).toMatch(/; TP\/SL not resized: nothing filled$/);
      }
      const filled = out?.results[0]?.fs ?? 0;
      expect(filled).toBeGreaterThan(0);
      expect(filled).toBeLessThan(ten);
      // The exchange's own facts: the long grew by what filled, and the one stop on it covers exactly that.
      const grown = h.sim.control.engine.ledger(t.accountId).positions.find((p) => p.mkt === btc.id)!.s;
      expect(grown).toBe(pos.s + filled);
      const stops = h.sim.control.engine.ledger(t.accountId).orders.filter((o) => o.st === S.Untriggered);
      expect(stops.map((o) => [o.tp, o.os])).toEqual([[sl, grown]]);
      expect(out!.ok).toBe(true);
      expect(out!.message).toMatch(new RegExp(`; TP/SL resized: SL ${px(sl)} armed \\(mark\\); old SL ${px(sl)} cancelled$`));
    } finally {
      control.resumeFlow();
      await t.commands.cancelAll().outcome;
      t.stop();
    }
  });
});

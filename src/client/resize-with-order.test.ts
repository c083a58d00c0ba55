// The review's `r` as the client runs it: the order carries only the intent; the position of its side in its
// market, its size as the exchange reports it at the next block and its armed triggers decide what is re-armed.
// A market order cut at its cap grew the position whether the exchange ended it Filled or Canceled; an order
// with its own TP/SL or a reduce-only one is refused with a resize, never sent with its legs dropped.
import { describe, expect, it } from 'vitest';
import { OrderFlag, OrderStatus, OrderType, TriggerCondition } from '../protocol/enums.js';
import type { Order, Position } from '../protocol/frames.js';
import type { OrderDraft } from '../domain/trading/order-draft.js';
import type { CommandOutcome, PlaceParams } from '../domain/trading/commands.js';
import { commandsOverFakeSession } from './engine-commands.fixtures.js';
import { orderGrowth } from './resize-with-order.js';
import type { OrderEngine } from './trading/order-engine.js';
import type { RequestResult } from './trading/tracked-request.js';

/** A 0.01 BTC long at 60,000 with an SL at 58,000 for 0.01 (order 78). */
const LONG: Position = { at: { b: 1 }, mkt: 16, acc: 5, pid: 7, st: 1, sr: 0, sd: 1, c: '1000000000', ep: 600_000, s: 1_000, lv: 500 };
const SL: Order = {
  at: {}, rq: 6, mkt: 16, acc: 5, oid: 78, st: OrderStatus.Untriggered, t: OrderType.CloseLong, os: 1_000, fs: 0, fl: OrderFlag.ImmediateOrCancel, lv: 0, p: 0,
  tp: 580_000, tpc: TriggerCondition.LTEMark, lp: 7,
};
const BUY: PlaceParams = { marketId: 16, kind: 'market', side: 'long', size: 1_000, leverage: 500, resizeProtection: true };

/**
 * A recording engine whose order (the first draft that is no trigger and no cancel) ends as `order` says;
 * triggers are armed, cancels cancel. `grown` is the position's size the next block shows.
 */
function setup(order: Omit<RequestResult, 'kind' | 'rq' | 'message'>, grown: number) {
  const sent: OrderDraft[] = [];
  const positions = new Map([[LONG.pid, LONG]]);
  const orders = new Map([[SL.oid, SL]]);
  let rq = 10;
  const engine = {
    submit: (d: OrderDraft) => {
      sent.push(d);
      rq += 1;
      const trigger = (d.tp ?? 0) > 0;
      const r: RequestResult = trigger
        ? { kind: 'definitive', rq, st: OrderStatus.Untriggered, message: `rq ${rq} armed` }
        : d.t === OrderType.Cancel
          ? { kind: 'definitive', rq, st: OrderStatus.Canceled, message: `rq ${rq} cancelled` }
          : { kind: 'definitive', rq, message: `rq ${rq} ended`, ...order };
      if (trigger) orders.set(100 + rq, { ...SL, oid: 100 + rq, rq, os: d.s, tp: d.tp! });
      if (d.t === OrderType.Cancel) orders.delete(d.oid!);
      return { key: `k${rq}`, rqs: () => [rq], outcome: Promise.resolve(r) };
    },
  } as unknown as OrderEngine;
  const fake = commandsOverFakeSession(engine, { orders, positions, triggerOrderCount: () => orders.size });
  /** The block after the order: its position row shows the size the exchange left. */
  const block = () => {
    positions.set(LONG.pid, { ...LONG, s: grown });
    fake.block(fake.head() + 1);
  };
  const { commands, clock } = fake;
  return { commands, sent, block, clock };
}

const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Places `p`, lets the next block come, and returns the outcome. */
async function placeThenBlock(t: ReturnType<typeof setup>, p: PlaceParams): Promise<CommandOutcome> {
  let outcome: CommandOutcome | undefined;
  void t.commands.place(p).outcome.then((o) => (outcome = o));
  await settle();
  t.block();
  await settle();
  expect(outcome).toBeDefined();
  return outcome!;
}

const drafts = (sent: OrderDraft[]) => sent.map((d) => [d.t, d.t === OrderType.Cancel ? d.oid : d.s, d.tp ?? 0]);

describe('the resize with an order, as the client runs it', () => {
  it('resize-runs-when-a-cut-order-reports-canceled-partly-filled: 0.004 of 0.01 filled, ended Canceled: the SL is re-armed for the 0.014 the exchange shows', async () => {
    const t = setup({ st: OrderStatus.Canceled, os: 1_000, fs: 400 }, 1_400);
    const out = await placeThenBlock(t, BUY);
    expect(drafts(t.sent)).toEqual([[OrderType.OpenLong, 1_000, 0], [OrderType.CloseLong, 1_400, 580_000], [OrderType.Cancel, SL.oid, 0]]);
    expect(out.ok).toBe(true);
    expect(out.message).toBe('rq 11 ended; TP/SL resized: SL 58,000 armed (mark); old SL 58,000 cancelled');
  });

  it('resize-sized-from-the-exchange-not-the-order: a market order cut at its cap and ended Filled re-arms for the position the exchange shows, not position + order', async () => {
    const t = setup({ st: OrderStatus.Filled, os: 1_000, fs: 250 }, 1_250);
    const out = await placeThenBlock(t, BUY);
    expect(t.sent[1]).toMatchObject({ t: OrderType.CloseLong, s: 1_250, tp: 580_000, lp: LONG.pid });
    expect(out.message).toContain('TP/SL resized: SL 58,000 armed');
  });

  it('resize-nothing-filled-says-not-resized: a market order that found nothing inside its cap sends nothing more and says why', async () => {
    const t = setup({ st: OrderStatus.Canceled, os: 1_000, fs: 0 }, 1_000);
    let outcome: CommandOutcome | undefined;
    void t.commands.place(BUY).outcome.then((o) => (outcome = o));
    await settle();
    // Decided from the order's own result: no block is waited for.
    expect(outcome).toMatchObject({ ok: true, message: 'rq 11 ended; TP/SL not resized: nothing filled' });
    expect(t.sent).toHaveLength(1);
  });

  it('resize-of-a-resting-limit-covers-what-it-rests-for: a buy of 0.01 resting whole re-arms the SL for 0.02 at once', async () => {
    const t = setup({ st: OrderStatus.Open, os: 1_000, fs: 0 }, 1_000);
    const out = await placeThenBlock(t, { ...BUY, kind: 'limit', price: 599_000 });
    expect(t.sent[1]).toMatchObject({ t: OrderType.CloseLong, s: 2_000, tp: 580_000 });
    expect(out.ok).toBe(true);
  });

  it('resize-without-a-block-says-not-resized: no live block after the order: nothing re-armed on an unread size, and the outcome is not ok', async () => {
    const t = setup({ st: OrderStatus.Filled, os: 1_000, fs: 1_000 }, 2_000);
    let outcome: CommandOutcome | undefined;
    void t.commands.place(BUY).outcome.then((o) => (outcome = o));
    await settle();
    t.clock.advance(1_000);
    await settle();
    expect(outcome).toMatchObject({ ok: false, message: 'rq 11 ended; TP/SL not resized: no live block after the order to read the position by' });
    expect(t.sent).toHaveLength(1);
  });

  it('resize-stop-beyond-liquidation-not-resized: the long grew to 1 BTC on the same collateral: its liquidation beats the SL, which is not re-armed, and the outcome says so', async () => {
    const t = setup({ st: OrderStatus.Filled, os: 99_000, fs: 99_000 }, 100_000);
    const out = await placeThenBlock(t, { ...BUY, size: 99_000 });
    expect(t.sent).toHaveLength(1);
    expect(out.ok).toBe(false);
    expect(out.message).toMatch(/^rq 11 ended; TP\/SL not resized: SL 58,000 is beyond liquidation [\d,.]+: it would never fire$/);
  });

  it('resize-refused-with-its-own-tpsl-or-reduce-only: the order is refused whole, never sent with its legs dropped', async () => {
    const t = setup({ st: OrderStatus.Filled, os: 1_000, fs: 1_000 }, 2_000);
    const withSl = await t.commands.place({ ...BUY, sl: { price: 570_000 } }).outcome;
    expect(withSl).toMatchObject({ ok: false, message: 'an order with its own take-profit / stop-loss resizes no TP/SL' });
    const withTp = await t.commands.place({ ...BUY, tp: { price: 650_000 } }).outcome;
    expect(withTp.ok).toBe(false);
    const reduceOnly = await t.commands.place({ ...BUY, side: 'short', reduceOnly: true }).outcome;
    expect(reduceOnly).toMatchObject({ ok: false, message: 'a reduce-only order grows no position: no TP/SL to resize' });
    expect(t.sent).toEqual([]);
  });
});

describe('orderGrowth (what the order still adds after its outcome)', () => {
  const result = (over: Partial<RequestResult>): RequestResult => ({ kind: 'definitive', rq: 1, message: '', ...over });
  const market = { size: 1_000, canRest: false };
  const limit = { size: 1_000, canRest: true };

  it('order-growth-any-fill-or-rest: a fill of any part grows the position; a resting limit and a held stop add what they rest for', () => {
    expect(orderGrowth(result({ st: OrderStatus.Canceled, os: 1_000, fs: 1 }), market)).toEqual({ resting: 0 });
    expect(orderGrowth(result({ st: OrderStatus.Filled }), market)).toEqual({ resting: 0 });
    // An IOC reported part filled has ended: nothing more comes.
    expect(orderGrowth(result({ st: OrderStatus.PartiallyFilled, os: 1_000, fs: 300 }), market)).toEqual({ resting: 0 });
    expect(orderGrowth(result({ st: OrderStatus.PartiallyFilled, os: 1_000, fs: 300 }), limit)).toEqual({ resting: 700 });
    expect(orderGrowth(result({ st: OrderStatus.Untriggered, os: 1_000, fs: 0 }), market)).toEqual({ resting: 1_000 });
  });

  it('order-growth-none-says-why: nothing filled, refused, or an unknown outcome (which is not ok: the user must look)', () => {
    expect(orderGrowth(result({ st: OrderStatus.Canceled, os: 1_000, fs: 0 }), market)).toEqual({ none: 'nothing filled', ok: true });
    expect(orderGrowth(result({ st: OrderStatus.Canceled }), market)).toEqual({ none: 'nothing filled', ok: true });
    expect(orderGrowth(result({ kind: 'failed', st: OrderStatus.Failed }), market)).toEqual({ none: 'the order did not go through', ok: true });
    expect(orderGrowth(result({ kind: 'unknown' }), market)).toEqual({ none: "the order's outcome is unknown: check the position's TP/SL", ok: false });
  });
});

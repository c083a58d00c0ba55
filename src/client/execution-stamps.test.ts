// Every order a command sends for a key press is stamped with that one key press (its execution report's
// start): a close, a change, a cancel and cancel-all, each leg of a TP/SL replace, each cancel and close of
// panic (a close retried wider too), the triggers attached to a position, and the bracket legs of a placed order. Over a recording engine: what
// reaches OrderEngine.submit is what gets a report.
import { describe, expect, it } from 'vitest';
import { OrderFlag, OrderStatus, OrderType, TriggerCondition } from '../protocol/enums.js';
import type { Order, Position } from '../protocol/frames.js';
import type { ExecutionOrigin, KeyStamp } from '../domain/trading/execution-report.js';
import type { OrderDraft } from '../domain/trading/order-draft.js';
import { commandsOverFakeSession } from './engine-commands.fixtures.js';
import type { OrderEngine } from './trading/order-engine.js';
import type { RequestResult } from './trading/tracked-request.js';

const KEY: KeyStamp = { keyAtMs: 4_321.5, marks: { 16: 600_000 } };
const STAMPED: ExecutionOrigin = { keyAtMs: 4_321.5, markAtKey: 600_000, estimatedPrice: null };

const position: Position = { at: { b: 1 }, mkt: 16, acc: 5, pid: 7, st: 1, sr: 0, sd: 1, c: '1000000000', ep: 600_000, s: 1_000, lv: 500 };
const resting: Order = { at: {}, rq: 4, mkt: 16, acc: 5, oid: 77, st: 2, t: OrderType.OpenLong, os: 1_000, fs: 0, fl: OrderFlag.GoodTillCancel, lv: 500, p: 590_000 };
const stopLoss: Order = {
  at: {}, rq: 6, mkt: 16, acc: 5, oid: 78, st: 8, t: OrderType.CloseLong, os: 1_000, fs: 0, fl: OrderFlag.ImmediateOrCancel, lv: 0, p: 0,
  tp: 580_000, tpc: TriggerCondition.LTEMark, lp: 7,
};

/** What the exchange would answer each draft with: triggers armed, cancels cancelled, the rest filled. */
function answer(d: OrderDraft, rq: number): RequestResult {
  const st = (d.tp ?? 0) > 0 ? OrderStatus.Untriggered : d.t === OrderType.Cancel ? OrderStatus.Canceled : OrderStatus.Filled;
  return { kind: 'definitive', rq, st, message: `rq ${rq}` };
}

function setup() {
  const sent: Array<{ t: number; origin: ExecutionOrigin | undefined; label: string }> = [];
  const positions = new Map([[7, position]]);
  const orders = new Map([[77, resting], [78, stopLoss]]);
  let rq = 10;
  const engine = {
    submit: (d: OrderDraft, label: string, origin?: ExecutionOrigin) => {
      sent.push({ t: d.t, origin, label });
      const r = answer(d, ++rq);
      return { key: `k${rq}`, rqs: () => [r.rq], outcome: Promise.resolve(r) };
    },
  } as unknown as OrderEngine;
  const { commands, block } = commandsOverFakeSession(engine, { orders, positions, triggerOrderCount: () => 1 });
  return { commands, sent, positions, block };
}

const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('orders sent for a key press carry it', () => {
  it('close-change-cancel-stamped: x / :close, an amend, a cancel and cancel-all each carry the key press and the mark of their market', async () => {
    const { commands, sent } = setup();
    await commands.close(7, { kind: 'market', bps: 5_000 }, KEY).outcome;
    await commands.change(77, { price: 591_000 }, KEY).outcome;
    await commands.cancel(77, KEY).outcome;
    await commands.cancelAll(undefined, KEY).outcome;
    expect(sent.map((s) => s.t)).toEqual([OrderType.CloseLong, OrderType.Change, OrderType.Cancel, OrderType.Cancel, OrderType.Cancel]);
    expect(sent.map((s) => s.origin)).toEqual([STAMPED, STAMPED, STAMPED, STAMPED, STAMPED]);
  });

  it('no-key-no-stamp: a command without a key press (a bot, a script) sends its orders without an origin', async () => {
    const { commands, sent } = setup();
    await commands.close(7, { kind: 'market' }).outcome;
    await commands.change(77, { price: 591_000 }).outcome;
    expect(sent.map((s) => s.origin)).toEqual([undefined, undefined]);
  });

  it('tpsl-replace-each-leg-stamped: the new stop and the cancel of the old one both carry the one key press', async () => {
    const { commands, sent } = setup();
    const out = await commands.replaceProtection(7, { sl: { price: 585_000 } }, {}, KEY).outcome;
    expect(out.ok).toBe(true);
    expect(sent.map((s) => s.t)).toEqual([OrderType.CloseLong, OrderType.Cancel]);
    expect(sent.map((s) => s.origin)).toEqual([STAMPED, STAMPED]);
  });

  it('protect-stamped: attaching a TP and an SL for a key press stamps both triggers with it', async () => {
    const { commands, sent } = setup();
    await commands.protect(7, { tp: { price: 620_000 }, sl: { price: 585_000 } }, KEY).outcome;
    expect(sent.map((s) => s.t)).toEqual([OrderType.CloseLong, OrderType.CloseLong]);
    expect(sent.map((s) => s.origin)).toEqual([STAMPED, STAMPED]);
  });

  it('bracket-legs-stamped: the TP and SL sent after the order filled carry its key press, without its estimate', async () => {
    const { commands, sent } = setup();
    const origin = { keyAtMs: 77.25, markAtKey: 600_000, estimatedPrice: 600_010 };
    await commands.place({ marketId: 16, kind: 'market', side: 'long', size: 1_000, leverage: 500, tp: { price: 620_000 }, sl: { price: 580_000 }, origin }).outcome;
    expect(sent.map((s) => s.t)).toEqual([OrderType.OpenLong, OrderType.CloseLong, OrderType.CloseLong]);
    expect(sent[0]!.origin).toEqual(origin);
    expect(sent.slice(1).map((s) => s.origin)).toEqual([{ ...origin, estimatedPrice: null }, { ...origin, estimatedPrice: null }]);
  });

  it('panic-every-order-from-one-key: each cancel and each close (a retry too) carries the same key press', async () => {
    const { commands, sent, positions, block } = setup();
    const handle = commands.panic(KEY);
    let done = false;
    void handle.outcome.then(() => (done = true));
    await settle(); // the cancels and the first close leave together
    block(101); // after the close: still open (as if nothing filled), so a wider close goes
    await settle();
    positions.delete(7);
    block(102); // flat now
    await settle();
    expect(done).toBe(true);
    expect(sent.map((s) => s.t)).toEqual([OrderType.Cancel, OrderType.Cancel, OrderType.CloseLong, OrderType.CloseLong]);
    expect(sent.map((s) => s.origin)).toEqual([STAMPED, STAMPED, STAMPED, STAMPED]);
  });

  it('bracket-leg-on-last-says-so: a bracket TP/SL that fires on the last trade is journaled as such, one on the mark is not', async () => {
    const { commands, sent } = setup();
    await commands.place({ marketId: 16, kind: 'market', side: 'long', size: 1_000, leverage: 500, tp: { price: 620_000, on: 'last' }, sl: { price: 580_000 } }).outcome;
    expect(sent.map((s) => s.label.includes(' on last'))).toEqual([false, true, false]);
    expect(sent[1]!.label).toMatch(/^take-profit @ .* on last for rq \d+$/);
  });
});

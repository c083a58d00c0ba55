// The client's change() passes the order as it would stand after the change through the rules of placing
// it (validate.ts): a change that makes an order the exchange would refuse, or that place() would refuse,
// is refused before anything reaches the engine.

import { describe, expect, it } from 'vitest';
import { EngineCommands } from '../../src/client/commands.js';
import type { OrderEngine } from '../../src/client/trading/order-engine.js';
import type { TradingSession } from '../../src/client/trading/session.js';
import { TRIGGER_CHANGE_REFUSAL, changeProblems } from '../../src/domain/trading/change-rules.js';
import type { OrderDraft } from '../../src/domain/trading/order-draft.js';
import { btcTestMarket } from '../../src/domain/trading/market.fixtures.js';
import { OrderFlag, OrderType, TriggerCondition } from '../../src/protocol/enums.js';
import type { Order } from '../../src/protocol/frames.js';

// Resting orders must be worth at least 10 USD (min_posting_amount in atoms).
const market = btcTestMarket({ min_posting_amount: '10000000' });
const resting: Order = { at: {}, rq: 4, mkt: 16, acc: 1, oid: 77, st: 2, t: OrderType.OpenLong, os: 1_000, fs: 0, fl: OrderFlag.GoodTillCancel, lv: 500, p: 670_000 };
/** A stop-loss of a long: a CloseLong trigger (tp, tpc LTE mark) linked to position 5, not resting in the book. */
const trigger: Order = {
  at: {}, rq: 6, mkt: 16, acc: 1, oid: 78, st: 2, t: OrderType.CloseLong, os: 1_000, fs: 0, fl: OrderFlag.ImmediateOrCancel, lv: 0, p: 0,
  tp: 650_000, tpc: TriggerCondition.LTEMark, lp: 5,
};

function setup() {
  const submitted: OrderDraft[] = [];
  const outcome = Promise.resolve({ kind: 'definitive' as const, rq: 5, message: 'ok' });
  const engine = { submit: (d: OrderDraft) => (submitted.push(d), { key: 'k', rqs: () => [5], outcome }), lockReason: () => null } as unknown as OrderEngine;
  const session = { state: { orders: new Map([[77, resting], [78, trigger]]), positions: new Map() } } as unknown as TradingSession;
  return { commands: new EngineCommands(engine, session, () => [market]), submitted };
}

describe('change() guards the order it leaves behind', () => {
  it('change-below-minimum-value-refused-before-sending: a size cut under the resting minimum never reaches the engine', async () => {
    const { commands, submitted } = setup();
    // 0.00001 BTC at 67,000 = 0.67 USD: under the 10 USD minimum a new resting order must meet.
    const out = await commands.change(77, { size: 1 }).outcome;
    expect(out.ok).toBe(false);
    expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
    expect(out.message).toContain('under the exchange minimum');
    // A price cut that leaves the order under the minimum is refused the same way (0.01 BTC at 900.0 = 9 USD).
    const cheap = await commands.change(77, { price: 9_000 }).outcome;
    expect(cheap.message).toContain('under the exchange minimum');
    expect(submitted).toEqual([]);
  });

  it('a price or size that is not a positive whole scaled integer is refused', async () => {
    const { commands, submitted } = setup();
    expect((await commands.change(77, { price: -5 }).outcome).message).toContain('limit price must be a positive scaled integer');
    expect((await commands.change(77, { size: 2.5 }).outcome).message).toContain('size must be a whole number');
    expect(submitted).toEqual([]);
  });

  it('a change the rules allow goes to the engine as one Change with only what moves', async () => {
    const { commands, submitted } = setup();
    const out = await commands.change(77, { price: 669_000 }).outcome;
    expect(out.ok).toBe(true);
    expect(submitted).toEqual([expect.objectContaining({ t: OrderType.Change, oid: 77, mkt: 16, p: 669_000, s: 0 })]);
  });

  it('trigger-change-refused-in-the-client: a Change of a TP/SL trigger (the exchange answers OrderDoesNotExist) never reaches the engine', async () => {
    const { commands, submitted } = setup();
    const out = await commands.change(78, { price: 640_000 }).outcome;
    expect(out.ok).toBe(false);
    expect(out.results[0]).toMatchObject({ kind: 'invalid', rq: 0 });
    expect(out.message).toBe(TRIGGER_CHANGE_REFUSAL);
    expect(out.message).toBe('a trigger moves with replaceProtection, not change');
    expect(submitted).toEqual([]);
    // The rule itself, for every path that asks it (the review of `e`, `:amend`).
    const target = { t: trigger.t, mkt: 16, p: 0, remaining: 1_000, fl: trigger.fl, lv: 0, tp: 650_000 };
    expect(changeProblems(target, { price: 640_000 }, market)).toEqual([{ field: 'tp', message: TRIGGER_CHANGE_REFUSAL }]);
  });
});

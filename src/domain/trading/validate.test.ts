import { describe, expect, it } from 'vitest';
import { OrderFlag as F, OrderType as T, TriggerCondition as C } from '../../protocol/enums.js';
import type { OrderDraft } from './order-draft.js';
import { type ValidationContext, orderRulesContext, validateOrder } from './validate.js';
import { btcTestMarket } from './market.fixtures.js';

const market = btcTestMarket;
function ctx(over: Partial<ValidationContext> = {}): ValidationContext {
  return {
    market: market(), head: 1000, openTriggerOrders: 0, maxAccountTriggerOrders: 16, ...over,
  };
}
const limit: OrderDraft = { t: T.OpenLong, mkt: 16, s: 100, p: 670_000, fl: F.GoodTillCancel, lv: 500, lb: 0 };
const mkt: OrderDraft = { t: T.OpenShort, mkt: 16, s: 100, p: 0, fl: F.ImmediateOrCancel, ms: 100, lv: 500, lb: 0 };
const sl: OrderDraft = { t: T.CloseLong, mkt: 16, s: 100, p: 0, fl: F.ImmediateOrCancel, lv: 0, lb: 0, tp: 650_000, tpc: C.LTEMark, lp: 7, triggerRole: 'stop-loss' };

function fields(d: OrderDraft, c: ValidationContext = ctx()): string[] {
  const r = validateOrder(d, c);
  return r.ok ? [] : r.problems.map((p) => p.field);
}

describe('validateOrder', () => {
  it('accepts a plain limit, market and protective trigger order', () => {
    expect(fields(limit)).toEqual([]);
    expect(fields(mkt)).toEqual([]);
    expect(fields(sl)).toEqual([]);
  });

  it('rejects size 0 and fractional sizes', () => {
    expect(fields({ ...limit, s: 0 })).toEqual(['size']);
    expect(fields({ ...limit, s: 1.5 })).toEqual(['size']);
  });

  it('rejects leverage above initial_margin/100 x (1500 -> 15x) and allows exactly 15x', () => {
    expect(fields({ ...limit, lv: 1501 })).toEqual(['leverage']);
    expect(fields({ ...limit, lv: 1500 })).toEqual([]);
    expect(fields({ ...limit, lv: 0 })).toEqual(['leverage']);
  });

  it('rejects a market not in the context, and a closed market', () => {
    expect(fields(limit, ctx({ market: undefined }))).toEqual(['market']);
    expect(fields(limit, ctx({ market: market({ is_open: false }) }))).toEqual(['market']);
  });

  it('requires a slippage cap on market orders and a price on post-only', () => {
    expect(fields({ ...mkt, ms: undefined })).toEqual(['slippage']);
    expect(fields({ ...limit, p: 0, fl: F.PostOnly, ms: 100 })).toEqual(['price']);
    expect(fields({ ...limit, p: -5 })).toEqual(['price']);
  });

  it('accepts lb in (head, head + ttl] or 0, and refuses the rest', () => {
    expect(fields({ ...limit, lb: 1001 })).toEqual([]);
    expect(fields({ ...limit, lb: 1020 })).toEqual([]);
    expect(fields({ ...limit, lb: 1021 })).toEqual(['lb']);
    expect(fields({ ...limit, lb: 1000 })).toEqual(['lb']);
    expect(fields({ ...limit, lb: 1005 }, ctx({ head: null }))).toEqual(['lb']);
  });

  it('expiry-past-the-limit-said-in-time: an lb past head + ttl says the limit in blocks and time, for every sender', () => {
    const message = (c: ValidationContext) => {
      const r = validateOrder({ ...limit, lb: 1021 }, c);
      return r.ok ? null : r.problems[0]?.message;
    };
    expect(message(ctx())).toBe('at most 20 blocks ≈ 6.0 s: the exchange refuses a later expiry');
    expect(message(ctx({ msPerBlock: 500 }))).toBe('at most 20 blocks ≈ 10 s: the exchange refuses a later expiry');
  });

  it('requires lb = 0 on triggers and a tpc consistent with the protected side', () => {
    expect(fields({ ...sl, lb: 1005 })).toEqual(['lb']);
    expect(fields({ ...sl, tpc: C.GTEMark })).toEqual(['tpc']);
    expect(fields({ ...sl, triggerRole: 'take-profit', tpc: C.GTELast })).toEqual([]);
    // short: stop-loss on GTE, take-profit on LTE
    expect(fields({ ...sl, t: T.CloseShort, tpc: C.GTELast })).toEqual([]);
    expect(fields({ ...sl, t: T.CloseShort, triggerRole: 'take-profit', tpc: C.GTELast })).toEqual(['tpc']);
    expect(fields({ ...sl, t: T.OpenLong, lv: 500 })).toEqual(['t']);
  });

  it('refuses a trigger past max_account_trigger_orders', () => {
    expect(fields(sl, ctx({ openTriggerOrders: 16 }))).toEqual(['tp']);
  });

  it('enforces the minimum order value when set, but never on a full close', () => {
    // 0.001 BTC @ 67000 = 67 dollars; minimum posting 100 dollars
    const c = ctx({ market: market({ min_posting_amount: '100000000', min_settle_amount: '100000000' }), referencePrice: 670_000 });
    expect(fields(limit, c)).toEqual(['size']);
    expect(fields(mkt, c)).toEqual(['size']);
    expect(fields({ ...mkt, t: T.CloseShort, lv: 0, fullClose: true }, c)).toEqual([]);
    expect(fields({ ...limit, s: 200 }, c)).toEqual([]);
  });

  it('checks cancel, change and collateral increase shapes', () => {
    const base = { mkt: 16, s: 0, p: 0, fl: 0, lv: 0, lb: 0 };
    expect(fields({ ...base, t: T.Cancel })).toEqual(['oid']);
    expect(fields({ ...base, t: T.Cancel, oid: 5 })).toEqual([]);
    expect(fields({ ...base, t: T.Change, oid: 5 })).toEqual(['price']);
    expect(fields({ ...base, t: T.Change, oid: 5, p: 660_000 })).toEqual([]);
    expect(fields({ ...base, t: T.IncreasePositionCollateral, lp: 9, a: '0' })).toEqual(['amount']);
    expect(fields({ ...base, t: T.IncreasePositionCollateral, lp: 9, a: '5000000' })).toEqual([]);
  });
});

describe('stand-alone stops', () => {
  it('a stop that opens (tp and tpc on OpenLong, no lp, no tr, lb 0) passes; a TP/SL role on an open does not', () => {
    const stop: OrderDraft = { t: 1, mkt: 16, s: 1_000, p: 0, fl: 4, ms: 100, lv: 500, lb: 0, tp: 680_000, tpc: 3 };
    expect(validateOrder(stop, orderRulesContext(btcTestMarket(), 1_000, 670_000))).toEqual({ ok: true });
    const role = validateOrder({ ...stop, triggerRole: 'stop-loss' }, orderRulesContext(btcTestMarket(), 1_000, 670_000));
    expect(role.ok).toBe(false);
    expect(validateOrder({ ...stop, lb: 1_005 }, orderRulesContext(btcTestMarket(), 1_000, 670_000)).ok).toBe(false);
  });
});

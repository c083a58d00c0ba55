import { describe, expect, it } from 'vitest';
import { OrderType } from '../../protocol/enums.js';
import { executionKindOf, executionReport, originAt, slippageOf, tradeSideOf, type ExecutionFacts } from './execution-report.js';

// BTC-like: price 1 decimal, size 5 decimals; collateral 6 decimals.
const BTC = { priceDecimals: 1, sizeDecimals: 5 };

describe('slippage is signed from the trader side', () => {
  it('slippage-sign-buy-above-reference-is-worse: a buy filled 2.0 above a 60,000.0 mark costs 2 x 0.01 BTC', () => {
    const s = slippageOf('long', 600_020, 600_000, 1_000, BTC)!;
    expect(s.ticks).toBe(20);
    // 20 / 600000 of the price = 0.333 bps -> 33 hundredths (toward zero).
    expect(s.bpsHundredths).toBe(33n);
    // 2.0 USD x 0.01 BTC = 0.02 USD = 20_000 atoms.
    expect(s.atoms).toBe(20_000n);
  });

  it('slippage-sign-sell-below-reference-is-worse: a sell filled 2.0 below the mark is worse by the same', () => {
    const s = slippageOf('short', 599_980, 600_000, 1_000, BTC)!;
    expect(s.ticks).toBe(20);
    expect(s.atoms).toBe(20_000n);
  });

  it('slippage-sign-better-fills-are-negative: a buy below and a sell above the reference come out negative', () => {
    expect(slippageOf('long', 599_990, 600_000, 1_000, BTC)!.ticks).toBe(-10);
    expect(slippageOf('long', 599_990, 600_000, 1_000, BTC)!.atoms).toBe(-10_000n);
    expect(slippageOf('short', 600_010, 600_000, 1_000, BTC)!.ticks).toBe(-10);
    expect(slippageOf('short', 600_010, 600_000, 1_000, BTC)!.bpsHundredths).toBe(-16n);
  });

  it('slippage-without-reference: no mark or nothing filled gives no figure rather than a zero', () => {
    expect(slippageOf('long', 600_000, 0, 1_000, BTC)).toBeNull();
    expect(slippageOf('long', 600_000, 600_000, 0, BTC)).toBeNull();
  });
});

describe('executionReport', () => {
  const facts: ExecutionFacts = {
    requestKey: 'k1', rq: 4, kind: 'open', marketId: 16, side: 'short', filledBefore: 0, keyWallMs: 1_000_000,
    origin: { keyAtMs: 500.25, markAtKey: 600_000, estimatedPrice: 599_990 },
    sentAtMs: 503.5, ackAtMs: 520.25, firstFillAtMs: 530.25, lastFillAtMs: 540.25,
    filledSize: 2_000, averageFillPrice: 599_950,
  };

  it('latencies-from-the-key-press: each step is measured from the key press, not from the step before', () => {
    const r = executionReport(facts, BTC);
    expect([r.toSendMs, r.toAckMs, r.toFirstFillMs, r.toLastFillMs]).toEqual([3.25, 20, 30, 40]);
  });

  it('slippage-against-mark-and-estimate: a sell at 59,995.0 is 5.0 under the mark and 4.0 under the estimate', () => {
    const r = executionReport(facts, BTC);
    expect(r.vsMark).toEqual({ ticks: 50, bpsHundredths: 83n, atoms: 100_000n });
    expect(r.vsEstimate).toEqual({ ticks: 40, bpsHundredths: 66n, atoms: 80_000n });
  });

  it('unfilled-order-has-no-slippage: times not seen stay null and no fill means no slippage', () => {
    const r = executionReport({ ...facts, ackAtMs: null, firstFillAtMs: null, lastFillAtMs: null, filledSize: 0, averageFillPrice: null }, BTC);
    expect(r.toAckMs).toBeNull();
    expect(r.toLastFillMs).toBeNull();
    expect(r.vsMark).toBeNull();
    expect(r.vsEstimate).toBeNull();
  });
});

describe('every kind of order gets a report', () => {
  const base: ExecutionFacts = {
    requestKey: 'k2', rq: 9, kind: 'close', marketId: 16, side: 'short', filledBefore: 0, keyWallMs: 0,
    origin: { keyAtMs: 100, markAtKey: 600_000, estimatedPrice: null },
    sentAtMs: 101, ackAtMs: 112, firstFillAtMs: 113, lastFillAtMs: 113, filledSize: 1_000, averageFillPrice: 599_980,
  };

  it('execution-kind-of-each-request-type: opens, closes, triggers (a close with tp), amends and cancels; collateral is no order', () => {
    expect(executionKindOf(OrderType.OpenLong)).toBe('open');
    expect(executionKindOf(OrderType.OpenShort, 650_000)).toBe('open');
    expect(executionKindOf(OrderType.CloseLong)).toBe('close');
    expect(executionKindOf(OrderType.CloseShort, 0)).toBe('close');
    expect(executionKindOf(OrderType.CloseLong, 650_000)).toBe('trigger');
    // A reduce-only stop order is a close with tp too: sent as a stop, it is one.
    expect(executionKindOf(OrderType.CloseLong, 650_000, true)).toBe('stop');
    expect(executionKindOf(OrderType.OpenLong, 690_000, true)).toBe('open');
    expect(executionKindOf(OrderType.Change)).toBe('amend');
    expect(executionKindOf(OrderType.Cancel)).toBe('cancel');
    expect(executionKindOf(OrderType.IncreasePositionCollateral)).toBeNull();
  });

  it('close-long-sells: a close of a long trades as a sell, a close of a short as a buy', () => {
    expect(tradeSideOf(OrderType.CloseLong)).toBe('short');
    expect(tradeSideOf(OrderType.CloseShort)).toBe('long');
    expect(tradeSideOf(OrderType.OpenLong)).toBe('long');
    expect(tradeSideOf(OrderType.OpenShort)).toBe('short');
  });

  it('close-slippage-from-the-sellers-side: a close of a long filled 2.0 under the mark is 20 ticks worse, no estimate', () => {
    const r = executionReport(base, BTC);
    expect(r.kind).toBe('close');
    expect(r.vsMark).toEqual({ ticks: 20, bpsHundredths: 33n, atoms: 20_000n });
    expect(r.vsEstimate).toBeNull();
  });

  it('amend-counts-only-fills-after-the-change: an order that had filled 300 before and 1,000 after shows 700, no average, no slippage', () => {
    const r = executionReport({ ...base, kind: 'amend', side: 'long', filledBefore: 300, filledSize: 1_000, averageFillPrice: 600_010 }, BTC);
    expect(r.filledSize).toBe(700);
    // The row's average covers the 300 before the change too: no figure rather than a wrong one.
    expect(r.averageFillPrice).toBeNull();
    expect(r.vsMark).toBeNull();
  });

  it('amend-of-an-unfilled-order-is-exact: with nothing filled before, the row average is the amend fills average', () => {
    const r = executionReport({ ...base, kind: 'amend', side: 'long', filledBefore: 0, filledSize: 1_000, averageFillPrice: 600_010 }, BTC);
    expect(r.averageFillPrice).toBe(600_010);
    expect(r.vsMark?.ticks).toBe(10);
  });

  it('origin-at-key-stamp: each order of a stamp takes the mark of its own market and no estimate', () => {
    const stamp = { keyAtMs: 42.5, marks: { 16: 600_000, 17: 30_000 } };
    expect(originAt(stamp, 17)).toEqual({ keyAtMs: 42.5, markAtKey: 30_000, estimatedPrice: null });
    expect(originAt(stamp, 99)).toEqual({ keyAtMs: 42.5, markAtKey: null, estimatedPrice: null });
    // An amend's stamp carries its review's estimate: the one order it sends is judged against it.
    expect(originAt({ ...stamp, estimatedPrice: 600_100 }, 16)).toEqual({ keyAtMs: 42.5, markAtKey: 600_000, estimatedPrice: 600_100 });
  });
});

describe('an order cut short is compared with the estimate for what filled', () => {
  // The review walked asks of 0.003 @ 67,000.0, 0.01 @ 67,002.0, then 1 BTC @ 67,101.0 for a 0.05 buy:
  // 67,075.2 on average for the whole, 67,001.6 for its first 0.013.
  const asks = [
    { price: 670_000, size: 300 },
    { price: 670_020, size: 1_000 },
    { price: 671_010, size: 100_000 },
  ];
  const walk = { levels: asks, bound: undefined, walked: 5_000n, tailPrice: 671_010n };
  const facts: ExecutionFacts = {
    requestKey: 'k2', rq: 5, kind: 'open', marketId: 16, side: 'long', filledBefore: 0, keyWallMs: 1_000_000,
    origin: { keyAtMs: 0, markAtKey: 670_000, estimatedPrice: 670_752, estimateWalk: walk },
    sentAtMs: 1, ackAtMs: 2, firstFillAtMs: 3, lastFillAtMs: 3,
    // The exchange stopped it at its 5 bps cap: 0.013 of 0.05 filled at 67,001.5 on average.
    filledSize: 1_300, averageFillPrice: 670_015, orderedSize: 5_000,
  };

  it('partial-fill-vs-est-of-the-part: the filled 0.013 against the walk of 0.013 (1 tick better), not the whole order\'s 67,075.2', () => {
    const r = executionReport(facts, BTC);
    expect(r.vsEstimate?.ticks).toBe(-1);
    expect(r.partial).toBe(true);
    // Filled whole, the estimate is the whole walk's, as before.
    const whole = executionReport({ ...facts, filledSize: 5_000, averageFillPrice: 670_752 }, BTC);
    expect(whole.vsEstimate?.ticks).toBe(0);
    expect(whole.partial).toBe(false);
  });
});

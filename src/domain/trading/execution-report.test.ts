import { describe, expect, it } from 'vitest';
import { executionReport, slippageOf, type ExecutionFacts } from './execution-report.js';

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
    requestKey: 'k1', rq: 4, marketId: 16, side: 'short', keyWallMs: 1_000_000,
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

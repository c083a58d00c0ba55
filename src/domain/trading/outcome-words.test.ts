import { describe, expect, it } from 'vitest';
import { OrderFlag, OrderStatus as S, OrderStatusReason as R } from '../../protocol/enums.js';
import type { MarketWords } from './order-words.js';
import { cutBoundOf, isPartialEnd, outcomeWords } from './outcome-words.js';

const btc: MarketWords = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const market = { m: btc, bound: cutBoundOf({ p: 0, fl: OrderFlag.ImmediateOrCancel, ms: 5 }, 100) };

describe('how an order ended, in words', () => {
  it('partial-fill-called-partial: an IOC cut by its cap (st 4 sr 16, fs < os) says what filled, what was cancelled and why', () => {
    const cut = { st: S.Filled, sr: R.ImmediateOrCancelExecuted, os: 500_000, fs: 192_355 };
    expect(outcomeWords(cut, market)).toBe('partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap');
    // The market's default cap when the order named none; an IOC limit is stopped by its limit.
    expect(outcomeWords(cut, { m: btc, bound: cutBoundOf({ p: 0, fl: OrderFlag.ImmediateOrCancel }, 100) })).toContain('cancelled at the 100 bps cap');
    expect(outcomeWords(cut, { m: btc, bound: cutBoundOf({ p: 669_000, fl: OrderFlag.ImmediateOrCancel }, 100) })).toContain('cancelled at its limit 66,900');
    // A cap not known (an order of another client in History): said without a figure.
    expect(outcomeWords(cut, { m: btc, bound: { kind: 'cap', bps: null } })).toContain('cancelled at its slippage cap');
  });

  it('a whole fill, nothing filled, or a resting order keep their plain words', () => {
    expect(outcomeWords({ st: S.Filled, sr: R.TakerOrderFilled, os: 500_000, fs: 500_000 }, market)).toBe('filled, taker');
    expect(outcomeWords({ st: S.Canceled, sr: R.ImmediateOrCancelExecuted, os: 500_000, fs: 0 }, market)).toBe('cancelled');
    // A GTC partly filled and resting is not cut: it waits for the rest.
    const resting = { st: S.PartiallyFilled, sr: R.OrderPlaced, os: 500_000, fs: 100_000, fl: OrderFlag.GoodTillCancel };
    expect(isPartialEnd(resting)).toBe(false);
    expect(outcomeWords(resting, { m: btc, bound: null })).toBe('partly filled, rest resting');
    // A GTC cancelled after a part filled is partial too, with nothing about a cap.
    expect(outcomeWords({ st: S.Canceled, sr: R.OrderCancelled, os: 500_000, fs: 100_000 }, { m: btc, bound: null })).toBe('partially filled 1 of 5, 4 cancelled');
  });
});

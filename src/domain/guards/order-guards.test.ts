import { describe, expect, it } from 'vitest';
import { OrderFlag, OrderType, PositionSide } from '../../protocol/enums.js';
import type { OrderDraft } from '../trading/order-draft.js';
import { guardProblems } from './order-guards.js';
import { OPEN_LONG, OPEN_SHORT, btcBook, btcPosition, limits, restingOrder, usd } from './guards.fixtures.js';

/** A limit buy of `size` units at `price` ticks in BTC (0.1 BTC = 10_000 units; 67,000 = 670_000 ticks). */
function buy(size: number, price: number, t: number = OPEN_LONG): OrderDraft {
  return { t, mkt: 16, s: size, p: price, fl: OrderFlag.GoodTillCancel, lv: 500, lb: 0 };
}

const noNet = () => 0n;

describe('maxOrderNotional', () => {
  const g = { limits: limits({ maxOrderNotional: usd(10_000) }), dailyNet: noNet };

  it('order-over-max-notional-refused-with-its-words', () => {
    // 0.2 BTC at 62,000 = 12,400 USD.
    expect(guardProblems(buy(20_000, 620_000), btcBook(), g)).toEqual(['guard: order notional 12,400 USD over maxOrderNotional 10,000']);
  });

  it('order-at-the-limit-passes', () => {
    // 0.2 BTC at 50,000 = exactly 10,000 USD.
    expect(guardProblems(buy(20_000, 500_000), btcBook(), g)).toEqual([]);
  });

  it('market-order-valued-at-the-mark', () => {
    const market = { ...buy(20_000, 0), fl: OrderFlag.ImmediateOrCancel, ms: 50 };
    expect(guardProblems(market, btcBook([], [], 670_000), g)).toEqual(['guard: order notional 13,400 USD over maxOrderNotional 10,000']);
    expect(guardProblems(market, btcBook([], [], 400_000), g)).toEqual([]);
  });

  it('market-order-without-a-live-mark-refused-not-waved-through', () => {
    const market = { ...buy(1_000, 0), fl: OrderFlag.ImmediateOrCancel, ms: 50 };
    expect(guardProblems(market, btcBook([], [], null), g)).toEqual(['guard: no live mark to value the order against maxOrderNotional']);
  });

  it('close-and-reduce-only-never-refused', () => {
    const long = btcPosition(PositionSide.Long, 50_000);
    const close: OrderDraft = { t: OrderType.CloseLong, mkt: 16, s: 50_000, p: 0, fl: OrderFlag.ImmediateOrCancel, lv: 0, lb: 0, ms: 50, lp: 77 };
    expect(guardProblems(close, btcBook([long]), g)).toEqual([]);
    // A sell that only reduces the long (an open-type order) takes risk off too.
    expect(guardProblems(buy(40_000, 670_000, OPEN_SHORT), btcBook([long]), g)).toEqual([]);
  });

  it('flip-judged-on-the-whole-order', () => {
    // Short 0.05 held; a buy of 0.2 closes it and opens 0.15 long: the order is 13,400 USD.
    const short = btcPosition(PositionSide.Short, 5_000);
    expect(guardProblems(buy(20_000, 670_000), btcBook([short]), g)).toHaveLength(1);
  });
});

describe('maxPositionNotional', () => {
  const g = { limits: limits({ maxPositionNotional: usd(20_000) }), dailyNet: noNet };

  it('position-after-fill-plus-resting-same-side-counted', () => {
    // Long 0.1 (6,700 at the mark) + resting buy 0.1 @ 60,000 (6,000) + this buy 0.1 @ 67,000 (6,700) = 19,400: passes.
    const book = btcBook([btcPosition(PositionSide.Long, 10_000)], [restingOrder(5, OPEN_LONG, 10_000, 600_000)]);
    expect(guardProblems(buy(10_000, 670_000), book, g)).toEqual([]);
    // 0.2 more is 26,100.
    expect(guardProblems(buy(20_000, 670_000), book, g)).toEqual(['guard: BTC position would be 26,100 USD with resting orders, over maxPositionNotional 20,000']);
  });

  it('resting-other-side-orders-not-counted', () => {
    const book = btcBook([], [restingOrder(5, OPEN_SHORT, 100_000, 700_000)]);
    expect(guardProblems(buy(20_000, 670_000), book, g)).toEqual([]);
  });
});

describe('amend (Change)', () => {
  const g = { limits: limits({ maxOrderNotional: usd(10_000) }), dailyNet: noNet };
  const book = btcBook([], [restingOrder(9, OPEN_LONG, 10_000, 600_000)]);
  const change = (s: number, p: number): OrderDraft => ({ t: OrderType.Change, mkt: 16, oid: 9, s, p, fl: 0, lv: 500, lb: 0 });

  it('amend-raising-size-checked-on-its-new-notional', () => {
    // 0.1 @ 60,000 -> 0.2 @ 60,000 = 12,000 USD.
    expect(guardProblems(change(20_000, 0), book, g)).toEqual(['guard: order notional 12,000 USD over maxOrderNotional 10,000']);
  });

  it('amend-lowering-size-passes', () => {
    expect(guardProblems(change(5_000, 0), btcBook([], [restingOrder(9, OPEN_LONG, 30_000, 600_000)]), g)).toEqual([]);
  });

  it('amend-of-a-close-never-refused', () => {
    const closeBook = btcBook([btcPosition(PositionSide.Long, 90_000)], [restingOrder(9, OrderType.CloseLong, 10_000, 700_000)]);
    expect(guardProblems(change(90_000, 0), closeBook, g)).toEqual([]);
  });

  it('position-guard-leaves-the-changed-order-out-of-resting', () => {
    const pg = { limits: limits({ maxPositionNotional: usd(13_000) }), dailyNet: noNet };
    // Resting 0.1 @ 60,000 grows to 0.2: 12,000, not 12,000 + the old 6,000.
    expect(guardProblems(change(20_000, 0), book, pg)).toEqual([]);
  });
});

describe('maxDailyLoss', () => {
  const limit = limits({ maxDailyLoss: usd(500) });

  it('daily-loss-reached-refuses-opens-allows-closes', () => {
    const g = { limits: limit, dailyNet: () => -usd(500) };
    expect(guardProblems(buy(1_000, 670_000), btcBook(), g)).toEqual([
      'guard: daily loss 500 USD reached maxDailyLoss 500: only closes and reduce-only orders until the day starts (00:00)',
    ]);
    const close: OrderDraft = { t: OrderType.CloseLong, mkt: 16, s: 1_000, p: 0, fl: OrderFlag.ImmediateOrCancel, lv: 0, lb: 0, ms: 50, lp: 77 };
    expect(guardProblems(close, btcBook([btcPosition(PositionSide.Long, 1_000)]), g)).toEqual([]);
  });

  it('daily-loss-under-limit-passes', () => {
    expect(guardProblems(buy(1_000, 670_000), btcBook(), { limits: limit, dailyNet: () => -usd(499) })).toEqual([]);
  });

  it('daily-loss-unknown-refuses-opens', () => {
    expect(guardProblems(buy(1_000, 670_000), btcBook(), { limits: limit, dailyNet: () => null })[0]).toMatch(/^guard: daily loss unknown yet/);
  });

  it('no-guard-set-reads-no-daily-net', () => {
    let read = 0;
    guardProblems(buy(1_000, 670_000), btcBook(), { limits: limits({}), dailyNet: () => (read++, null) });
    expect(read).toBe(0);
  });
});

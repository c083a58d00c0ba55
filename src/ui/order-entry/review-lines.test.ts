// The review's text: the side by its effect, margin posted or freed, the crossing and rest notes, and the
// review of a change (before → after, the reasons it asks) that fits the pane's width.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { orderEffect } from '../../domain/trading/order-effect.js';
import { previewOrder } from '../../domain/trading/preview.js';
import type { AmendReview } from '../../state/trading-slice.js';
import { amendLines } from '../open-orders/amend-review-lines.js';
import { reviewLines, reviewNotes, sideText, wrapParts } from './review-lines.js';

const market = btcTestMarket();
const asks = [
  { price: 670_000, size: 300 },
  { price: 670_100, size: 10_000 },
];

describe('sideText', () => {
  it('names what the order does to the position, not only its side', () => {
    expect(sideText('long', orderEffect(null, 1, 1_000n), market)).toBe('▲ LONG (buy) · open');
    expect(sideText('short', orderEffect({ side: 1, size: 2_000 }, 2, 1_000n), market)).toBe('▼ SELL · reduce LONG 0.02 → 0.01');
    expect(sideText('short', orderEffect({ side: 1, size: 2_000 }, 2, 2_000n), market)).toBe('▼ SELL · close LONG 0.02');
    expect(sideText('long', orderEffect({ side: 2, size: 2_000 }, 1, 3_000n), market)).toBe('▲ BUY · flip SHORT 0.02 → LONG 0.01');
    expect(sideText('long', orderEffect({ side: 1, size: 2_000 }, 1, 1_000n), market)).toBe('▲ BUY · increase LONG 0.02 → 0.03');
  });
});

describe('reviewNotes', () => {
  it('a limit through the ask: taker fee, what fills now and what rests at the limit', () => {
    const p = previewOrder({ market, side: 1, size: 1_000n, limitPrice: 670_050n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    expect(reviewNotes(p, { kind: 'limit', price: 670_050 }, market)).toEqual(['crosses the book: taker fee', 'fills 0.003 now, 0.007 rests at 67,005']);
  });
  it('a resting limit has nothing to add; a market order on a thin book says how much the book holds', () => {
    const rest = previewOrder({ market, side: 1, size: 1_000n, limitPrice: 669_000n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    expect(reviewNotes(rest, { kind: 'limit', price: 669_000 }, market)).toEqual([]);
    const thin = previewOrder({ market, side: 1, size: 20_000n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    expect(reviewNotes(thin, { kind: 'market' }, market)).toEqual(['book too thin! fills 0.103 in the visible book; 0.097 more past it, estimated at its last level (or worse)']);
    const deep = previewOrder({ market, side: 1, size: 20_000n, limitPrice: 671_000n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    expect(reviewNotes(deep, { kind: 'limit', price: 671_000 }, market)).toEqual([
      'crosses the book: taker fee',
      'fills 0.103 in the visible book; 0.097 more may fill now at 67,100 or better',
    ]);
    const ioc = previewOrder({ market, side: 1, size: 20_000n, limitPrice: 670_000n, remainder: 'cancel', opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    expect(reviewNotes(ioc, { kind: 'ioc', price: 670_000 }, market)).toEqual(['crosses the book: taker fee', 'fills 0.003 now, 0.197 cancelled (IOC)']);
  });
});

describe('wrapParts and reviewLines', () => {
  it('wraps at the parts, never inside one', () => {
    expect(wrapParts(['aaa', 'bbb', 'cc'], 7)).toEqual(['aaa bbb', 'cc']);
    expect(wrapParts(['aaaaaaaaaa', 'b'], 4)).toEqual(['aaaaaaaaaa', 'b']);
    expect(wrapParts(['one two three', 'x'], 8)).toEqual(['one two', 'three x']);
  });
  it('fits a narrow pane', () => {
    const p = previewOrder({ market, side: 1, size: 1_000n, limitPrice: 670_050n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    const lines = reviewLines(p, { kind: 'limit', price: 670_050 }, market, 48);
    expect(lines.every((l) => l.length <= 48)).toBe(true);
    expect(lines.join(' ')).toMatch(/est .* liq .* margin .* fee .* slip .*crosses the book: taker fee/);
  });

  it('liq-first-in-a-narrow-review: too narrow for one line, the liquidation price stays on the first line and slip, fee move down', () => {
    const p = previewOrder({ market, side: 1, size: 1_000n, limitPrice: 670_050n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    const [first, ...rest] = reviewLines(p, { kind: 'limit', price: 670_050 }, market, 48);
    expect(first).toMatch(/^ est [\d,.]+ liq [\d,.]+ \(\d+\.\d%\)/);
    expect(rest.join(' ')).toMatch(/fee [\d,.]+ slip /);
    // Wide enough for one line, the figures keep their usual order.
    expect(reviewLines(p, { kind: 'limit', price: 670_050 }, market, 120)[0]).toMatch(/^ est .* slip .* fee .* margin .* liq /);
  });
});

describe('amendLines', () => {
  it('shows the order before → after, the review block, and why it asks', () => {
    const review: AmendReview = {
      orderId: 42, marketId: 16, before: { price: 660_000, size: 1_000 }, change: { price: 800_000 },
      after: { marketId: 16, kind: 'limit', side: 'long', size: 1_000, price: 800_000, leverage: 500 },
      reasons: ['price 19.4% from mark', 'moves across the book: fills now as taker'],
    };
    const p = previewOrder({ market, side: 1, size: 1_000n, limitPrice: 800_000n, opposite: asks, leverageHundredths: 500, mark: 670_000, feeTier: 0, position: null });
    const text = amendLines({ review, market, preview: p, width: 200 }).map((l) => l.text);
    expect(text).toContain(' price       66,000.0 → 80,000.0');
    expect(text).toContain(' size        0.01 (unchanged)');
    expect(text.join('\n')).toContain('crosses the book: taker fee');
    expect(text).toContain(' asks: price 19.4% from mark; moves across the book: fills now as taker');
    expect(text.at(-1)).toBe(' y send the change   any other key cancels');
  });
});

describe('a review that reads right', () => {
  // Asks from 67,000.0: 0.003 at the best, 0.1 a tick above 67,010.0 (15 bps over the 67,000.0 mark).
  const book = [
    { price: 670_000, size: 300 },
    { price: 670_020, size: 1_000 },
    { price: 671_010, size: 100_000 },
  ];
  const inputs = { market, opposite: book, leverageHundredths: 500, mark: 670_000, feeTier: 0 };

  it('review-warns-market-order-beyond-its-cap: the walk for the size reaches past the 5 bps bound, so only part fills', () => {
    const p = previewOrder({ ...inputs, side: 1, size: 5_000n, position: null, slippageCapBps: 5 });
    // 67,000.0 + 5 bps = 67,033.5: the 0.013 below it fills, the rest is past the cap.
    expect(p.cap).toEqual({ bps: 5, price: 670_335n });
    expect(p.pastCap).toBe(3_700n);
    expect(reviewNotes(p, { kind: 'market' }, market)).toContain('beyond the 5 bps cap (67,033.5)! fills about 0.013 of 0.05, 0.037 cancelled');
    // Within the cap nothing is said.
    const small = previewOrder({ ...inputs, side: 1, size: 1_000n, position: null, slippageCapBps: 5 });
    expect(small.pastCap).toBe(0n);
    expect(reviewNotes(small, { kind: 'market' }, market).join(' ')).not.toContain('cap');
  });

  it('reduce-only-reviewed-at-the-position: a reduce-only order larger than the position is reviewed at the size it can fill', () => {
    const short = { side: 2, entry: 680_000n, size: 1_000n, collateral: 136_000_000n };
    const p = previewOrder({ ...inputs, side: 1, size: 5_000n, position: short, reduceOnly: true });
    expect(p.reviewedSize).toBe(1_000n);
    expect(reviewNotes(p, { kind: 'market' }, market)[0]).toBe('reduce-only: fills at most 0.01 BTC (the position)');
    // The estimate and the fee are those of 0.01 BTC: the walk of 0.01, not of 0.05.
    const exact = previewOrder({ ...inputs, side: 1, size: 1_000n, position: short, reduceOnly: true });
    expect(p.averagePrice).toBe(exact.averagePrice);
    expect(p.feeAtoms).toBe(exact.feeAtoms);
    expect(p.averagePrice).toBe(670_014n);
  });
});

// The preview's money is exact: fee and margin from the exact price x size sum of the walk, the average
// never beyond a limit, the effect on the position decides margin posted or freed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import { feeAtoms, feeMicros } from './fees.js';
import { estimateFill } from './fill-estimate.js';
import { btcTestMarket } from './market.fixtures.js';
import { type PreviewInput, previewOrder } from './preview.js';
import { liquidationPrice, marginForOrder } from './risk.js';

const market = btcTestMarket(); // 1 price decimal, 5 size decimals: notional atoms = ticks x units
const scales = { priceDecimals: 1, sizeDecimals: 5 };
const BTC = 100_000n; // size units of 1 BTC
const base = { market, leverageHundredths: 500, mark: 667_500, feeTier: 0, position: null } as const;

describe('previewOrder: a limit estimate never crosses its limit', () => {
  // The captured case: a 1000 BTC buy limit at 66,755.9 was estimated at 66,761.7 on average.
  const asks = [
    { price: 667_550, size: 30_000 },
    { price: 667_559, size: 12_000 },
    { price: 667_600, size: 500_000 },
    { price: 667_700, size: 100_000_000 },
  ];
  it('limit-estimate-never-beyond-its-limit: fills 0.42 now, 999.58 rests at 66,755.9, averaged at or under the limit', () => {
    const p = previewOrder({ ...base, side: 1, size: 1_000n * BTC, limitPrice: 667_559n, opposite: asks });
    expect(p.crosses).toBe(true);
    expect(p.fillsNow).toBe(42_000n);
    expect(p.rests).toBe(1_000n * BTC - 42_000n);
    expect(p.unfilled).toBe(0n);
    expect(p.averagePrice! <= 667_559n).toBe(true);
    expect(p.estimatedAveragePrice! <= 667_559).toBe(true);
    const taker = 667_550n * 30_000n + 667_559n * 12_000n;
    expect(p.priceSizeSum).toBe(taker + 667_559n * p.rests);
    // Taker fee on what fills now, maker fee on what rests.
    expect(p.feeAtoms).toBe(feeAtoms(taker, 1n, 345, scales) + feeAtoms(667_559n * p.rests, 1n, 45, scales));
  });
  it('an IOC limit cancels what the book cannot fill within its limit; a FOK fills nothing unless all of it', () => {
    const ioc = previewOrder({ ...base, side: 1, size: 100_000n, limitPrice: 667_559n, remainder: 'cancel', opposite: asks });
    expect(ioc).toMatchObject({ fillsNow: 42_000n, rests: 0n, unfilled: 58_000n, bookCovers: false });
    const fok = previewOrder({ ...base, side: 1, size: 100_000n, limitPrice: 667_559n, remainder: 'all-or-none', opposite: asks });
    expect(fok).toMatchObject({ fillsNow: 0n, rests: 0n, unfilled: 100_000n, feeAtoms: 0n, marginAtoms: 0n });
  });
  it('limit-past-the-visible-book-may-fill-more: what lies past the last visible level is priced at the limit, taker fee', () => {
    // A buy at 66,800.0 takes every visible ask: the book past 66,760.0 is not known, so the rest may fill now too.
    const visible = asks.slice(0, 3);
    const p = previewOrder({ ...base, side: 1, size: 1_000n * BTC, limitPrice: 668_000n, opposite: visible });
    expect(p).toMatchObject({ fillsNow: 542_000n, beyondVisible: 1_000n * BTC - 542_000n, rests: 0n, unfilled: 0n, bookCovers: false });
    expect(p.priceSizeSum).toBe(estimateFill(visible, 542_000n).priceSizeSum + p.beyondVisible * 668_000n);
    expect(p.feeAtoms).toBe(feeAtoms(p.priceSizeSum, 1n, 345, scales));
    expect(p.averagePrice! <= 668_000n).toBe(true);
    // A FOK the same: it is not known to fail while the book past the last level is unknown.
    const fok = previewOrder({ ...base, side: 1, size: 1_000n * BTC, limitPrice: 668_000n, remainder: 'all-or-none', opposite: visible });
    expect(fok).toMatchObject({ fillsNow: 542_000n, beyondVisible: p.beyondVisible, unfilled: 0n });
  });
  it('a market order past the visible book is priced at its last level (or worse) and flagged', () => {
    const visible = asks.slice(0, 3);
    const p = previewOrder({ ...base, side: 1, size: 1_000_000n, opposite: visible });
    expect(p).toMatchObject({ fillsNow: 542_000n, beyondVisible: 458_000n, bookCovers: false });
    expect(p.priceSizeSum).toBe(estimateFill(visible, 542_000n).priceSizeSum + 458_000n * 667_600n);
    expect(previewOrder({ ...base, side: 1, size: 5n, opposite: [] })).toMatchObject({ fillsNow: 0n, unfilled: 5n, feeAtoms: 0n });
  });
  it('a sell limit walks only bids at or above its limit', () => {
    const bids = [
      { price: 667_500, size: 10_000 },
      { price: 667_400, size: 10_000 },
    ];
    const p = previewOrder({ ...base, side: 2, size: 30_000n, limitPrice: 667_450n, opposite: bids });
    expect(p).toMatchObject({ fillsNow: 10_000n, rests: 20_000n, crosses: true });
    expect(p.averagePrice! >= 667_450n).toBe(true);
  });
});

describe('previewOrder: money in bigint, not through a float average', () => {
  it('preview-money-is-exact-not-from-a-rounded-float-average: fee and margin from the exact sum', () => {
    // Two levels one tick apart: the float average 670,001.5 rounds to 670,002 and over-counts 0.1 USD of notional.
    const asks = [
      { price: 670_001, size: Number(BTC) },
      { price: 670_002, size: Number(BTC) },
    ];
    const size = 2n * BTC;
    const p = previewOrder({ ...base, side: 1, size, opposite: asks });
    const exactSum = 670_001n * BTC + 670_002n * BTC;
    expect(p.priceSizeSum).toBe(exactSum);
    expect(p.feeAtoms).toBe(feeAtoms(exactSum, 1n, 345, scales));
    expect(p.marginAtoms).toBe(marginForOrder(exactSum, 1n, 500, scales));
    // The float path of before: BigInt(Math.round(average)) x size gives other figures.
    const floatPrice = BigInt(Math.round(Number(exactSum) / Number(size)));
    expect(feeAtoms(floatPrice, size, 345, scales)).not.toBe(p.feeAtoms);
    expect(marginForOrder(floatPrice, size, 500, scales)).not.toBe(p.marginAtoms);
    // Liquidation from the exact average entry rounded up for a long (670,001.5 -> 670,002): the nearer liq.
    expect(p.averagePrice).toBe(670_002n);
    expect(p.liquidationPrice).toBe(liquidationPrice({ side: 1, entry: 670_002n, size, collateral: p.marginAtoms }, 2500, scales));
  });
});

describe('previewOrder: margin follows the effect on the position', () => {
  const long = { side: PositionSide.Long, entry: 670_000n, size: 2_000n, collateral: 268_000_000n };
  const bids = [
    { price: 669_000, size: 1_000 },
    { price: 668_000, size: 10_000 },
  ];
  it('reduce-frees-margin-not-charges-it: selling 0.01 of a 0.02 long frees half its collateral', () => {
    const p = previewOrder({ ...base, side: 2, size: 1_000n, limitPrice: 671_000n, opposite: bids, position: long });
    expect(p.effect.kind).toBe('reduce');
    expect(p.marginAtoms).toBe(0n);
    expect(p.marginFreedAtoms).toBe(134_000_000n);
    expect(p.liquidationPrice).toBe(liquidationPrice({ ...long, size: 1_000n, collateral: 134_000_000n }, 2500, scales));
  });
  it('a close frees all of it and leaves no liquidation price', () => {
    const p = previewOrder({ ...base, side: 2, size: 2_000n, opposite: bids, position: long });
    expect(p).toMatchObject({ marginAtoms: 0n, marginFreedAtoms: 268_000_000n, liquidationPrice: null });
    expect(p.effect.kind).toBe('close');
  });
  it('a flip frees the old collateral and posts margin for the excess, priced at the levels it takes after the close', () => {
    const p = previewOrder({ ...base, side: 2, size: 5_000n, opposite: bids, position: long });
    expect(p.effect).toMatchObject({ kind: 'flip', reduceSize: 2_000n, openSize: 3_000n });
    expect(p.marginFreedAtoms).toBe(268_000_000n);
    // The close takes 1,000 at 669,000 and 1,000 at 668,000; the new short opens on 3,000 at 668,000.
    expect(p.marginAtoms).toBe(marginForOrder(668_000n * 3_000n, 1n, 500, scales));
    expect(p.liquidationPrice).toBe(liquidationPrice({ side: 2, entry: 668_000n, size: 3_000n, collateral: p.marginAtoms }, 2500, scales));
  });
  it('a reduce-only close larger than the position closes it and opens nothing', () => {
    const p = previewOrder({ ...base, side: 2, size: 5_000n, opposite: bids, position: long, reduceOnly: true });
    expect(p.effect.kind).toBe('close');
    expect(p.marginAtoms).toBe(0n);
  });
});

describe('previewOrder properties', () => {
  // Books of 1-8 levels, best first, and an order that is a market order or a limit anywhere around them.
  const levels = fc.array(fc.record({ step: fc.integer({ min: 0, max: 50 }), size: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 8 });
  const order = fc.record({
    buying: fc.boolean(),
    size: fc.bigInt({ min: 1n, max: 20_000_000n }),
    limitOffset: fc.option(fc.integer({ min: -300, max: 300 }), { nil: undefined }),
    remainder: fc.constantFrom<PreviewInput['remainder']>('rest', 'cancel', 'all-or-none'),
    tier: fc.integer({ min: 0, max: 2 }),
  });
  const fees = btcTestMarket({ maker_fees: [45, 30, 0], taker_fees: [345, 300, 250] });

  function build(steps: { step: number; size: number }[], buying: boolean) {
    let price = 667_000;
    return steps.map(({ step, size }) => {
      price += buying ? step + 1 : -(step + 1);
      return { price, size };
    });
  }

  it('the fee equals the per-level fees within one atom per level, and the average never lies beyond the limit', () => {
    fc.assert(
      fc.property(levels, order, (steps, o) => {
        const book = build(steps, o.buying);
        const limit = o.limitOffset === undefined ? undefined : BigInt(667_000 + o.limitOffset);
        const input: PreviewInput = { ...base, market: fees, feeTier: o.tier, side: o.buying ? 1 : 2, size: o.size, opposite: book,
          ...(limit !== undefined ? { limitPrice: limit, remainder: o.remainder } : {}) };
        const p = previewOrder(input);
        // Per piece, as the exchange charges: each walked level at the taker fee, the resting part at the maker fee.
        const taker = feeMicros(fees.config, 'taker', o.tier);
        const maker = feeMicros(fees.config, 'maker', o.tier);
        const walk = estimateFill(book, p.fillsNow, limit !== undefined ? { price: limit, buying: o.buying } : undefined);
        let remaining = p.fillsNow;
        let perPiece = 0n;
        let pieces = 0n;
        for (const level of book) {
          if (remaining <= 0n) break;
          const take = BigInt(level.size) < remaining ? BigInt(level.size) : remaining;
          perPiece += feeAtoms(level.price, take, taker, scales);
          remaining -= take;
          pieces++;
        }
        if (p.rests > 0n) {
          perPiece += feeAtoms(limit!, p.rests, maker, scales);
          pieces++;
        }
        if (p.beyondVisible > 0n) {
          // Past the last visible level: at the limit, or for a market order at that last level.
          perPiece += feeAtoms(limit ?? BigInt(book.at(-1)!.price), p.beyondVisible, taker, scales);
          pieces++;
        }
        expect(walk.filledSize).toBe(p.fillsNow);
        expect(p.fillsNow + p.rests + p.beyondVisible + p.unfilled).toBe(o.size);
        expect(perPiece - p.feeAtoms >= 0n && perPiece - p.feeAtoms < (pieces > 0n ? pieces : 1n)).toBe(true);
        if (limit !== undefined && p.averagePrice !== null) {
          expect(o.buying ? p.averagePrice <= limit : p.averagePrice >= limit).toBe(true);
          expect(o.buying ? p.estimatedAveragePrice! <= Number(limit) : p.estimatedAveragePrice! >= Number(limit)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('previewOrder: a position entry with a residue', () => {
  it('increase-recomputes-the-entry-residue: adding to a long at a precise entry does not keep the old residue', () => {
    // 0.01 BTC long at 67,000.0 + 65535/65536 of a tick; buy 0.01 more that rests at exactly 67,000.0.
    const pos = { side: PositionSide.Long, entry: 670_000n, entryResidue: 65_535, size: 1_000n, collateral: 10_000_000n };
    const p = previewOrder({ ...base, side: 1, size: 1_000n, limitPrice: 670_000n, opposite: [], position: pos });
    expect(p.effect.kind).toBe('increase');
    // The exact entry is 67,000.0 + 32767.5/65536: rounded up for a long, 32768/65536.
    const merged = { ...pos, size: 2_000n, entryResidue: 32_768, collateral: pos.collateral + p.marginAtoms };
    expect(p.liquidationPrice).toBe(liquidationPrice(merged, market.config.maintenance_margin, scales));
    // Keeping the old residue would put the entry half a tick too high, and the liquidation with it.
    expect(p.liquidationPrice).not.toBe(liquidationPrice({ ...merged, entryResidue: 65_535 }, market.config.maintenance_margin, scales));
  });

  it('no-book-limit-is-not-called-resting: without the market\'s book a limit may fill now at its limit (taker fee), none of it is "rests"', () => {
    const p = previewOrder({ ...base, side: 1, size: 1_000n, limitPrice: 670_000n, opposite: [], bookKnown: false });
    expect(p).toMatchObject({ noBook: true, crosses: false, fillsNow: 0n, rests: 0n, beyondVisible: 1_000n, unfilled: 0n, averagePrice: 670_000n });
    expect(p.feeAtoms).toBe(feeAtoms(670_000n * 1_000n, 1n, feeMicros(market.config, 'taker', 0), scales));
    // The same order with a known, empty ask side rests whole.
    expect(previewOrder({ ...base, side: 1, size: 1_000n, limitPrice: 670_000n, opposite: [] })).toMatchObject({ rests: 1_000n });
  });
});

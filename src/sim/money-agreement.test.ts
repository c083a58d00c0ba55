// The local exchange (src/sim/engine) and the client (src/domain/trading) compute money on their own, on
// purpose: two implementations catch each other's bugs. This holds every pair that must agree to each
// other over random inputs. Where they differ on purpose, README.md (next to this file) says why and the
// test says by how much.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeAtoms, feeMicros } from '../domain/trading/fees.js';
import { slippageLimitPrice } from '../domain/trading/fill-estimate.js';
import { type Scales, notionalAtoms } from '../domain/trading/notional.js';
import { type PositionMath, entryNotionalAtoms, liquidationPrice, maintenanceMarginAtoms, marginForOrder, mergeFill, positionMathOf, unrealizedPnl } from '../domain/trading/risk.js';
import { positionRow } from '../domain/trading/rows.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { PositionSide } from '../protocol/enums.js';
import type { Position } from '../protocol/frames.js';
import { isLiquidatable } from './engine/liquidation.js';
import { effectiveLeverage, feeFor, maintenanceRequirement, marginFor, notional, notionalScale, priceWithBps, tierFeeMicros } from './engine/money.js';
import { unrealizedPnl as simUnrealizedPnl } from './engine/positions.js';
import type { PositionRecord } from './engine/records.js';
import { EngineDriver } from './engine/testkit.js';
import { positionSnapshot } from './engine/wire.js';

/** Price and size decimals the exchange allows (pd + sd <= 6). */
const scalesArb: fc.Arbitrary<Scales> = fc
  .integer({ min: 0, max: 6 })
  .chain((pd) => fc.record({ priceDecimals: fc.constant(pd), sizeDecimals: fc.integer({ min: 0, max: 6 - pd }) }));
const priceArb = fc.integer({ min: 1, max: 100_000_000 });
const sizeArb = fc.integer({ min: 1, max: 100_000_000 });

function scaleOf(scales: Scales): bigint {
  return notionalScale(scales);
}

describe('notional, fee and margin: the exchange and the client agree to the atom', () => {
  it('notional of price x size', () => {
    fc.assert(
      fc.property(scalesArb, priceArb, sizeArb, (scales, price, size) => {
        expect(notionalAtoms(price, size, scales)).toBe(notional(price, size, scaleOf(scales)));
      }),
    );
  });

  it('fee of a fill: charges round up, rebates toward zero, on both sides', () => {
    fc.assert(
      fc.property(scalesArb, priceArb, sizeArb, fc.integer({ min: -1_000, max: 10_000 }), (scales, price, size, micros) => {
        expect(feeAtoms(price, size, micros, scales)).toBe(feeFor(notional(price, size, scaleOf(scales)), micros));
      }),
    );
  });

  it('fee micros of a fee tier: the tier entry, else the base fee', () => {
    const tiers = fc.option(fc.array(fc.integer({ min: -100, max: 1_000 }), { maxLength: 10 }), { nil: undefined });
    fc.assert(
      fc.property(tiers, tiers, fc.integer({ min: 0, max: 12 }), fc.boolean(), (makerTiers, takerTiers, ft, maker) => {
        const spec = { makerFeeMicros: 45, takerFeeMicros: 345, ...(makerTiers ? { makerFeeTiers: makerTiers } : {}), ...(takerTiers ? { takerFeeTiers: takerTiers } : {}) };
        const config = { maker_fee: 45, taker_fee: 345, ...(makerTiers ? { maker_fees: makerTiers } : {}), ...(takerTiers ? { taker_fees: takerTiers } : {}) };
        const liquidity = maker ? 'maker' : 'taker';
        expect(feeMicros(config, liquidity, ft)).toBe(tierFeeMicros(spec, ft, liquidity));
      }),
    );
  });

  it('margin an order posts at a leverage the market allows (rounded up on both sides)', () => {
    fc.assert(
      fc.property(scalesArb, priceArb, sizeArb, fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), (scales, price, size, maxLv, lv) => {
        fc.pre(lv <= maxLv);
        const sim = marginFor(notional(price, size, scaleOf(scales)), effectiveLeverage(lv, maxLv));
        expect(marginForOrder(BigInt(price), BigInt(size), lv, scales)).toBe(sim);
      }),
    );
  });
});

describe('slippage cap of a market order', () => {
  it('sell-slippage-cap-rounds-toward-the-mark: mark 101, 50 bps -> 101 on both sides (the exchange said 100)', () => {
    expect(priceWithBps(101, -50)).toBe(101);
    expect(slippageLimitPrice(101n, 50, false)).toBe(101n);
    expect(priceWithBps(101, 50)).toBe(101);
    expect(slippageLimitPrice(101n, 50, true)).toBe(101n);
  });

  it('the exchange bounds a market order where the client says it will (any mark, bps, side)', () => {
    fc.assert(
      fc.property(priceArb, fc.integer({ min: 1, max: 9_999 }), fc.boolean(), (mark, bps, buying) => {
        const sim = priceWithBps(mark, buying ? bps : -bps);
        expect(BigInt(sim)).toBe(slippageLimitPrice(BigInt(mark), bps, buying));
        // Never looser than the cap: the bound is within bps of the mark.
        expect(Math.abs(sim - mark) * 10_000 <= mark * bps).toBe(true);
      }),
    );
  });
});

/** An open position of the exchange: its exact entry notional, as the engine keeps it. */
interface Held {
  record: PositionRecord;
  scales: Scales;
  maintenanceMargin: number;
}

const heldArb: fc.Arbitrary<Held> = fc
  .record({
    scales: scalesArb,
    sd: fc.constantFrom(1, 2),
    size: fc.integer({ min: 1, max: 1_000_000 }),
    entry: fc.integer({ min: 1, max: 10_000_000 }),
    residue: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    leverageTenths: fc.integer({ min: 5, max: 1_000 }),
    maintenanceMargin: fc.integer({ min: 110, max: 10_000 }),
  })
  .map(({ scales, sd, size, entry, residue, leverageTenths, maintenanceMargin }) => {
    const perTick = BigInt(size) * scaleOf(scales);
    // A weighted entry is rarely a whole tick: any atom within the tick (the residue only picks which).
    const entryNotional = BigInt(entry) * perTick + BigInt(Math.floor(residue * Number(perTick)));
    const collateral = (entryNotional * 10n) / BigInt(leverageTenths);
    const record: PositionRecord = {
      pid: 1, acc: 1, mkt: 1, sd, size, entryNotional, collateral, lv: 100,
      entryFees: 0n, realizedPnl: 0n, funding: 0n, efs: 0, opened: {},
    };
    return { record, scales, maintenanceMargin };
  });

/** The client's view of a held position: what it reads from the exchange's wire row. */
function clientMath(h: Held): PositionMath {
  return positionMathOf(positionSnapshot(h.record, scaleOf(h.scales)));
}

/** Atoms one tick of price moves the position by: size x 10^(6-pd-sd). */
function perTick(h: Held): bigint {
  return BigInt(h.record.size) * scaleOf(h.scales);
}

describe('uPnL and maintenance of a held position', () => {
  it('long-upnl-counts-the-entry-residue: ep 67000.0 with epr for 999 atoms more -> uPnL -999 at 67000.0, as the exchange says', () => {
    const h: Held = {
      scales: { priceDecimals: 1, sizeDecimals: 5 },
      maintenanceMargin: 2500,
      record: { pid: 1, acc: 1, mkt: 1, sd: 1, size: 1_000, entryNotional: 670_000n * 1_000n + 999n, collateral: 67_000_000n, lv: 1000, entryFees: 0n, realizedPnl: 0n, funding: 0n, efs: 0, opened: {} },
    };
    expect(simUnrealizedPnl(h.record, 670_000, 1n)).toBe(-999n);
    expect(unrealizedPnl(clientMath(h), 670_000n, h.scales)).toBe(-999n);
    const row = positionRow(positionSnapshot(h.record, 1n), btcTestMarket(), { state: 'live', price: 670_000, block: null, timeMs: null });
    expect(row.unrealizedPnl).toBe('-999');
  });

  it('uPnL and MMR agree exactly while ep + epr pins the entry, else differ only toward the safe side', () => {
    fc.assert(
      fc.property(heldArb, priceArb, (h, mark) => {
        const math = clientMath(h);
        const scale = scaleOf(h.scales);
        const sim = simUnrealizedPnl(h.record, mark, scale);
        const client = unrealizedPnl(math, BigInt(mark), h.scales);
        const simMmr = maintenanceRequirement(h.record.entryNotional, h.maintenanceMargin);
        const clientMmr = maintenanceMarginAtoms(math, h.maintenanceMargin, h.scales);
        if (perTick(h) <= 65_536n) {
          expect(client).toBe(sim);
          expect(entryNotionalAtoms(math, h.scales)).toBe(h.record.entryNotional);
          expect(clientMmr).toBe(simMmr);
        } else if (math.entryResidue === undefined) {
          // No epr on the row (sent only when non-zero): the client reads ep as exact, and the truth lies
          // less than 1/65536 of a tick above it, so the figures differ by under that much of the size.
          const gap = sim > client ? sim - client : client - sim;
          expect(gap * 65_536n < perTick(h)).toBe(true);
        } else {
          // The residue is 1/65536 of a tick: the client may show less uPnL, by under that much of the size.
          const slack = sim - client;
          expect(slack >= 0n && slack * 65_536n < perTick(h)).toBe(true);
        }
      }),
    );
  });
});

describe('liquidation price: the last mark at which the exchange leaves the position standing', () => {
  const vector = (sd: 1 | 2): Held => ({
    scales: { priceDecimals: 0, sizeDecimals: 0 },
    maintenanceMargin: 2000,
    // entry 1100, size 1, MMR 55, deposit 107.5: long liq 1047.5, short 1152.5 (between two ticks)
    record: { pid: 1, acc: 1, mkt: 1, sd, size: 1, entryNotional: 1_100_000_000n, collateral: 107_500_000n, lv: 1000, entryFees: 0n, realizedPnl: 0n, funding: 0n, efs: 0, opened: {} },
  });
  const liquidatedAt = (h: Held, mark: bigint) => isLiquidatable(h.record, Number(mark), scaleOf(h.scales), h.maintenanceMargin);

  it('long-liquidation-price-is-where-the-exchange-liquidates: 1048 stands, 1047 is liquidated', () => {
    const h = vector(1);
    expect(liquidationPrice(clientMath(h), h.maintenanceMargin, h.scales)).toBe(1048n);
    expect([liquidatedAt(h, 1048n), liquidatedAt(h, 1047n)]).toEqual([false, true]);
  });

  it('short-liquidation-price-is-where-the-exchange-liquidates: 1152 stands, 1153 is liquidated (the client said 1153)', () => {
    const h = vector(2);
    expect(liquidationPrice(clientMath(h), h.maintenanceMargin, h.scales)).toBe(1152n);
    expect([liquidatedAt(h, 1152n), liquidatedAt(h, 1153n)]).toEqual([false, true]);
  });

  it('any position: at the shown price it stands, one tick beyond it is liquidated (two where ep + epr is inexact)', () => {
    fc.assert(
      fc.property(heldArb, (h) => {
        const liq = liquidationPrice(clientMath(h), h.maintenanceMargin, h.scales);
        const long = h.record.sd === 1;
        if (liq === null) {
          // No price liquidates a long whose liquidation price would be at or below zero; a short whose
          // would be (entry about a tick) is liquidated at any price.
          expect(liquidatedAt(h, 1n)).toBe(!long);
          return;
        }
        const beyond = perTick(h) <= 65_536n ? 1n : 2n;
        expect(liquidatedAt(h, liq)).toBe(false);
        expect(liquidatedAt(h, long ? liq - beyond : liq + beyond)).toBe(true);
      }),
    );
  });
});

describe('a fill merged into a position: the client\'s preview and the exchange\'s books', () => {
  it('reduce-keeps-collateral-rounded-up: 3 -> 2 units keeps 111051 of 166576 (wire.md 8.8)', () => {
    const pos: PositionMath = { side: PositionSide.Long, entry: 268_395n, size: 3n, collateral: 166_576n };
    const merged = mergeFill(pos, { side: PositionSide.Short, price: 268_000n, size: 1n, leverageHundredths: 1000 }, { priceDecimals: 2, sizeDecimals: 3 });
    expect(merged?.collateral).toBe(111_051n);
  });

  // Open, increase, then reduce through the engine; after each fill the client's mergeFill of the previous
  // row must land on the exchange's next row. Fills are at or better than the mark, so no loss is
  // collateralised on top of the margin (cpnl; README.md).
  it('open, increase and reduce land on the exchange\'s next row (size, collateral, ep, epr)', () => {
    const scales = { priceDecimals: 1, sizeDecimals: 5 };
    const step = fc.record({ below: fc.integer({ min: 1, max: 1_000 }), size: fc.integer({ min: 1, max: 20_000 }), lv: fc.integer({ min: 100, max: 1_500 }) });
    fc.assert(
      fc.property(fc.boolean(), step, step, step, (long, open, add, cut) => {
        const d = new EngineDriver();
        const a = d.account('trader');
        const mm = d.account('maker');
        const oracle = 670_000;
        d.engine.setOraclePrice(1, oracle);
        const sign = long ? -1 : 1; // a long buys below the mark, a short sells above it
        const fill = (price: number, size: number, lv: number, reduce: boolean): Position | undefined => {
          const opening = long !== reduce;
          d.limit(mm, opening ? 'sell' : 'buy', price, size, { lv: 1000 });
          const pid = d.engine.openPositions(a)[0]?.pid;
          d.exec(a, reduce ? { t: long ? 3 : 4, p: price, s: size, fl: 4, lv: 0, ...(pid ? { lp: pid } : {}) } : { t: long ? 1 : 2, p: price, s: size, fl: 4, lv });
          return d.engine.openPositions(a)[0];
        };
        const side = long ? PositionSide.Long : PositionSide.Short;
        const steps: Array<[typeof open, boolean]> = [[open, false], [add, false], [cut, true]];
        let before: PositionMath | null = null;
        for (const [s, reduce] of steps) {
          const price = oracle + sign * s.below;
          const size = reduce ? Math.min(s.size, Number(before?.size ?? 0n) - 1) : s.size;
          if (size <= 0) continue;
          const row = fill(price, size, s.lv, reduce);
          expect(row).toBeDefined();
          const expected = mergeFill(before, { side: reduce ? (long ? PositionSide.Short : PositionSide.Long) : side, price: BigInt(price), size: BigInt(size), leverageHundredths: s.lv }, scales);
          const actual = positionMathOf(row as Position);
          expect({ size: expected?.size, collateral: expected?.collateral }).toEqual({ size: actual.size, collateral: actual.collateral });
          expect(entryNotionalAtoms(expected as PositionMath, scales)).toBe(entryNotionalAtoms(actual, scales));
          before = actual;
        }
      }),
      { numRuns: 40 },
    );
  });
});

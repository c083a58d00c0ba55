import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import { liquidationBeatsStop, stopLiquidationProblem, stopsBeatenAfterFill } from './stop-liquidation.js';
import { liquidationPrice, maintenanceMarginAtoms, unrealizedPnl, type PositionMath } from './risk.js';
import type { MarketWords } from './order-words.js';

const BTC: MarketWords = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const scales = { priceDecimals: BTC.priceDecimals, sizeDecimals: BTC.sizeDecimals };
/** 2500 hundredths: maintenance is 4 % of the entry notional (the sim's and the fixtures' BTC). */
const MAINTENANCE = 2500;

describe('a stop against the liquidation (stop-liquidation.ts)', () => {
  it('sl-beyond-liquidation-refused-with-both-figures: a long SL under the liquidation price names both', () => {
    expect(stopLiquidationProblem({ name: 'SL', long: true, price: 640_000, liquidation: 652_687 }, BTC)).toBe(
      'SL 64,000 is beyond liquidation 65,268.7: it would never fire',
    );
    expect(stopLiquidationProblem({ name: 'stop', long: false, price: 700_000, liquidation: 690_000n }, BTC)).toBe(
      'stop 70,000 is beyond liquidation 69,000: it would never fire',
    );
  });

  it('stop-at-or-inside-liquidation-accepted: a stop at the liquidation price still fires (the position stands there); none without a liquidation price', () => {
    expect(stopLiquidationProblem({ name: 'SL', long: true, price: 652_687, liquidation: 652_687 }, BTC)).toBeNull();
    expect(stopLiquidationProblem({ name: 'SL', long: true, price: 660_000, liquidation: 652_687 }, BTC)).toBeNull();
    expect(stopLiquidationProblem({ name: 'SL', long: false, price: 689_999, liquidation: 690_000 }, BTC)).toBeNull();
    expect(stopLiquidationProblem({ name: 'SL', long: true, price: 1, liquidation: null }, BTC)).toBeNull();
    expect(liquidationBeatsStop(true, 652_686, 652_687)).toBe(true);
    expect(liquidationBeatsStop(false, 690_001, 690_000)).toBe(true);
  });

  it('add-past-existing-sl-warned-in-review: the stops the liquidation after a fill beats, named with both figures; none inside it', () => {
    const stops = [{ price: 658_000 }, { price: 656_000 }];
    expect(stopsBeatenAfterFill(true, stops, 656_672n, BTC)).toBe('after this fill liquidation 65,667.2 beats your SL 65,600: it would never fire');
    expect(stopsBeatenAfterFill(true, stops, 660_000, BTC)).toBe('after this fill liquidation 66,000 beats your SLs 65,800, 65,600: they would never fire');
    expect(stopsBeatenAfterFill(false, [{ price: 690_000 }], 689_000, BTC)).toBe('after this fill liquidation 68,900 beats your SL 69,000: it would never fire');
    // At the liquidation the position still stands; no liquidation price, no stop beaten.
    expect(stopsBeatenAfterFill(true, stops, 650_000, BTC)).toBeNull();
    expect(stopsBeatenAfterFill(true, stops, null, BTC)).toBeNull();
    expect(stopsBeatenAfterFill(true, [], 700_000, BTC)).toBeNull();
  });

  // The meaning of "beyond": at a mark equal to the stop's price the position is already under its maintenance
  // requirement (the exchange has liquidated it), by the position math the row and the review use (risk.ts).
  it('refused-stop-always-beyond-liquidation-accepted-never: over random positions, refused iff the position is liquidated at the stop price', () => {
    const position = fc.record({
      long: fc.boolean(),
      entry: fc.integer({ min: 10_000, max: 2_000_000 }),
      size: fc.integer({ min: 1, max: 5_000_000 }),
      leverage: fc.integer({ min: 100, max: 2_000 }),
    });
    fc.assert(
      fc.property(position, fc.integer({ min: 1, max: 4_000_000 }), ({ long, entry, size, leverage }, stop) => {
        // Collateral: the entry notional (atoms: ticks x units at pd 1 + sd 5 = 6) over the leverage, rounded down.
        const collateral = (BigInt(entry) * BigInt(size) * 100n) / BigInt(leverage);
        const pos: PositionMath = { side: long ? PositionSide.Long : PositionSide.Short, entry: BigInt(entry), size: BigInt(size), collateral };
        const liq = liquidationPrice(pos, MAINTENANCE, scales);
        const refused = stopLiquidationProblem({ name: 'SL', long, price: stop, liquidation: liq }, BTC) !== null;
        const equityAtStop = pos.collateral + unrealizedPnl(pos, BigInt(stop), scales);
        const liquidatedAtStop = equityAtStop < maintenanceMarginAtoms(pos, MAINTENANCE, scales);
        // A long whose liquidation price is at or under zero cannot be liquidated by price: every stop is accepted.
        return refused === (liq !== null && liquidatedAtStop);
      }),
      { numRuns: 2_000 },
    );
  });
});

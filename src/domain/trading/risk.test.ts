import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import { feeAtoms, feeMicros } from './fees.js';
import { estimateFill, slippageBps, slippageLimitPrice } from './fill-estimate.js';
import { notionalAtoms } from './notional.js';
import {
  liquidationAfter,
  liquidationPrice,
  maintenanceMarginAtoms,
  marginForOrder,
  mergeFill,
  returnOnEquity,
  unrealizedPnl,
} from './risk.js';

// SDK unit vectors are in whole units; with pd = sd = 0 and collateral in whole units x 10^6 they map 1:1.
const UNIT = { priceDecimals: 0, sizeDecimals: 0 };
const M = 1_000_000n;
const long = { side: PositionSide.Long, entry: 100n, size: 10n, collateral: 100n * M };
const short = { ...long, side: PositionSide.Short };

describe('risk math (wire.md 8.8 SDK vectors)', () => {
  it('MMR of entry 100 x size 10 at maintenance 20x (2000 hundredths) is 50', () => {
    expect(maintenanceMarginAtoms(long, 2000, UNIT)).toBe(50n * M);
  });

  it('liquidation price is 95 for the long and 105 for the short', () => {
    expect(liquidationPrice(long, 2000, UNIT)).toBe(95n);
    expect(liquidationPrice(short, 2000, UNIT)).toBe(105n);
  });

  it('accrued funding (premium PnL) moves the liquidation price toward the entry', () => {
    expect(liquidationPrice({ ...long, premiumPnl: -20n * M }, 2000, UNIT)).toBe(97n);
  });

  it('a long that cannot be liquidated by price has no liquidation price', () => {
    expect(liquidationPrice({ ...long, collateral: 2000n * M }, 2000, UNIT)).toBeNull();
  });

  it('uPnL and ROE: long 10 @ 100 marked at 103 earns 30 on 100 collateral', () => {
    const upnl = unrealizedPnl(long, 103n, UNIT);
    expect(upnl).toBe(30n * M);
    expect(returnOnEquity(upnl, long.collateral)).toBeCloseTo(0.3);
    expect(unrealizedPnl(short, 103n, UNIT)).toBe(-30n * M);
  });

  it('uPnL in scaled units: ETH pd 2 sd 3, 0.014 long from 2687.07 to 2700.00', () => {
    const scales = { priceDecimals: 2, sizeDecimals: 3 };
    const pos = { side: PositionSide.Long, entry: 268707n, size: 14n, collateral: 0n };
    // 0.014 x 12.93 = 0.18102 -> 181020 atoms
    expect(unrealizedPnl(pos, 270000n, scales)).toBe(181020n);
  });

  it('margin used = notional / leverage (captured: 0.001 ETH @ 2687.98, 10x -> 268798 atoms)', () => {
    expect(marginForOrder(268798n, 1n, 1000, { priceDecimals: 2, sizeDecimals: 3 })).toBe(268798n);
  });

  it('fee = notional x micros / 1e6 (captured: 0.014 ETH @ 2687.07 taker 345 -> 12979)', () => {
    expect(feeAtoms(268707, 14, 345, { priceDecimals: 2, sizeDecimals: 3 })).toBe(12979n);
  });

  it('fee tier ft indexes the tier arrays, falling back to the base fee', () => {
    const cfg = { maker_fee: 45, taker_fee: 345, maker_fees: [45, 25], taker_fees: [345, 300] };
    expect(feeMicros(cfg, 'taker', 1)).toBe(300);
    expect(feeMicros(cfg, 'maker', 5)).toBe(45);
    expect(feeMicros({ maker_fee: 10, taker_fee: 20 }, 'taker', 3)).toBe(20);
  });

  it('notional handles pd + sd > 6 by dividing', () => {
    expect(notionalAtoms(5, 10, { priceDecimals: 4, sizeDecimals: 4 })).toBe(0n);
    // 0.05 x 0.1 = 0.005 -> 5000 atoms
    expect(notionalAtoms(500, 1000, { priceDecimals: 4, sizeDecimals: 4 })).toBe(5000n);
  });
});

describe('mergeFill / liquidation after a proposed order', () => {
  const fill = (side: number, price: bigint, size: bigint) => ({ side, price, size, leverageHundredths: 1000 });

  it('an increase averages the entry and adds margin', () => {
    const merged = mergeFill(long, fill(PositionSide.Long, 110n, 10n), UNIT);
    expect(merged).toMatchObject({ size: 20n, entry: 105n, collateral: 210n * M });
  });

  it('a reduce keeps entry and scales collateral pro rata', () => {
    expect(mergeFill(long, fill(PositionSide.Short, 120n, 4n), UNIT)).toMatchObject({
      size: 6n,
      entry: 100n,
      collateral: 60n * M,
    });
  });

  it('a full close leaves no position and no liquidation price', () => {
    expect(mergeFill(long, fill(PositionSide.Short, 90n, 10n), UNIT)).toBeNull();
    expect(liquidationAfter(long, fill(PositionSide.Short, 90n, 10n), 2000, UNIT)).toBeNull();
  });

  it('a flip opens the excess on the other side at the fill price', () => {
    const merged = mergeFill(long, fill(PositionSide.Short, 100n, 15n), UNIT);
    expect(merged).toMatchObject({ side: PositionSide.Short, size: 5n, entry: 100n, collateral: 50n * M });
    // short 5 @ 100 with 50 collateral, MMR 25: liq = 100 + (50 - 25)/5 = 105
    expect(liquidationAfter(long, fill(PositionSide.Short, 100n, 15n), 2000, UNIT)).toBe(105n);
  });

  it('a fresh 10x long at 100 with 2000 maintenance liquidates at 95', () => {
    // margin 100 on notional 1000; MMR 50 -> liq 95
    expect(liquidationAfter(null, fill(PositionSide.Long, 100n, 10n), 2000, UNIT)).toBe(95n);
  });
});

describe('book walk', () => {
  const asks = [
    { price: 100, size: 5 },
    { price: 101, size: 5 },
    { price: 103, size: 10 },
  ];
  it('averages across the levels it consumes', () => {
    const e = estimateFill(asks, 8n);
    expect(e).toMatchObject({ filledSize: 8n, priceSizeSum: 803n, worstPrice: 101, complete: true });
    expect(e.averagePrice).toBeCloseTo(100.375);
  });
  it('reports an incomplete fill when the visible book is too thin', () => {
    const e = estimateFill(asks, 30n);
    expect(e.complete).toBe(false);
    expect(e.filledSize).toBe(20n);
  });
  it('reports nothing on an empty book', () => {
    expect(estimateFill([], 1n)).toMatchObject({ averagePrice: null, complete: false });
  });
  it('slippage is positive when the fill is worse than the reference', () => {
    expect(slippageBps(101, 100, true)).toBeCloseTo(100);
    expect(slippageBps(99, 100, false)).toBeCloseTo(100);
    expect(slippageLimitPrice(10_000n, 50, true)).toBe(10_050n);
    expect(slippageLimitPrice(10_000n, 50, false)).toBe(9_950n);
  });
});

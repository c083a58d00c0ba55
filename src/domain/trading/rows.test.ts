import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import type { Account, Market, Order, Position } from '../../protocol/frames.js';
import { previewOrder } from './preview.js';
import { accountView, orderRow, positionRow } from './rows.js';
import type { MarkReading } from '../marks.js';

const live = (price: number): MarkReading => ({ state: 'live', price, block: null, timeMs: null });
const unknown: MarkReading = { state: 'unknown', reason: 'no mark received yet' };

const eth: Market = {
  ver: 1, id: 20, instance_id: 1, perpetual_id: 20, symbol: 'ETH', name: 'ETH', size_units: 'ETH',
  funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20, order_max_market_slippage_bps: 100,
  config: { at: {}, is_open: true, price_decimals: 2, size_decimals: 3, min_posting_amount: '0', min_settle_amount: '0',
    initial_margin: 1200, maintenance_margin: 2000, maker_fee: 45, taker_fee: 345 },
};
// Captured (wire.md 14): 0.001 ETH long @ 2687.98, 10x, collateral 270158 atoms.
const pos: Position = { at: {}, mkt: 20, acc: 1, pid: 9, st: 1, sr: 0, sd: PositionSide.Long, c: '270158', ep: 268798, s: 1, lv: 1000 };

describe('position and account rows', () => {
  it('uPnL, ROE and liquidation of the captured ETH position at mark 2700.00', () => {
    const row = positionRow(pos, eth, live(270_000));
    // 0.001 x (2700.00 - 2687.98) = 0.01202 -> 12020 atoms
    expect(row.unrealizedPnl).toBe('12020');
    expect(row.roe).toBeCloseTo(12020 / 270158);
    // MMR = 2687980 x 100 / 2000 = 134399 atoms; liq = 268798 + (134399 - 270158) x 10^5 / 10^6 -> 255222.1 -> 255223 (toward entry)
    expect(row.liquidationPrice).toBe(255_223);
    expect(row.liquidationDistancePct).toBeCloseTo(((270_000 - 255_223) / 270_000) * 100);
  });

  it('equity = balance + collateral + uPnL; unknown while a mark is missing', () => {
    const account: Account = { in: 1, id: 1, fr: false, fw: true, ft: 0, lfr: 4, b: '1000000', lb: '250000' };
    const v = accountView(account, [pos], [eth], () => live(270_000), 3);
    expect(v).toMatchObject({ available: '750000', equity: String(1_000_000 + 270_158 + 12_020) });
    expect(accountView(account, [pos], [eth], () => unknown, 3).equity).toBeNull();
  });

  it('blocks left until lb for a resting order, none for server-managed windows', () => {
    const o: Order = { at: {}, rq: 5, mkt: 20, acc: 1, oid: 77, st: 2, t: 1, os: 3, fs: 1, fl: 0, lv: 500, p: 260_000 };
    expect(orderRow(o, 1_000, 1_015).blocksLeft).toBe(15);
    expect(orderRow(o, 1_000).blocksLeft).toBeNull();
  });
});

describe('previewOrder', () => {
  const asks = [
    { price: 270_000, size: 2 },
    { price: 270_100, size: 5 },
  ];
  it('a market buy walks the asks: average fill, taker fee, margin and liquidation after', () => {
    const p = previewOrder({ market: eth, side: 1, size: 4n, leverageHundredths: 1000, opposite: asks, mark: 270_000, feeTier: 0, position: null });
    expect(p.estimatedAveragePrice).toBeCloseTo(270_050);
    expect(p.bookCovers).toBe(true);
    // notional at 2700.50 x 0.004 = 10.802 -> 10802000 atoms; taker 345 micros -> 3726.69 -> 3727
    expect(p.feeAtoms).toBe(3727n);
    expect(p.marginAtoms).toBe(1_080_200n);
    expect(p.slippageBps).toBeCloseTo((50 / 270_000) * 10_000);
    expect(p.liquidationPrice).not.toBeNull();
  });

  it('a resting limit is priced at its limit with the maker fee', () => {
    const p = previewOrder({ market: eth, side: 1, size: 1n, limitPrice: 260_000n, leverageHundredths: 500, opposite: asks, mark: 270_000, feeTier: 0, position: null });
    expect(p.estimatedAveragePrice).toBe(260_000);
    // 2600.00 x 0.001 = 2.6 -> 2600000 atoms x 45 micros = 117
    expect(p.feeAtoms).toBe(117n);
  });

  it('reports a book too thin for the size', () => {
    const p = previewOrder({ market: eth, side: 1, size: 100n, leverageHundredths: 1000, opposite: asks, mark: 270_000, feeTier: 0, position: null });
    expect(p.bookCovers).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../protocol/enums.js';
import type { Account, Market, Position } from '../../protocol/frames.js';
import type { MarkReading } from '../marks.js';
import { accountFigures, valuePosition } from './account-figures.js';
import { btcTestMarket } from './market.fixtures.js';

const btc = btcTestMarket(); // id 16: 1 price decimal, 5 size decimals, maintenance 2500 (4 %)
const eth: Market = { ...btcTestMarket({ price_decimals: 2, size_decimals: 3, maintenance_margin: 2000 }), id: 20, symbol: 'ETH', name: 'ETH' };
const live = (price: number): MarkReading => ({ state: 'live', price, block: 10, timeMs: 1 });
const stale = (price: number): MarkReading => ({ state: 'stale', price, block: 10, timeMs: 1, reason: 'market data down: closed (1006)' });
const unknown: MarkReading = { state: 'unknown', reason: 'no mark received yet' };

// Captured (wire.md 14): 0.001 ETH long @ 2687.98, opened at 10x (lv 1000), collateral 0.270158.
const ethLong: Position = { at: {}, mkt: 20, acc: 1, pid: 9, st: 1, sr: 0, sd: PositionSide.Long, c: '270158', ep: 268798, s: 1, lv: 1000 };
// 0.1 BTC short @ 67,000.0 with 1,340 collateral (5x).
const btcShort: Position = { at: {}, mkt: 16, acc: 1, pid: 10, st: 1, sr: 0, sd: PositionSide.Short, c: '1340000000', ep: 670_000, s: 10_000, lv: 500 };
const account: Account = { in: 1, id: 1, fr: false, fw: true, ft: 0, lfr: 4, b: '10000000000', lb: '250000000' };

describe('effective leverage', () => {
  it('lev-is-the-position-not-the-order: notional at mark / (collateral + uPnL), not the 10x the order asked for', () => {
    // 0.001 x 2700.00 = 2.70 over 0.270158 + 0.01202 = 0.282178 -> 9.5684x
    expect(valuePosition(ethLong, eth, live(270_000))).toMatchObject({ effectiveLeverage: 956n, leverageBasis: 'mark', upnl: 12_020n });
    // Added collateral lowers it (the order's lv does not move).
    expect(valuePosition({ ...ethLong, c: '540316' }, eth, live(270_000)).effectiveLeverage).toBe(488n);
    // No mark yet: priced at the entry (uPnL 0), and says so. 2.68798 / 0.270158 = 9.9496x
    expect(valuePosition(ethLong, eth, unknown)).toMatchObject({ effectiveLeverage: 994n, leverageBasis: 'entry', upnl: null, mark: null });
    // Collateral + uPnL at or below zero: no leverage figure.
    expect(valuePosition({ ...ethLong, c: '1000' }, eth, live(260_000)).effectiveLeverage).toBeNull();
  });
});

describe('account figures', () => {
  it('margin-ratio-rounds-not-truncates: 268.00 maintenance over 11,410.00 equity is 234.88 bps, shown 2.35 %, not 2.34 %', () => {
    const f = accountFigures(account, [btcShort], [btc], () => live(663_000));
    expect([f.maintenance, f.equity]).toEqual([268_000_000n, 11_410_000_000n]);
    expect(f.marginRatioBps).toBe(235n);
  });

  it('equity = balance + collateral + uPnL, exact; leverage, margin ratio and the nearest liquidation', () => {
    const marks = new Map([[20, live(270_000)], [16, live(660_000)]]);
    const f = accountFigures(account, [ethLong, btcShort], [btc, eth], (id) => marks.get(id)!);
    // uPnL: ETH +0.012020; BTC short 0.1 x (67,000 - 66,000) = +100.000000
    expect(f.upnl).toBe(12_020n + 100_000_000n);
    expect(f.marginUsed).toBe(270_158n + 1_340_000_000n);
    expect(f.available).toBe(9_750_000_000n);
    expect(f.equity).toBe(10_000_000_000n + 270_158n + 1_340_000_000n + 12_020n + 100_000_000n);
    // Notional at mark: 2.70 + 6,600 = 6,602.70 -> / 11,440.282178 = 0.5771x -> 57 hundredths
    expect(f.notional).toBe(2_700_000n + 6_600_000_000n);
    expect(f.leverageHundredths).toBe(57n);
    // Maintenance: ETH 2.68798 x 100/2000 = 0.134399; BTC 6,700 x 100/2500 = 268 -> / equity in bps
    expect(f.maintenance).toBe(134_399n + 268_000_000n);
    expect(f.marginRatioBps).toBe(((134_399n + 268_000_000n) * 10_000n) / f.equity!);
    // ETH long: liq 2,552.23 is 5.5 % under its mark; BTC short: liq 77,720.0 is 17.8 % above.
    expect(f.nearestLiquidation?.marketId).toBe(20);
    expect(f.nearestLiquidation?.distancePct).toBeCloseTo(((270_000 - 255_223) / 270_000) * 100);
    expect(f).toMatchObject({ valuation: 'live', valuationNote: null });
  });

  it('equity-never-made-up: a stale mark values the figures flagged stale; an unknown one leaves them unknown, with the reason', () => {
    const staleBtc = accountFigures(account, [ethLong, btcShort], [btc, eth], (id) => (id === 16 ? stale(660_000) : live(270_000)));
    expect(staleBtc.equity).not.toBeNull();
    expect(staleBtc).toMatchObject({ valuation: 'stale', valuationNote: 'BTC mark stale: market data down: closed (1006)' });
    const unknownBtc = accountFigures(account, [ethLong, btcShort], [btc, eth], (id) => (id === 16 ? unknown : live(270_000)));
    expect(unknownBtc).toMatchObject({ equity: null, upnl: null, notional: null, leverageHundredths: null, marginRatioBps: null, valuation: 'unknown' });
    expect(unknownBtc.valuationNote).toBe('BTC mark unknown: no mark received yet');
    // What needs no mark is still shown.
    expect(unknownBtc.available).toBe(9_750_000_000n);
    expect(unknownBtc.marginUsed).toBe(270_158n + 1_340_000_000n);
    // A flat account is valued without any mark.
    expect(accountFigures(account, [], [btc], () => unknown)).toMatchObject({ equity: 10_000_000_000n, upnl: 0n, valuation: 'live', leverageHundredths: 0n });
  });
});

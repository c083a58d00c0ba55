import { describe, expect, it } from 'vitest';
import { selectMarkets } from '../markets.js';
import { fundingRate } from './funding.js';
import { liquidationPrice } from './liquidation.js';
import type { PositionRecord } from './records.js';
import { EngineDriver, PX } from './testkit.js';

describe('funding', () => {
  it('a started market already has a day of funding history; the next event completes the current interval', () => {
    const d = new EngineDriver({ markets: selectMarkets(['BTC'], { fundingIntervalBlocks: 5, fundingIntervalSec: 3_600 }), backfillFunding: true });
    d.block();
    const start = d.head;
    const history = d.engine.fundingHistory(1, 0, Number.MAX_SAFE_INTEGER);
    expect(history.length).toBeGreaterThan(10);
    const last = history[history.length - 1]!;
    expect(d.engine.latestFunding(1)).toEqual(last);
    expect(last.feb).toBeLessThanOrEqual(start);
    expect(last.feb).toBeGreaterThan(start - 5);
    for (const [i, f] of history.entries()) {
      expect(f.at.b).toBe(f.feb);
      if (i === 0) continue;
      const before = history[i - 1]!;
      expect(f.feb - before.feb).toBe(5);
      expect(f.at.t! - before.at.t!).toBe(3_600_000);
      expect(f.sum - before.sum).toBe(f.ppl);
    }
    const live = [];
    for (let i = 0; i < 6; i++) {
      const f = d.block().funding.get(1);
      if (f) live.push(f);
    }
    expect(live[0]?.feb).toBe(last.feb + 5);
    expect(live[0]?.sum).toBe(last.sum + live[0]!.ppl);
  });

  it('pays every funding interval from longs to shorts out of position collateral (et 8), and sum accumulates', () => {
    const d = new EngineDriver({ markets: selectMarkets(['BTC'], { fundingIntervalBlocks: 5 }) });
    const long = d.account('long');
    const short = d.account('short');
    d.limit(short, 'sell', PX, 100_000, { lv: 500 });
    d.exec(long, { t: 1, p: 0, s: 100_000, fl: 4, lv: 500 });
    const c0 = BigInt(d.engine.openPositions(long)[0]?.c ?? '0');
    const s0 = BigInt(d.engine.openPositions(short)[0]?.c ?? '0');
    d.engine.setOraclePrice(1, PX);
    const events = [];
    for (let i = 0; i < 12; i++) {
      const out = d.block();
      const f = out.funding.get(1);
      if (f) events.push(f);
    }
    // Each interval twice, same feb: estimated time first, then the final one a block later.
    expect(events.map((e) => e.feb)).toEqual([events[0]?.feb, events[0]?.feb, events[2]?.feb, events[2]?.feb]);
    expect(events[0]?.at.t ?? 0).toBeGreaterThan(events[1]?.at.t ?? 0);
    const finals = [events[1], events[3]];
    const rate = fundingRate(PX, PX);
    expect(rate).toBeGreaterThan(0); // the base rate: longs pay when mark == oracle
    expect(finals[0]).toMatchObject({ rate, idx: PX, div: 1 });
    expect(finals[1]?.sum).toBe((finals[0]?.sum ?? 0) * 2);
    const paid = BigInt(d.engine.openPositions(long)[0]?.c ?? '0') - c0;
    const got = BigInt(d.engine.openPositions(short)[0]?.c ?? '0') - s0;
    // 67,000 notional x 10 micros = 0.67 AUSD per interval, twice.
    expect(paid).toBe(-1_340_000n);
    expect(got).toBe(1_340_000n);
    expect(d.engine.accountHistory(long).filter((e) => e.et === 8).map((e) => e.a)).toEqual(['-670000', '-670000']);
    expect(d.engine.latestFunding(1)).toEqual(finals[1]);
    expect(d.engine.fundingHistory(1, 0, Number.MAX_SAFE_INTEGER)).toEqual(finals);
    expect(d.conserved()).toBe(true);
  });

  it('a mark above the oracle raises the rate, below lowers it, within the cap', () => {
    expect(fundingRate(PX + 670, PX)).toBeGreaterThan(fundingRate(PX, PX));
    expect(fundingRate(PX - 670, PX)).toBeLessThan(0);
    expect(fundingRate(PX * 2, PX)).toBe(2_000);
    expect(fundingRate(1, PX)).toBe(-2_000);
  });
});

describe('liquidation', () => {
  it('liquidates a position whose equity falls below maintenance: st 3 sr 19, collateral lost, et 5', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'sell', PX, 100_000, { lv: 200 });
    d.exec(a, { t: 1, p: 0, s: 100_000, fl: 4, lv: 1500 }); // 15x: margin 4,466.67
    const pos = d.engine.openPositions(a)[0];
    const balance = d.balance(a);
    // Maintenance 4 % of 67,000 = 2,680; equity 4,466.67 - loss: liquidated below about 65,213.3.
    d.engine.setOraclePrice(1, 652_200);
    d.block();
    expect(d.engine.openPositions(a)).toHaveLength(1);
    d.engine.setOraclePrice(1, 652_100);
    const out = d.block();
    expect(out.accounts.get(a)?.positions).toMatchObject([{ pid: pos?.pid, st: 3, sr: 19, s: 0, c: '0' }]);
    expect(out.accounts.get(a)?.account?.h).toMatchObject([{ et: 5, p: pos?.pid }]);
    expect(d.engine.openPositions(a)).toEqual([]);
    expect(d.balance(a)).toBe(balance);
    expect(d.conserved()).toBe(true);
  });

  it('liquidation cancels the position\'s linked triggers and resting closes', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'sell', PX, 1000, { lv: 200 });
    d.exec(a, { t: 1, p: 0, s: 1000, fl: 4, lv: 1500 });
    const pid = d.engine.openPositions(a)[0]?.pid ?? 0;
    d.exec(a, { t: 3, p: 0, s: 1000, tp: PX + 9000, tpc: 1, lp: pid });
    d.exec(a, { t: 3, p: PX + 8000, s: 1000 });
    expect(d.engine.openOrders(a)).toHaveLength(2);
    d.engine.setOraclePrice(1, 600_000);
    d.block();
    expect(d.engine.openOrders(a)).toEqual([]);
  });
});

describe('liquidation price', () => {
  it('matches the SDK unit vectors (entry 100, size 10, deposit 100, maint 20 -> long 95, short 105)', () => {
    const pos: PositionRecord = {
      pid: 1, acc: 1, mkt: 1, sd: 1, size: 10, entryNotional: 1000n, collateral: 100n, lv: 100,
      entryFees: 0n, realizedPnl: 0n, funding: 0n, efs: 0, opened: {},
    };
    expect(liquidationPrice(pos, 1n, 2000)).toBe(95);
    expect(liquidationPrice({ ...pos, sd: 2 }, 1n, 2000)).toBe(105);
  });
});

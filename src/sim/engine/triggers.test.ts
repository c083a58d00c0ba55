import { describe, expect, it } from 'vitest';
import { EngineDriver, PX } from './testkit.js';

const last = <T>(rows: T[]): T => {
  const row = rows[rows.length - 1];
  if (row === undefined) throw new Error('no rows');
  return row;
};

/** Long 1000 for `a` at PX; a deep bid ladder below so closes can fill. */
function setup(d: EngineDriver): { a: number; pid: number; mm: number } {
  const a = d.account('a');
  const mm = d.account('mm');
  d.limit(mm, 'sell', PX, 1000);
  d.exec(a, { t: 1, p: 0, s: 1000, fl: 4 });
  const pid = d.engine.openPositions(a)[0]?.pid ?? 0;
  return { a, pid, mm };
}

/** A trade between two fresh accounts at `price` (moves the last price). */
function printTrade(d: EngineDriver, price: number): void {
  const s = d.account(`s${d.head}`);
  const b = d.account(`b${d.head}`);
  d.limit(s, 'sell', price, 10);
  d.exec(b, { t: 1, p: price, s: 10, fl: 4 });
}

describe('trigger orders', () => {
  it('a take-profit on last price stays Untriggered until a trade crosses tp, then fires and closes', () => {
    const d = new EngineDriver();
    const { a, pid } = setup(d);
    const tp = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX + 1000, tpc: 1, lp: pid, fl: 4, lv: 0 }));
    expect(tp).toMatchObject({ st: 8, tp: PX + 1000, tpc: 1, lp: pid });
    expect(d.engine.openOrders(a)).toHaveLength(1);
    const bidder = d.account('bidder');
    d.limit(bidder, 'buy', PX + 900, 5000);
    printTrade(d, PX + 999);
    expect(d.engine.openPositions(a)).toHaveLength(1);
    printTrade(d, PX + 1000);
    const rows = d.orderRows(a).filter((r) => r.oid === tp.oid).map((r) => r.st);
    expect(rows).toEqual([8, 9, 4]);
    expect(d.engine.openPositions(a)).toEqual([]);
    expect(d.engine.openOrders(a)).toEqual([]);
  });

  it('a stop-loss on mark fires when the mark crosses (setOraclePrice)', () => {
    const d = new EngineDriver();
    const { a, pid } = setup(d);
    const bidder = d.account('bidder');
    d.limit(bidder, 'buy', PX - 2000, 5000);
    const sl = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX - 1500, tpc: 4, lp: pid, fl: 4, lv: 0, ms: 500 }));
    d.engine.setOraclePrice(1, PX - 1400);
    d.block();
    expect(d.engine.openOrders(a)).toHaveLength(1);
    d.engine.setOraclePrice(1, PX - 1500);
    d.block();
    expect(d.orderRows(a).filter((r) => r.oid === sl.oid).map((r) => r.st)).toEqual([8, 9, 4]);
    expect(d.engine.openPositions(a)).toEqual([]);
  });

  it('an lp-linked trigger is cancelled when its position is closed by another order', () => {
    const d = new EngineDriver();
    const { a, pid } = setup(d);
    const tp = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX + 5000, tpc: 1, lp: pid, fl: 4 }));
    const bidder = d.account('bidder');
    d.limit(bidder, 'buy', PX, 1000);
    d.exec(a, { t: 3, p: 0, s: 1000, fl: 4 });
    expect(last(d.orderRows(a).filter((r) => r.oid === tp.oid))).toMatchObject({ st: 5, r: true });
    expect(d.engine.openOrders(a)).toEqual([]);
  });

  it('a trigger naming a position that is not the account\'s fails sr 58', () => {
    const d = new EngineDriver();
    const { a, pid } = setup(d);
    expect(last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX + 5000, tpc: 1, lp: pid + 1, fl: 4 }))).toMatchObject({ st: 7, sr: 58 });
  });

  it('a tr-linked trigger arms only when its parent request fills', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    const parent = d.limit(a, 'buy', PX - 100, 1000); // rests
    // Would fire at once on last (PX >= PX - 50), but must wait for the parent.
    const child = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX - 50, tpc: 1, tr: parent.rq, fl: 4 }));
    expect(child.st).toBe(8);
    d.block();
    expect(d.engine.openOrders(a).map((o) => o.oid)).toEqual([parent.oid, child.oid]);
    d.exec(mm, { t: 2, p: PX - 100, s: 1000, fl: 4 }); // parent fills: last = PX - 100, below tp
    expect(d.engine.openOrders(a).map((o) => o.oid)).toEqual([child.oid]);
    const bidder = d.account('bidder');
    d.limit(bidder, 'buy', PX - 60, 1000);
    printTrade(d, PX - 50);
    // Untriggered, armed (now tied to the position its parent opened), triggered, filled.
    expect(d.orderRows(a).filter((r) => r.oid === child.oid).map((r) => r.st)).toEqual([8, 8, 9, 4]);
  });

  it('a tr-linked trigger armed by its parent\'s fill goes with the position that fill opened', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    const parent = d.limit(a, 'buy', PX - 100, 1000);
    const tp = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX + 5000, tpc: 1, tr: parent.rq, fl: 4 }));
    expect(tp.lp ?? 0).toBe(0);
    d.exec(mm, { t: 2, p: PX - 100, s: 1000, fl: 4 }); // parent fills: a long opens
    const pid = d.engine.openPositions(a)[0]?.pid;
    expect(last(d.orderRows(a).filter((r) => r.oid === tp.oid))).toMatchObject({ st: 8, lp: pid });
    // Closed by another order: the take-profit does not stay armed to close a later position.
    d.limit(d.account('bidder'), 'buy', PX - 100, 1000);
    d.exec(a, { t: 3, p: 0, s: 1000, fl: 4 });
    expect(d.engine.openPositions(a)).toEqual([]);
    expect(last(d.orderRows(a).filter((r) => r.oid === tp.oid))).toMatchObject({ st: 5, r: true });
    expect(d.engine.openOrders(a)).toEqual([]);
  });

  it('a tr-linked trigger is cancelled when its parent fails or is cancelled unfilled', () => {
    const d = new EngineDriver();
    const a = d.account('a', '1000000'); // 1 AUSD: too little to open
    const failing = last(d.exec(a, { t: 1, p: PX, s: 100_000 }));
    expect(failing).toMatchObject({ st: 7, sr: 1 });
    const orphan = last(d.exec(a, { t: 3, p: 0, s: 10, tp: PX, tpc: 1, tr: failing.rq }));
    expect(orphan.st).toBe(5);
    const b = d.account('b');
    const parent = d.limit(b, 'buy', PX - 100, 10);
    const child = last(d.exec(b, { t: 3, p: 0, s: 10, tp: PX + 100, tpc: 1, tr: parent.rq }));
    d.exec(b, { t: 5, oid: parent.oid });
    expect(last(d.orderRows(b).filter((r) => r.oid === child.oid))).toMatchObject({ st: 5, r: true });
    expect(d.engine.openOrders(b)).toEqual([]);
  });

  it('more than max_account_trigger_orders resting triggers fails sr 24', () => {
    const d = new EngineDriver({ maxTriggers: 3 });
    const a = d.account('a');
    for (let i = 0; i < 3; i++) expect(last(d.exec(a, { t: 1, p: 0, s: 10, tp: PX + 10_000 + i, tpc: 1 })).st).toBe(8);
    expect(last(d.exec(a, { t: 1, p: 0, s: 10, tp: PX + 20_000, tpc: 1 }))).toMatchObject({ st: 7, sr: 24 });
    expect(d.engine.openOrders(a)).toHaveLength(3);
  });

  it('a trigger fires during a flow step, between blocks, and its rows come with that step', () => {
    const d = new EngineDriver();
    const { a, pid } = setup(d);
    const sl = last(d.exec(a, { t: 3, p: 0, s: 1000, tp: PX - 1000, tpc: 4, lp: pid, fl: 4 }));
    d.engine.setOraclePrice(1, PX - 2000);
    const out = d.engine.flowStep(d.timeMs + 10, d.head);
    expect(out.accounts.get(a)?.orders.filter((r) => r.oid === sl.oid).map((r) => r.st)).toEqual([9, 4]);
    expect(d.engine.openPositions(a)).toEqual([]);
  });

  it('a stand-alone buy stop-market (no lp, no tr) waits Untriggered, then opens a long when the mark crosses', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'sell', PX + 2000, 1000);
    const stop = last(d.exec(a, { t: 1, p: 0, s: 100, tp: PX + 1500, tpc: 3, fl: 4, ms: 500, lv: 500, lb: 0 }));
    expect(stop).toMatchObject({ st: 8, tp: PX + 1500, tpc: 3 });
    d.engine.setOraclePrice(1, PX + 1400);
    d.block();
    expect(d.engine.openPositions(a)).toEqual([]);
    d.engine.setOraclePrice(1, PX + 1500);
    d.block();
    expect(d.orderRows(a).filter((r) => r.oid === stop.oid).map((r) => r.st)).toEqual([8, 9, 4]);
    expect(d.engine.openPositions(a)).toMatchObject([{ sd: 1, s: 100 }]);
  });

  it('a fired GTC stop-limit rests at its limit instead of being cancelled as an IOC', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'buy', PX - 3000, 1000);
    const stop = last(d.exec(a, { t: 2, p: PX - 1000, s: 100, tp: PX - 500, tpc: 4, fl: 0, lv: 500, lb: 0 }));
    expect(stop).toMatchObject({ st: 8 });
    d.engine.setOraclePrice(1, PX - 500);
    d.block();
    expect(d.orderRows(a).filter((r) => r.oid === stop.oid).map((r) => r.st)).toEqual([8, 9, 2]);
    expect(d.engine.openOrders(a).map((o) => o.oid)).toEqual([stop.oid]);
    expect(last(d.orderRows(a).filter((r) => r.oid === stop.oid))).toMatchObject({ st: 2, p: PX - 1000 });
  });
});

/**
 * interface.md 2.4: a trigger is not posted "until the market last price (conditions 1, 2) or mark price (3, 4)
 * crosses tp". Each condition watches its own price and ignores the other one crossing.
 */
describe('trigger conditions: last (tpc 1/2) and mark (tpc 3/4)', () => {
  const statuses = (d: EngineDriver, acc: number, oid: number) => d.orderRows(acc).filter((r) => r.oid === oid).map((r) => r.st);

  /** A fresh account with a stand-alone stop of `tpc` at `tp` (size 100, market, lb 0), liquidity beyond it on both sides. */
  function stopOf(d: EngineDriver, t: 1 | 2, tp: number, tpc: number): { a: number; oid: number } {
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'sell', PX + 3000, 1000);
    d.limit(mm, 'buy', PX - 3000, 1000);
    const stop = last(d.exec(a, { t, p: 0, s: 100, tp, tpc, fl: 4, ms: 500, lv: 500, lb: 0 }));
    expect(stop).toMatchObject({ st: 8, tp, tpc });
    return { a, oid: stop.oid };
  }

  it('tpc-1-fires-on-the-last-trade-not-the-mark: a buy stop on last waits while the mark is above it, fires on the trade that reaches it', () => {
    const d = new EngineDriver();
    const { a, oid } = stopOf(d, 1, PX + 1500, 1);
    d.engine.setOraclePrice(1, PX + 2500);
    d.block();
    expect(d.engine.marketState(1)!.mrk).toBeGreaterThanOrEqual(PX + 1500);
    expect(statuses(d, a, oid)).toEqual([8]);
    printTrade(d, PX + 1499);
    expect(statuses(d, a, oid)).toEqual([8]);
    printTrade(d, PX + 1500);
    expect(statuses(d, a, oid)).toEqual([8, 9, 4]);
    expect(d.engine.openPositions(a)).toMatchObject([{ sd: 1, s: 100 }]);
  });

  it('tpc-2-fires-on-the-last-trade-not-the-mark: a sell stop on last waits while the mark is under it, fires on the trade that reaches it', () => {
    const d = new EngineDriver();
    const { a, oid } = stopOf(d, 2, PX - 1500, 2);
    d.engine.setOraclePrice(1, PX - 2500);
    d.block();
    expect(d.engine.marketState(1)!.mrk).toBeLessThanOrEqual(PX - 1500);
    expect(statuses(d, a, oid)).toEqual([8]);
    printTrade(d, PX - 1499);
    expect(statuses(d, a, oid)).toEqual([8]);
    printTrade(d, PX - 1500);
    expect(statuses(d, a, oid)).toEqual([8, 9, 4]);
    expect(d.engine.openPositions(a)).toMatchObject([{ sd: 2, s: 100 }]);
  });

  it('tpc-3-fires-on-the-mark-not-the-last-trade: a buy stop on the mark ignores a trade above it, fires when the mark reaches it', () => {
    const d = new EngineDriver();
    const { a, oid } = stopOf(d, 1, PX + 1500, 3);
    printTrade(d, PX + 2000);
    expect(d.engine.marketState(1)!.lst).toBe(PX + 2000);
    expect(d.engine.marketState(1)!.mrk).toBeLessThan(PX + 1500);
    expect(statuses(d, a, oid)).toEqual([8]);
    // The mark is smoothed toward the oracle and the book's mid: the oracle goes past the stop.
    d.engine.setOraclePrice(1, PX + 2500);
    d.block();
    expect(statuses(d, a, oid)).toEqual([8, 9, 4]);
  });

  it('tpc-4-fires-on-the-mark-not-the-last-trade: a sell stop on the mark ignores a trade under it, fires when the mark reaches it', () => {
    const d = new EngineDriver();
    const { a, oid } = stopOf(d, 2, PX - 1500, 4);
    printTrade(d, PX - 2000);
    expect(d.engine.marketState(1)!.lst).toBe(PX - 2000);
    expect(d.engine.marketState(1)!.mrk).toBeGreaterThan(PX - 1500);
    expect(statuses(d, a, oid)).toEqual([8]);
    d.engine.setOraclePrice(1, PX - 2500);
    d.block();
    expect(statuses(d, a, oid)).toEqual([8, 9, 4]);
  });

  it('last-trade-crossing-within-a-block-fires: a trade reaching a stop on last fires it though a later trade of the same block goes back', () => {
    const d = new EngineDriver();
    const { a, oid } = stopOf(d, 1, PX + 1500, 1);
    // Two trades in one block: up to the stop, then back under it. The last price crossed tp.
    const s1 = d.account('s1');
    const b1 = d.account('b1');
    const s2 = d.account('s2');
    const b2 = d.account('b2');
    d.limit(s1, 'sell', PX + 1500, 10);
    d.limit(b2, 'buy', PX + 100, 10);
    d.send(b1, { t: 1, p: PX + 1500, s: 10, fl: 4 });
    d.send(s2, { t: 2, p: PX + 100, s: 10, fl: 4 });
    d.block();
    expect(d.engine.marketState(1)!.lst).toBe(PX + 100);
    expect(statuses(d, a, oid).slice(0, 2)).toEqual([8, 9]);
    expect(d.engine.openPositions(a)).toMatchObject([{ sd: 1, s: 100 }]);
  });
});

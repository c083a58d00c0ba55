import { describe, expect, it } from 'vitest';
import { selectMarkets } from '../markets.js';
import { EngineDriver, ONE_BTC, PX } from './testkit.js';

const last = <T>(rows: T[]): T => {
  const row = rows[rows.length - 1];
  if (row === undefined) throw new Error('no rows');
  return row;
};

describe('requests that reach the contract and fail', () => {
  it('forwarding off: acked, then st 7 sr 34 with lfr unchanged (nothing consumed)', () => {
    const d = new EngineDriver();
    const a = d.account('a', '1000000000000', false);
    expect(d.send(a, { p: PX, s: 100 }).code).toBe(0);
    expect(last(d.block().accounts.get(a)?.orders ?? [])).toMatchObject({ st: 7, sr: 34, r: true, rq: 1 });
    expect(d.engine.ledger(a).lfr).toBe(0);
    expect(d.engine.executedRequests(a)).toEqual([]);
    d.engine.setOrderForwarding(a, true);
    expect(last(d.exec(a, { rq: 1, p: PX, s: 100 }))).toMatchObject({ st: 2, sr: 35 });
  });

  it('rq at or below lfr fails sr 32 and never executes twice', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    d.exec(a, { rq: 5, p: PX, s: 100 });
    expect(last(d.exec(a, { rq: 5, p: PX, s: 100 }))).toMatchObject({ st: 7, sr: 32 });
    expect(last(d.exec(a, { rq: 4, p: PX, s: 100 }))).toMatchObject({ st: 7, sr: 32 });
    expect(d.engine.ledger(a).lfr).toBe(5);
    expect(d.engine.executedRequests(a)).toEqual([5]);
    expect(d.engine.openOrders(a)).toHaveLength(1);
  });

  it('rq 0 passes the gateway and fails on the contract with sr 32', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(d.send(a, { rq: 0, p: PX, s: 100 }).code).toBe(0);
    expect(last(d.block().accounts.get(a)?.orders ?? [])).toMatchObject({ st: 7, sr: 32 });
    expect(d.engine.executedRequests(a)).toEqual([]);
  });

  it('a duplicate rq in the same block executes once', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    d.send(a, { rq: 7, p: PX, s: 100 });
    d.send(a, { rq: 7, p: PX, s: 100 });
    const rows = d.block().accounts.get(a)?.orders ?? [];
    expect(rows.map((r) => [r.st, r.sr])).toEqual([
      [2, 35],
      [7, 32],
    ]);
    expect(d.engine.executedRequests(a)).toEqual([7]);
  });

  it('lb passed by execution time fails sr 14, but lfr still advances', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(d.send(a, { p: PX, s: 100, lb: d.head + 1 }).code).toBe(0);
    d.head += 1; // the forwarder lags: the request executes one block after its lb
    expect(last(d.block().accounts.get(a)?.orders ?? [])).toMatchObject({ st: 7, sr: 14 });
    expect(d.engine.ledger(a).lfr).toBe(1);
  });

  it('lb passed, lbPassedWithoutTx: sr 14 with no tx, lfr unchanged, the rq never executes', () => {
    const d = new EngineDriver({ lbPassedWithoutTx: true });
    const a = d.account('a');
    expect(d.send(a, { p: PX, s: 100, lb: d.head + 1 }).code).toBe(0);
    d.head += 1;
    expect(last(d.block().accounts.get(a)?.orders ?? [])).toMatchObject({ st: 7, sr: 14 });
    expect(d.engine.ledger(a).lfr).toBe(0);
    expect(d.engine.executedRequests(a)).toEqual([]);
  });

  it('opening beyond the available balance fails sr 1 and locks nothing', () => {
    const d = new EngineDriver();
    const a = d.account('a', '1000000000'); // 1,000 AUSD
    // 1 BTC at 67,000 with 10x needs 6,700 AUSD of margin.
    expect(last(d.exec(a, { p: PX, s: ONE_BTC, lv: 1000 }))).toMatchObject({ st: 7, sr: 1 });
    expect(d.engine.ledger(a)).toMatchObject({ balance: '1000000000', locked: '0', lfr: 1 });
    // 0.01 BTC fits.
    expect(last(d.exec(a, { p: PX, s: 1000, lv: 1000 }))).toMatchObject({ st: 2, sr: 35 });
  });

  it('available balance excludes what resting orders lock', () => {
    const d = new EngineDriver();
    const a = d.account('a', '10000000000'); // 10,000 AUSD
    expect(last(d.exec(a, { p: PX, s: ONE_BTC, lv: 1000 })).st).toBe(2); // locks ~6,700
    expect(last(d.exec(a, { p: PX, s: ONE_BTC, lv: 1000 }))).toMatchObject({ st: 7, sr: 1 });
  });

  it('post-only that would cross fails sr 13 and leaves the book alone', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, ONE_BTC);
    expect(last(d.exec(a, { t: 1, p: PX, s: 100, fl: 1 }))).toMatchObject({ st: 7, sr: 13 });
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX, s: ONE_BTC, o: 1 }]);
    expect(last(d.exec(a, { t: 1, p: PX - 10, s: 100, fl: 1 }))).toMatchObject({ st: 2, sr: 35 });
  });

  it('fill-or-kill that cannot fill completely fails sr 46 without trading', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 500);
    expect(last(d.exec(a, { t: 1, p: PX, s: 501, fl: 2 }))).toMatchObject({ st: 7, sr: 46 });
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX, s: 500, o: 1 }]);
    expect(last(d.exec(a, { t: 1, p: PX, s: 500, fl: 2 }))).toMatchObject({ st: 4, sr: 43, fs: 500 });
  });

  it('cancel of an unknown order fails sr 33', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(last(d.exec(a, { t: 5, oid: 123456, s: 0 }))).toMatchObject({ st: 7, sr: 33 });
  });

  it('a resting close larger than the position left after other resting closes fails sr 38', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 1000);
    d.exec(a, { t: 1, p: 0, s: 1000, fl: 4 }); // long 1000
    expect(last(d.exec(a, { t: 3, p: PX + 500, s: 600 }))).toMatchObject({ st: 2, sr: 35 });
    expect(last(d.exec(a, { t: 3, p: PX + 600, s: 401 }))).toMatchObject({ st: 7, sr: 38 });
    expect(last(d.exec(a, { t: 3, p: PX + 600, s: 400 }))).toMatchObject({ st: 2, sr: 35 });
  });

  it('a close with no position fails (sr 44, fr 4 NoPositionToClose)', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(last(d.exec(a, { t: 3, p: 0, s: 100, fl: 4 }))).toMatchObject({ st: 7, sr: 44, fr: 4 });
  });

  it('orders under the minimum order value fail (sr 39 resting, sr 17 immediate); a full close is exempt', () => {
    // 10 AUSD minimums; 100 units of BTC at 67,000 = 67 AUSD, 10 units = 6.7 AUSD.
    const d = new EngineDriver({ markets: selectMarkets(['BTC'], { minPostingAmount: '10000000', minSettleAmount: '10000000' }) });
    const mm = d.account('mm');
    const a = d.account('a');
    expect(last(d.exec(mm, { t: 2, p: PX, s: 10 }))).toMatchObject({ st: 7, sr: 39 });
    expect(last(d.exec(mm, { t: 2, p: PX, s: 1000 })).st).toBe(2);
    expect(last(d.exec(a, { t: 1, p: 0, s: 10, fl: 4 }))).toMatchObject({ st: 7, sr: 17 });
    expect(last(d.exec(a, { t: 1, p: 0, s: 100, fl: 4 })).st).toBe(4);
    const bidder = d.account('bidder');
    d.limit(bidder, 'buy', PX, 1000);
    expect(last(d.exec(a, { t: 3, p: 0, s: 10, fl: 4 }))).toMatchObject({ st: 7, sr: 17 }); // partial close: not exempt
    expect(last(d.exec(a, { t: 3, p: 0, s: 100, fl: 4 })).st).toBe(4); // full close of 100: 67 AUSD anyway
  });

  it('a market that is not open refuses opens with sr 12', () => {
    const d = new EngineDriver({ markets: selectMarkets(['BTC'], { isOpen: false }) });
    const a = d.account('a');
    expect(last(d.exec(a, { t: 1, p: PX, s: 100 }))).toMatchObject({ st: 7, sr: 12 });
  });

  it('a change that grows an order beyond the available balance fails sr 1 and leaves the order as it was', () => {
    const d = new EngineDriver();
    const a = d.account('a', '10000000000'); // 10,000 AUSD
    const row = d.limit(a, 'buy', PX, ONE_BTC, { lv: 1000 }); // locks ~6,700
    expect(last(d.exec(a, { t: 7, oid: row.oid, p: PX, s: 2 * ONE_BTC }))).toMatchObject({ st: 7, sr: 1 });
    expect(d.engine.openOrders(a)).toMatchObject([{ oid: row.oid, os: ONE_BTC, p: PX }]);
    expect(d.engine.book(1, 1).bid).toEqual([{ p: PX, s: ONE_BTC, o: 1 }]);
    expect(last(d.exec(a, { t: 7, oid: row.oid, p: PX, s: ONE_BTC + 10_000 }))).toMatchObject({ st: 2, sr: 31 });
  });

  it('a sell is margined at the best bid it would hit, so a bid far above the mark cannot overdraw the balance', () => {
    const d = new EngineDriver();
    const bidder = d.account('bidder');
    const a = d.account('a', '6730000000'); // enough for 1 BTC at the 67,000 mark at 10x, not at 73,700
    d.limit(bidder, 'buy', 737_000, ONE_BTC);
    expect(last(d.exec(a, { t: 2, p: 0, s: ONE_BTC, fl: 4, lv: 1000 }))).toMatchObject({ st: 7, sr: 1 });
    expect(d.engine.ledger(a).balance).toBe('6730000000');
  });

  it('an open that would collateralise more negative PnL than mnp allows fails (sr 44, fr 8)', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX + 100, 1000); // ~1.5 bps above the mark
    expect(last(d.exec(a, { t: 1, p: 0, s: 100, fl: 4, mnp: 1 }))).toMatchObject({ st: 7, sr: 44, fr: 8 });
    expect(last(d.exec(a, { t: 1, p: 0, s: 100, fl: 4, mnp: 0 }))).toMatchObject({ st: 7, sr: 44, fr: 8 });
    expect(last(d.exec(a, { t: 1, p: 0, s: 100, fl: 4, mnp: 2 }))).toMatchObject({ st: 4, fs: 100 });
    expect(last(d.exec(a, { t: 1, p: 0, s: 100, fl: 4 }))).toMatchObject({ st: 4, fs: 100 }); // default 300 bps
  });

  it('a limit order stopped by mnp does not rest crossed: its remainder is cancelled', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 100);
    d.limit(mm, 'sell', PX + 100, 100); // ~1.5 bps above the mark
    expect(last(d.exec(a, { t: 1, p: PX + 200, s: 300, mnp: 1 }))).toMatchObject({ st: 4, sr: 16, fs: 100 });
    expect(d.engine.book(1, 5)).toEqual({ bid: [], ask: [{ p: PX + 100, s: 100, o: 1 }] });
  });
});

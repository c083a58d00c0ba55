import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REBATE_FEE_TIER, selectMarkets } from '../markets.js';
import { EngineDriver, ONE_BTC, PX } from './testkit.js';

const last = <T>(rows: T[]): T => {
  const row = rows[rows.length - 1];
  if (row === undefined) throw new Error('no rows');
  return row;
};

describe('matching', () => {
  it('fills the better price first, then the older order within a price (price-time priority)', () => {
    const d = new EngineDriver();
    const m1 = d.account('m1');
    const m2 = d.account('m2');
    const m3 = d.account('m3');
    const taker = d.account('t');
    const older = d.limit(m1, 'sell', PX + 10, 300);
    const newer = d.limit(m2, 'sell', PX + 10, 300);
    const better = d.limit(m3, 'sell', PX, 300);
    const out = (d.send(taker, { t: 1, p: PX + 10, s: 700, fl: 4 }), d.block());
    const fills = out.accounts.get(taker)?.fills ?? [];
    expect(fills.map((f) => [f.p, f.s])).toEqual([
      [PX, 300],
      [PX + 10, 300],
      [PX + 10, 100],
    ]);
    expect(out.accounts.get(m3)?.orders.map((o) => [o.oid, o.st, o.sr])).toEqual([[better.oid, 4, 22]]);
    expect(out.accounts.get(m1)?.orders.map((o) => [o.oid, o.st])).toEqual([[older.oid, 4]]);
    expect(out.accounts.get(m2)?.orders.map((o) => [o.oid, o.st, o.fs])).toEqual([[newer.oid, 3, 100]]);
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX + 10, s: 200, o: 1 }]);
    expect(out.book.get(1)?.ask).toEqual([
      { p: PX, s: 0, o: 0 },
      { p: PX + 10, s: 200, o: 1 },
    ]);
  });

  it('a crossing limit order takes what it can and rests the rest as PartiallyFilled', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 400);
    const row = d.limit(a, 'buy', PX + 50, 1000);
    expect(row).toMatchObject({ st: 3, sr: 35, fs: 400, os: 1000, fp: PX });
    expect(row.scid).toBeGreaterThan(0);
    expect(d.engine.book(1, 5)).toEqual({ bid: [{ p: PX + 50, s: 600, o: 1 }], ask: [] });
  });

  it('IOC fills what it can and never rests; nothing to fill ends Canceled', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 400);
    expect(last(d.exec(a, { t: 1, p: PX, s: 1000, fl: 4 }))).toMatchObject({ st: 4, sr: 16, fs: 400, r: true });
    expect(d.engine.book(1, 5).bid).toEqual([]);
    expect(last(d.exec(a, { t: 1, p: PX, s: 1000, fl: 4 }))).toMatchObject({ st: 5, sr: 16, fs: 0, r: true });
  });

  it('a market order never trades beyond its slippage bound from the mark', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX + 60, 100); // +0.9 bps
    d.limit(mm, 'sell', PX + 6700, 100); // +100 bps: exactly at the default cap
    d.limit(mm, 'sell', PX + 6800, 100); // beyond it
    const row = last(d.exec(a, { t: 1, p: 0, s: 300, fl: 4 }));
    expect(row).toMatchObject({ st: 4, sr: 16, fs: 200 });
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX + 6800, s: 100, o: 1 }]);
    // A tighter ms stops earlier.
    d.limit(mm, 'sell', PX + 60, 100);
    d.limit(mm, 'sell', PX + 700, 100); // ~10 bps
    expect(last(d.exec(a, { t: 1, p: 0, s: 200, fl: 4, ms: 5 }))).toMatchObject({ fs: 100 });
  });

  it('a fully filled taker is Filled sr 43 and the maker gets fills with l 1, the taker l 2, fees from micros', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, ONE_BTC);
    d.send(a, { t: 1, p: 0, s: ONE_BTC, fl: 4 });
    const out = d.block();
    expect(last(out.accounts.get(a)?.orders ?? [])).toMatchObject({ st: 4, sr: 43, r: true, scid: 0 });
    // Notional 67,000 AUSD: taker 345 micros = 23.115, maker 45 micros = 3.015.
    expect(out.accounts.get(a)?.fills).toMatchObject([{ l: 2, p: PX, s: ONE_BTC, f: '23115000' }]);
    expect(out.accounts.get(mm)?.fills).toMatchObject([{ l: 1, p: PX, s: ONE_BTC, f: '3015000' }]);
    expect(out.trades.get(1)).toMatchObject([{ p: PX, s: ONE_BTC, sd: 1 }]);
  });

  it('rebate-tier: a maker on a negative maker fee locks margin only and is credited the rebate; money is conserved', () => {
    // The rebate tier is the classic listing's own (the live-like ones list live's eight tiers).
    const d = new EngineDriver({ markets: selectMarkets(['BTC'], {}, 'classic') });
    const mm = d.account('mm', undefined, true, REBATE_FEE_TIER);
    const a = d.account('a');
    d.limit(mm, 'sell', PX, ONE_BTC, { lv: 1000 });
    // 67,000 AUSD at 10x: 6,700 AUSD of margin and nothing for the (negative) fee.
    expect(d.engine.ledger(mm).locked).toBe('6700000000');
    const before = d.balance(mm);
    d.send(a, { t: 1, p: 0, s: ONE_BTC, fl: 4 });
    const out = d.block();
    // -20 micros of 67,000 AUSD: a rebate of 1.34 AUSD; the taker still pays 345 micros.
    expect(out.accounts.get(mm)?.fills).toMatchObject([{ l: 1, p: PX, s: ONE_BTC, f: '-1340000' }]);
    expect(out.accounts.get(a)?.fills).toMatchObject([{ l: 2, f: '23115000' }]);
    // The locked margin left the balance for the position's collateral; the rebate came in.
    expect(d.balance(mm) - before).toBe(-6_700_000_000n + 1_340_000n);
    expect(d.conserved()).toBe(true);
  });

  it('an order never trades against its own account: the resting one is cleared', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    const own = d.limit(a, 'sell', PX, 100);
    d.limit(mm, 'sell', PX + 10, 100);
    d.send(a, { t: 1, p: PX + 10, s: 100, fl: 4 });
    const rows = d.block().accounts.get(a)?.orders ?? [];
    expect(rows.find((r) => r.oid === own.oid)).toMatchObject({ st: 5, sr: 9, r: true });
    expect(last(rows)).toMatchObject({ st: 4, fs: 100, fp: PX + 10 });
  });

  it('cancel removes the order (st 5 sr 28 r:true) and releases its lock', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const row = d.limit(a, 'buy', PX, ONE_BTC, { lv: 1000 });
    expect(BigInt(d.engine.ledger(a).locked)).toBeGreaterThan(6_700_000_000n);
    expect(last(d.exec(a, { t: 5, oid: row.oid }))).toMatchObject({ oid: row.oid, rq: row.rq, st: 5, sr: 28, r: true });
    expect(d.engine.ledger(a)).toMatchObject({ locked: '0', orders: [] });
    expect(d.engine.book(1, 5).bid).toEqual([]);
  });

  it('change keeps queue priority only for a smaller size at the same price', () => {
    const d = new EngineDriver();
    const first = d.account('first');
    const second = d.account('second');
    const taker = d.account('taker');
    const a = d.limit(first, 'sell', PX, 500);
    d.limit(second, 'sell', PX, 500);
    expect(last(d.exec(first, { t: 7, oid: a.oid, p: PX, s: 300 }))).toMatchObject({ oid: a.oid, st: 2, sr: 31, os: 300 });
    d.send(taker, { t: 1, p: PX, s: 100, fl: 4 });
    expect(d.block().accounts.get(first)?.fills).toHaveLength(1); // still first in the queue
    // 100 of 300 filled: `s` 900 is the new resting size, so the order stands at 100 filled of 1000.
    expect(last(d.exec(first, { t: 7, oid: a.oid, p: PX, s: 900 }))).toMatchObject({ st: 3, sr: 31, os: 1000, fs: 100 });
    d.send(taker, { t: 1, p: PX, s: 100, fl: 4 });
    const out = d.block();
    expect(out.accounts.get(first)?.fills ?? []).toHaveLength(0); // moved behind `second`
    expect(out.accounts.get(second)?.fills).toHaveLength(1);
  });

  it('change-size-is-the-resting-size: a partly filled order changed to s rests s more, keeping what filled', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const taker = d.account('taker');
    const ask = d.limit(a, 'sell', PX + 50, 500);
    d.send(taker, { t: 1, p: PX + 50, s: 200, fl: 4 });
    d.block();
    expect(d.engine.openOrders(a)[0]).toMatchObject({ oid: ask.oid, os: 500, fs: 200 });
    // s 200: what is left to fill becomes 200 (live reads `s` as the on-chain lot, the size still resting).
    expect(last(d.exec(a, { t: 7, oid: ask.oid, p: PX + 50, s: 200 }))).toMatchObject({ st: 3, sr: 31, os: 400, fs: 200 });
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX + 50, s: 200, o: 1 }]);
    // A resting size below what already filled is no refusal: 100 more rests.
    expect(last(d.exec(a, { t: 7, oid: ask.oid, p: PX + 50, s: 100 }))).toMatchObject({ st: 3, sr: 31, os: 300, fs: 200 });
    expect(d.engine.book(1, 5).ask).toEqual([{ p: PX + 50, s: 100, o: 1 }]);
  });

  it('a changed price that crosses trades at once', () => {
    const d = new EngineDriver();
    const mm = d.account('mm');
    const a = d.account('a');
    d.limit(mm, 'sell', PX, 100);
    const bid = d.limit(a, 'buy', PX - 100, 100);
    expect(last(d.exec(a, { t: 7, oid: bid.oid, p: PX, s: 100 }))).toMatchObject({ st: 4, fs: 100 });
  });

  it('a resting order with tif expires after that block (st 6)', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const row = d.limit(a, 'buy', PX, 100, { tif: d.head + 3 });
    d.block();
    d.block();
    expect(d.engine.openOrders(a)).toHaveLength(1);
    d.block();
    d.block();
    expect(d.engine.openOrders(a)).toHaveLength(0);
    expect(d.orderRows(a).find((r) => r.oid === row.oid && r.st === 6)).toMatchObject({ r: true });
    expect(d.engine.ledger(a).locked).toBe('0');
  });
});

describe('matching invariants (property)', () => {
  it('after any sequence of orders the book is never crossed and level sizes equal the resting remainders', () => {
    const orderArb = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      t: fc.constantFrom(1, 2),
      offset: fc.integer({ min: -20, max: 20 }),
      s: fc.integer({ min: 1, max: 500 }),
      fl: fc.constantFrom(0, 0, 1, 2, 4),
      cancel: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(orderArb, { minLength: 1, maxLength: 40 }), (orders) => {
        const d = new EngineDriver();
        const accs = [d.account('x'), d.account('y'), d.account('z')];
        for (const o of orders) {
          const acc = accs[o.who] ?? 0;
          const open = d.engine.openOrders(acc);
          if (o.cancel && open[0]) d.send(acc, { t: 5, oid: open[0].oid });
          else d.send(acc, { t: o.t, p: PX + o.offset * 10, s: o.s, fl: o.fl, lv: 500 });
          d.block();
          const book = d.engine.book(1, 100);
          const bid = book.bid[0]?.p;
          const ask = book.ask[0]?.p;
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
          const resting = accs.flatMap((a) => d.engine.openOrders(a));
          const total = (side: 'bid' | 'ask'): number => book[side].reduce((sum, l) => sum + l.s, 0);
          const restingSize = (t: number): number => resting.filter((r) => r.t === t).reduce((sum, r) => sum + r.os - r.fs, 0);
          expect(total('bid')).toBe(restingSize(1));
          expect(total('ask')).toBe(restingSize(2));
          expect(d.conserved()).toBe(true);
        }
        // Every fill has a counterparty: bought size equals sold size.
        const fills = d.outputs.flatMap((out) => [...out.accounts.values()].flatMap((a) => a.fills));
        const bought = fills.filter((f) => f.t === 1).reduce((s, f) => s + f.s, 0);
        const sold = fills.filter((f) => f.t === 2).reduce((s, f) => s + f.s, 0);
        expect(bought).toBe(sold);
      }),
      { numRuns: 40, seed: 4242 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { TOP_UP_REPORT_DELAY_BLOCKS } from './collateral.js';
import { EngineDriver, ONE_BTC, PX } from './testkit.js';

const last = <T>(rows: T[]): T => {
  const row = rows[rows.length - 1];
  if (row === undefined) throw new Error('no rows');
  return row;
};

/** Opens a long of `size` for `a` at PX through a fresh maker; returns the maker. */
function openLong(d: EngineDriver, a: number, size: number, lv = 1000): number {
  const mm = d.account(`mm${d.head}`);
  d.limit(mm, 'sell', PX, size);
  d.exec(a, { t: 1, p: 0, s: size, fl: 4, lv });
  return mm;
}

describe('positions and settlement', () => {
  it('opening debits margin + fee from the balance into collateral (et 4 a = -(margin+fee))', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, ONE_BTC);
    const [pos] = d.engine.openPositions(a);
    // 67,000 at 10x = 6,700 margin; taker fee 23.115.
    expect(pos).toMatchObject({ st: 1, sd: 1, s: ONE_BTC, ep: PX, c: '6700000000', lv: 1000 });
    expect(d.balance(a)).toBe(1_000_000_000_000n - 6_700_000_000n - 23_115_000n);
    const settlement = d.engine.accountHistory(a).find((e) => e.et === 4);
    expect(settlement).toMatchObject({ a: '-6723115000', f: '23115000', m: 1 });
    expect(d.conserved()).toBe(true);
  });

  it('a full close realises PnL to the balance and reports st 2, s 0, c "0" with xp', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, ONE_BTC);
    const before = d.balance(a);
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX + 1000, ONE_BTC); // +100 AUSD
    d.send(a, { t: 3, p: 0, s: ONE_BTC, fl: 4, lv: 0 });
    const out = d.block();
    const rows = out.accounts.get(a)?.positions ?? [];
    expect(last(rows)).toMatchObject({ st: 2, sr: 13, s: 0, c: '0', xp: PX + 1000 });
    // margin back + 100 PnL - taker fee on 67,100 (23.1495 -> 23.150)
    expect(d.balance(a) - before).toBe(6_700_000_000n + 100_000_000n - 23_149_500n);
    expect(d.engine.openPositions(a)).toEqual([]);
    expect(d.conserved()).toBe(true);
  });

  it('a partial close releases margin pro rata and keeps pid and entry', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 3000);
    const pid = d.engine.openPositions(a)[0]?.pid;
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX - 100, 1000); // 10 AUSD lower: a loss
    const before = d.balance(a);
    d.exec(a, { t: 3, p: 0, s: 1000, fl: 4 });
    const [pos] = d.engine.openPositions(a);
    expect(pos).toMatchObject({ pid, s: 2000, ep: PX, c: '134000000' });
    // 1/3 of the 201 AUSD margin comes back, minus the 0.1 AUSD loss and the taker fee.
    const released = 201_000_000n - BigInt(pos?.c ?? '0');
    const fee = (669_900n * 1000n * 345n + 999_999n) / 1_000_000n;
    expect(d.balance(a) - before).toBe(released - 100_000n - fee);
    expect(d.conserved()).toBe(true);
  });

  it('a market close larger than the position is clamped to it', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 1000);
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX, 5000);
    expect(last(d.exec(a, { t: 3, p: 0, s: 5000, fl: 4 }))).toMatchObject({ st: 4, os: 1000, fs: 1000 });
    expect(d.engine.openPositions(a)).toEqual([]);
    expect(d.engine.book(1, 1).bid).toEqual([{ p: PX, s: 4000, o: 1 }]);
  });

  it('selling more than the long on an open inverts it: a close row (sr 13) and a new short (sr 18)', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 1000);
    const oldPid = d.engine.openPositions(a)[0]?.pid;
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX, 3000);
    d.send(a, { t: 2, p: 0, s: 3000, fl: 4, lv: 1000 });
    const rows = d.block().accounts.get(a)?.positions ?? [];
    expect(rows.map((r) => [r.pid === oldPid, r.st, r.sr, r.sd, r.s])).toEqual([
      [true, 2, 13, 1, 0],
      [false, 1, 18, 2, 2000],
    ]);
    expect(d.engine.openPositions(a)).toMatchObject([{ sd: 2, s: 2000 }]);
    expect(d.conserved()).toBe(true);
  });

  it('add-margin-in-two-steps: the credit (et 3, sr 6) lands with lfr unchanged; st 7 sr 32, lv 0 and lfr come blocks later', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 1000);
    const before = d.balance(a);
    const { rq } = d.send(a, { t: 6, a: '5000000', s: 0, p: 0, lv: 0 });
    const credit = d.block();
    expect(credit.accounts.get(a)?.orders).toEqual([]);
    expect(last(credit.accounts.get(a)?.positions ?? [])).toMatchObject({ sr: 6, c: String(67_000_000n + 5_000_000n) });
    expect(credit.accounts.get(a)?.account).toMatchObject({ lfr: rq - 1, h: [{ et: 3, a: '-5000000' }] });
    expect(credit.accounts.get(a)?.stats).toBeDefined();
    expect(d.balance(a)).toBe(before - 5_000_000n);
    expect(d.engine.ledger(a).lfr).toBe(rq - 1);
    for (let i = 1; i < TOP_UP_REPORT_DELAY_BLOCKS; i++) expect(d.block().accounts.get(a)).toBeUndefined();
    const report = d.block();
    expect(report.accounts.get(a)?.orders).toMatchObject([{ rq, t: 6, st: 7, sr: 32, lv: 0, os: 0 }]);
    expect(report.accounts.get(a)?.account).toMatchObject({ lfr: rq });
    expect(report.accounts.get(a)?.account).not.toHaveProperty('h');
    expect(report.accounts.get(a)?.stats).toBeDefined();
    expect(report.accounts.get(a)?.positions).toEqual([]);
    // The report's order id is of its own block, as live.
    expect(Math.floor(report.accounts.get(a)!.orders[0]!.oid / 65536)).toBe(d.head);
    expect(d.balance(a)).toBe(before - 5_000_000n);
    expect(d.conserved()).toBe(true);
  });

  it('leverage above the market maximum is clamped to it', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, ONE_BTC, 10_000); // asks 100x, BTC allows 15x
    expect(d.engine.openPositions(a)[0]).toMatchObject({ lv: 1500, c: String(6_700_000_000n * 10n / 15n + 1n) });
  });

  it('account stats track volume, fees and realised PnL', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 1000);
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX + 1000, 1000);
    d.send(a, { t: 3, p: 0, s: 1000, fl: 4 });
    const stats = d.block().accounts.get(a)?.stats;
    expect(stats).toMatchObject({ id: a, td: '1000000000000', tt: 1, wr: 10_000 });
    expect(BigInt(stats?.tv ?? '0')).toBe(670_000_000n + 671_000_000n);
  });

  it('a fill worse than the mark collateralises that loss (cpnl): c = margin + cpnl, a = -(c + fee)', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    const mm = d.account('mm');
    d.limit(mm, 'sell', PX + 100, 1000); // 10 AUSD above the mark, on 0.01 BTC: 0.1 AUSD worse
    d.send(a, { t: 1, p: 0, s: 1000, fl: 4, lv: 1000 });
    const out = d.block();
    const row = last(out.accounts.get(a)?.positions ?? []);
    const margin = 67_010_000n; // 670,100 x 1000 / 10x
    expect(row).toMatchObject({ c: String(margin + 100_000n), e: [{ cpnl: '100000', c: String(margin + 100_000n) }] });
    const fee = (670_100n * 1000n * 345n + 999_999n) / 1_000_000n;
    expect(out.accounts.get(a)?.account?.h).toMatchObject([{ et: 4, a: String(-(margin + 100_000n + fee)) }]);
    expect(d.conserved()).toBe(true);
  });

  it('position history holds one event row per change, newest first, with that event\'s deltas', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    openLong(d, a, 3000);
    d.exec(a, { t: 6, a: '25000000', s: 0 });
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX, 1000);
    d.exec(a, { t: 3, p: 0, s: 1000, fl: 4 });
    const rows = d.engine.positionHistory(a);
    const pid = rows[0]?.pid;
    expect(rows.map((r) => [r.pid, r.sr, r.s, r.c])).toEqual([
      [pid, 14, 1000, String(-(201_000_000n + 25_000_000n) / 3n)],
      [pid, 6, 0, '25000000'],
      [pid, 21, 3000, '201000000'],
    ]);
    // A fill's row names its request; a top-up's does not (live: rq 0 on its `e[]` row).
    expect(rows.map((r) => (r.rq ?? 0) > 0)).toEqual([true, false, true]);
  });
});

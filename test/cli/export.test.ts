// `perpl export` end to end against a fake exchange REST (test/cli/export-exchange.ts): a thousand fills
// across pages, a 429 mid-way retried from the same cursor, windows, the file's mode, and a page that
// finally fails leaving no file and saying how far it got.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/subcommands/export.js';
import { BTC, ETH, T0, fakeExchange, makeFill, type FakeExchange } from './export-exchange.js';
import { tradingBalanceChange } from '../../src/domain/ledger/balance-change.js';
import { LedgerModel } from '../../src/domain/ledger/ledger-model.fixtures.js';

const SEED_HEX = '8f02c462db326e65344ae44e66db66c26b028123cc4efb9eb87b35adba9011bb';
const NET = ['--base-url', 'http://127.0.0.1:7450/api', '--chain-id', '31337'];
const THOUSAND = Array.from({ length: 1000 }, (_, i) => makeFill(i));

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpl-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number;
  out: string;
  err: string[];
  sleeps: number[];
  progress: string[];
}

async function perplExport(argv: string[], ex: FakeExchange, withProgress = false): Promise<Ran> {
  const ran: Ran = { code: -1, out: '', err: [], sleeps: [], progress: [] };
  ran.code = await run([...argv, ...NET], {
    out: (t) => {
      ran.out += t;
    },
    err: (l) => ran.err.push(l),
    env: { PERPL_HOME: join(dir, 'home'), PERPL_API_KEY: 'tok-test-5c1d9e0b7a', PERPL_API_SECRET: `0x${SEED_HEX}` },
    fetch: ex.fetch,
    sleep: async (ms) => {
      ran.sleeps.push(ms);
    },
    ...(withProgress ? { progress: (line: string | null) => void (line !== null && ran.progress.push(line)) } : {}),
  });
  return ran;
}

const csvLines = (text: string) => text.trimEnd().split('\n');
const fillPages = (ex: FakeExchange) => ex.asked.filter((a) => a.startsWith('/v1/trading/fills'));

describe('perpl export fills', () => {
  it('export-thousand-fills-rate-limited-midway-is-complete-and-exact: a 429 on page 5 is waited out (Retry-After) and said, no gap', async () => {
    const ex = fakeExchange(THOUSAND);
    ex.script('/v1/trading/fills', 5, { status: 429, headers: { 'retry-after': '2' }, body: 'too many requests' });
    const r = await perplExport(['fills', '-o', join(dir, 'fills.csv')], ex, true);
    expect(r.code).toBe(0);
    // The retry went out with the same cursor as the refused request: page 5 asked twice, nothing skipped.
    const pages = fillPages(ex);
    expect(pages[4]).toBe(pages[5]);
    expect(pages).toHaveLength(12); // 10 full pages, the 429, the empty page after the last
    expect(r.sleeps).toContain(2000);
    expect(r.err.some((l) => /429 rate limited.*retry 1 of 3 in 2 s/.test(l))).toBe(true);
    expect(r.progress.at(-1)).toMatch(/fills page 11, 1000 records read/);
    const lines = csvLines(readFileSync(join(dir, 'fills.csv'), 'utf8'));
    expect(lines[0]).toBe('time,block,tx,txid,market,account,order_id,side,order_type,liquidity,price,size,fee,builder_fee');
    expect(lines).toHaveLength(1001);
    // Oldest first, every order id once, in order.
    expect(lines.slice(1).map((l) => Number(l.split(',')[6]))).toEqual(THOUSAND.map((f) => f.oid));
    // Exact decimals with each market's scales: BTC 1 price / 5 size decimals, ETH 2 / 4; fees in 6.
    expect(lines[1]).toBe('2026-11-01T00:00:00Z,1000,1,0x0000,BTC,824,1,buy,OpenLong,maker,85000.0,0.00010,-0.000100,0.000000');
    expect(lines[2]).toBe('2026-11-01T00:01:00Z,1001,1,0x0001,ETH,824,2,sell,OpenShort,taker,8500.01,0.0011,0.000929,0.000000');
    expect(lines[1000]).toBe('2026-11-01T16:39:00Z,1999,1,0x03e7,ETH,824,1000,buy,CloseShort,maker,8509.99,0.1009,0.001927,0.000000');
    expect(r.err.at(-1)).toBe(`perpl export: 1000 fills rows from 11 pages written to ${join(dir, 'fills.csv')}`);
  });

  it('export-file-is-0600', async () => {
    const r = await perplExport(['fills', '-o', join(dir, 'f.csv')], fakeExchange(THOUSAND.slice(0, 5)));
    expect(r.code).toBe(0);
    expect(statSync(join(dir, 'f.csv')).mode & 0o777).toBe(0o600);
  });

  it('export-from-to-window-keeps-only-its-rows-and-stops-paging-past-from', async () => {
    const ex = fakeExchange(THOUSAND);
    // [fill 900, fill 950): --from inclusive, --to exclusive with a time.
    const from = new Date(T0 + 900 * 60_000).toISOString();
    const to = new Date(T0 + 950 * 60_000).toISOString();
    const r = await perplExport(['fills', '--from', from, '--to', to], ex);
    expect(r.code).toBe(0);
    const ids = csvLines(r.out).slice(1).map((l) => Number(l.split(',')[6]));
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => 901 + i));
    // Fill 900 is on the second page (newest first, 100 a page): the walk stops there.
    expect(fillPages(ex)).toHaveLength(2);
  });

  it('export-page-finally-failing-leaves-no-file-and-says-how-far', async () => {
    const ex = fakeExchange(THOUSAND);
    ex.script('/v1/trading/fills', 4, { status: 503 });
    for (let n = 5; n <= 7; n++) ex.script('/v1/trading/fills', n, { status: 503 });
    const r = await perplExport(['fills', '-o', join(dir, 'fills.csv')], ex);
    expect(r.code).toBe(1);
    expect(r.err.filter((l) => /503.*retry \d of 3/.test(l))).toHaveLength(3);
    expect(r.err.some((l) => l.includes('stopped at page 4 of fills (3 pages and 300 records read, back to 2026-11-01T11:40:00Z)') && l.includes('nothing was written'))).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(r.out).toBe('');
  });

  it('export-json-is-one-array-of-string-values', async () => {
    const r = await perplExport(['fills', '--json'], fakeExchange(THOUSAND.slice(0, 3)));
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as Array<Record<string, string | null>>;
    expect(rows.map((x) => x.order_id)).toEqual(['1', '2', '3']);
    expect(rows[0]).toMatchObject({ market: 'BTC', price: '85000.0', size: '0.00010', fee: '-0.000100' });
    expect(r.out.split('\n')).toHaveLength(6); // "[", three rows, "]", and the final newline
  });

  it('export-csv-defuses-a-formula-symbol-and-escapes-controls-from-the-network', async () => {
    const r = await perplExport(['fills'], fakeExchange(THOUSAND.slice(0, 2), { [BTC]: '=1+2', 32: 'E\u001b[2JTH' }));
    expect(r.code).toBe(0);
    const lines = csvLines(r.out);
    expect(lines[1]!.split(',')[4]).toBe("'=1+2");
    expect(lines[2]!.split(',')[4]).not.toContain('\u001b');
    expect(lines[2]!.split(',')[4]).toMatch(/^E.*TH$/);
  });

  it('export-funding-is-the-funding-events-only-signed-as-paid-or-received', async () => {
    const at = (i: number) => ({ b: 2000 + i, t: T0 + i * 1000, tx: 1, l: 1 });
    const events = [
      { at: at(0), in: 1, id: 824, et: 1, a: '100000000', b: '100000000', lb: '0', f: '0' },
      { at: at(1), in: 1, id: 824, et: 8, m: BTC, p: 77, a: '-1234', b: '99998766', lb: '0', f: '0' },
      { at: at(2), in: 1, id: 824, et: 8, m: 32, p: 78, a: '56', b: '99998822', lb: '0', f: '0' },
    ];
    const funding = await perplExport(['funding'], fakeExchange({ events }));
    expect(csvLines(funding.out)).toEqual([
      'time,block,tx,txid,account,market,position_id,amount,balance',
      '2026-11-01T00:00:01Z,2001,1,,824,BTC,77,-0.001234,99.998766',
      '2026-11-01T00:00:02Z,2002,1,,824,ETH,78,0.000056,99.998822',
    ]);
    const account = await perplExport(['account', '--json'], fakeExchange({ events }));
    expect((JSON.parse(account.out) as Array<{ event: string }>).map((e) => e.event)).toEqual(['Deposit', 'Funding', 'Funding']);
  });

  it('export-orders-names-type-status-and-leaves-a-market-price-empty', async () => {
    const order = { at: { b: 5, t: T0, tx: 1 }, c: {}, rq: 3, mkt: BTC, acc: 824, oid: 99, st: 4, sr: 43, t: 1, os: 2000, fp: 669005, fs: 2000, f: '12979', fl: 4, lv: 250 };
    const r = await perplExport(['orders'], fakeExchange({ orders: [order] }));
    expect(csvLines(r.out)[1]).toBe('2026-11-01T00:00:00Z,5,1,,,BTC,824,99,3,OpenLong,Filled,TakerOrderFilled,ImmediateOrCancel,,0.02000,0.02000,66900.5,0.012979,0.000000,2.5');
  });

  it('export-trades-net-sums-to-the-trading-balance-change: round trips over paged fills, events and position rows, flat to flat, a 429 mid-way', async () => {
    const m = new LedgerModel();
    m.deposit(100_000_000n);
    const from = m.nowMs + 1000;
    for (let i = 0; i < 40; i++) {
      const mkt = i % 2 === 0 ? BTC : ETH;
      m.fill(mkt, 1, 30 + i, 850_000 + i * 10, BigInt(40 + i));
      m.funding(mkt, BigInt(i % 3) - 1n);
      m.fill(mkt, -1, 10, 850_500 - i * 7, i % 5 === 0 ? -3n : 9n); // a partial close
      m.fill(mkt, -1, 20 + i + 15, 849_900 + i * 3, 21n); // past flat: a flip to short 15
      m.fill(mkt, 1, 15, 850_100, 5n); // flat again
    }
    expect(m.fills).toHaveLength(160);
    const ex = fakeExchange({ fills: m.fills, events: m.events, positions: m.rows });
    ex.script('/v1/trading/position-history', 2, { status: 429, headers: { 'retry-after': '1' }, body: 'too many requests' });
    const r = await perplExport(['trades', '--from', new Date(from).toISOString()], ex);
    expect(r.code).toBe(0);
    const lines = csvLines(r.out);
    expect(lines[0]).toBe('closed,market,side,size,entry,exit,gross,fees,funding,net,r,duration,opened');
    // Every position opened and closed twice: a long, then the short the flip opened.
    expect(lines).toHaveLength(1 + 80);
    expect(fillPages(ex).length).toBeGreaterThan(1);
    const atoms = (cell: string) => BigInt(cell.replace('.', ''));
    const cells = lines.slice(1).map((l) => l.split(','));
    const net = cells.reduce((s, c) => s + atoms(c[9]!), 0n);
    expect(net).toBe(tradingBalanceChange(m.events, from, Number.POSITIVE_INFINITY));
    expect(net).not.toBe(0n);
    // The first trip: long 0.00030 BTC at 85000.0, closed by its flip; figures exact, gross + funding - fees = net.
    expect(cells[0]!.slice(1, 5)).toEqual(['BTC', 'long', '0.00030', '85000.0']);
    for (const c of cells) expect(atoms(c[6]!) + atoms(c[8]!) - atoms(c[7]!)).toBe(atoms(c[9]!));
    expect(cells.every((c) => c[10] === '' && /^\d+$/.test(c[11]!) && /^1970-/.test(c[12]!))).toBe(true);
  });

  it('export-trades-from-mid-position-is-not-a-reverse-trip: --from after an open lists that long as opened before, entry empty', async () => {
    const m = new LedgerModel();
    m.deposit(100_000_000n);
    m.fill(BTC, 1, 30, 850_000, 40n);
    const from = m.nowMs + 1000;
    m.fill(BTC, -1, 30, 851_000, 40n);
    const r = await perplExport(['trades', '--from', new Date(from).toISOString()], fakeExchange({ fills: m.fills, events: m.events, positions: m.rows }));
    const lines = csvLines(r.out);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1970-[^,]+,BTC,long,0\.00030,,85100\.0,0\.030000,0\.000040,0\.000000,0\.029960,,,$/);
  });

  it('export-bad-words-exit-2-before-any-request', async () => {
    const ex = fakeExchange([]);
    expect((await perplExport(['fils'], ex)).code).toBe(2);
    expect((await perplExport(['fills', '--csv', '--json'], ex)).code).toBe(2);
    expect((await perplExport(['fills', '--from', '2026-02-30'], ex)).code).toBe(2);
    expect(ex.asked).toEqual([]);
  });
});

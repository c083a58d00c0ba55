// Endpoint methods hit the documented paths and shapes: pagination, candle splitting, ticker/book/funding.

import { describe, expect, it } from 'vitest';
import { MAX_CANDLES_PER_REQUEST, mergeCandles, splitCandleRange } from '../../src/transport/rest/candle-ranges.js';
import { CHAIN_ID, PUBLIC_KEY, candle, fill, makeClient } from './fixtures.js';
import { serverAcceptsSignature, useTestServer } from './test-server.js';

const server = useTestServer();

/** Three pages of fills: cursor -> page. */
const PAGES: Record<string, { d: unknown[]; np?: string }> = {
  '': { d: [fill(9, 90), fill(8, 80)], np: 'CURSOR_A' },
  CURSOR_A: { d: [fill(7, 70), fill(6, 60)], np: 'CURSOR_B' },
  CURSOR_B: { d: [fill(5, 50)], np: '' },
};

function pagedFills() {
  server.reset((req) => {
    const page = new URL(req.rawUrl, 'http://x').searchParams.get('page') ?? '';
    return { status: 200, body: PAGES[page] ?? { d: [] } };
  });
}

describe('REST endpoints', () => {
  it('history-walks-np-to-the-last-page-and-stops-on-empty-np', async () => {
    pagedFills();
    const { client } = makeClient(server.baseUrl);
    const pages = [];
    for await (const p of client.history('fills', { count: 2 })) pages.push(p);
    expect(pages.map((p) => p.d.length)).toEqual([2, 2, 1]);
    expect(server.requests.map((r) => r.rawUrl)).toEqual([
      '/api/v1/trading/fills?count=2',
      '/api/v1/trading/fills?count=2&page=CURSOR_A',
      '/api/v1/trading/fills?count=2&page=CURSOR_B',
    ]);
    expect(server.requests.every((r) => serverAcceptsSignature(r, CHAIN_ID, PUBLIC_KEY))).toBe(true);
  });

  it('history-items-flattens-pages-newest-first', async () => {
    pagedFills();
    const { client } = makeClient(server.baseUrl);
    const oids = [];
    // Pages of 2 asked for: a page of 2 is full, so its np is followed.
    for await (const f of client.historyItems('fills', { count: 2 })) oids.push(f.oid);
    expect(oids).toEqual([9, 8, 7, 6, 5]);
  });

  it('history-stops-at-max-pages', async () => {
    pagedFills();
    const { client } = makeClient(server.baseUrl);
    let n = 0;
    for await (const _ of client.history('fills', { count: 2, maxPages: 2 })) n += _.d.length;
    expect(n).toBe(4);
    expect(server.requests).toHaveLength(2);
  });

  it('history-refuses-a-repeating-cursor-instead-of-looping', async () => {
    server.reset(() => ({ status: 200, body: { d: [fill(1, 1)], np: 'SAME' } }));
    const { client } = makeClient(server.baseUrl);
    const run = async () => {
      for await (const _ of client.history('fills', { count: 1 })) void _;
    };
    await expect(run()).rejects.toThrow(/repeated/);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('history-page-size-outside-1-100-is-refused-before-sending', () => {
    const { client } = makeClient(server.baseUrl);
    expect(() => client.history('fills', { count: 101 })).toThrow(/between 1 and 100/);
  });

  it('candles-split-a-3000-candle-range-into-3-requests-joined-oldest-first', async () => {
    const res = 60;
    const from = 1_790_000_000_000;
    const to = from + 3000 * res * 1000 - 1;
    server.reset((req) => {
      const m = /candles\/60\/(\d+)-(\d+)$/.exec(req.rawUrl);
      const [a, b] = [Number(m![1]), Number(m![2])];
      const d = [];
      // Each piece also repeats the previous piece's last candle, as an inclusive server bound might.
      for (let t = Math.max(from, a - res * 1000); t <= b; t += res * 1000) d.push(candle(t));
      return { status: 200, body: { mt: 12, r: res, d } };
    });
    const { client } = makeClient(server.baseUrl);
    const out = await client.candles(16, res, from, to);
    expect(server.requests).toHaveLength(3);
    for (const r of server.requests) {
      const m = /candles\/60\/(\d+)-(\d+)$/.exec(r.rawUrl)!;
      expect((Number(m[2]) - Number(m[1]) + 1) / (res * 1000)).toBeLessThanOrEqual(MAX_CANDLES_PER_REQUEST);
    }
    expect(out.r).toBe(60);
    expect(out.d).toHaveLength(3000);
    expect(out.d.every((c, i) => i === 0 || c.t - out.d[i - 1]!.t === 60_000)).toBe(true);
    expect(out.d[0]!.t).toBe(from);
  });

  it('short-candle-range-is-one-request', async () => {
    server.reset(() => ({ status: 200, body: { r: 3600, d: [] } }));
    const { client } = makeClient(server.baseUrl);
    const out = await client.candles(1, 3600, 0, 3_600_000 * 10);
    expect(server.requests.map((r) => r.rawUrl)).toEqual(['/api/v1/market-data/1/candles/3600/0-36000000']);
    expect(out.d).toEqual([]);
  });

  it('split-and-merge-helpers-cover-the-range-without-gaps', () => {
    const ranges = splitCandleRange(1000, 1000 + 2048 * 60_000, 60);
    expect(ranges).toHaveLength(3);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.fromMs).toBe(ranges[i - 1]!.toMs + 1);
    expect(ranges[ranges.length - 1]!.toMs).toBe(1000 + 2048 * 60_000);
    expect(mergeCandles([[candle(3), candle(1)], [candle(2), candle(3)]]).map((c) => c.t)).toEqual([1, 2, 3]);
    expect(() => splitCandleRange(10, 5, 60)).toThrow(/range/);
  });

  it('book-ticker-and-funding-use-the-documented-paths', async () => {
    server.reset((req) => {
      if (req.rawUrl.includes('/book')) return { status: 200, body: { mt: 15, sn: 5, bid: [{ p: 10, s: 1, o: 1 }], ask: [] } };
      if (req.rawUrl.includes('/ticker')) return { status: 200, body: { mt: 9, sn: 5, d: {} } };
      return { status: 200, body: { mt: 13, m: 16, d: [] } };
    });
    const { client } = makeClient(server.baseUrl, { signed: false });
    const book = await client.book(16, 20);
    expect(book.bid[0]!.p).toBe(10);
    await client.ticker(16);
    await client.ticker();
    await client.fundingHistory(16, 1000, 2000);
    expect(server.requests.map((r) => r.rawUrl)).toEqual([
      '/api/v1/market-data/16/book?levels=20',
      '/api/v1/market-data/16/ticker',
      '/api/v1/market-data/ticker',
      '/api/v1/market-data/16/funding/1000-2000',
    ]);
    expect(() => client.book(16, 0)).toThrow(/between 1 and 100/);
  });

  it('account-endpoints-are-signed-and-decoded', async () => {
    server.reset((req) => {
      if (req.rawUrl.endsWith('/wallet')) return { status: 200, body: { sn: 77, addr: '0xabc', as: [], sts: [] } };
      if (req.rawUrl.endsWith('/orders')) return { status: 200, body: { sn: 77, d: [] } };
      return { status: 200, body: { sn: 77, d: [] } };
    });
    const { client } = makeClient(server.baseUrl);
    const w = await client.wallet();
    expect([w.mt, w.sn]).toEqual([19, 77]);
    expect((await client.orders()).mt).toBe(23);
    expect((await client.positions()).mt).toBe(26);
    expect(server.requests.every((r) => serverAcceptsSignature(r, CHAIN_ID, PUBLIC_KEY))).toBe(true);
  });
});

// Public REST endpoints and history pagination over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import { signedGet, type TestKey } from './helpers.js';
import { startTestSim } from './sim-setup.js';
import { marketLabel } from '../../src/domain/market-label.js';

let sim: RunningSim;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 100, flowStepsPerSec: 20, limits: { restPublicPerMin: 0 } });
  const ctx = (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as { markets: { id: number; symbol: string; name: string }[] };
  btc = ctx.markets.find((m) => marketLabel(m) === 'BTC')!.id;
});
afterAll(() => sim.stop());

const status = async (path: string): Promise<number> => (await fetch(`${sim.rest}${path}`)).status;

describe('public REST', () => {
  it('context-lists-markets: chain id 31337 and the configured markets with decimals', async () => {
    const ctx = (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as {
      chain: { chain_id: number };
      markets: { id: number; config: { price_decimals: number } }[];
    };
    expect(ctx.chain.chain_id).toBe(31337);
    expect(ctx.markets.length).toBeGreaterThan(0);
    expect(typeof ctx.markets[0]!.config.price_decimals).toBe('number');
  });

  it('book-levels-bounds: 1..100 accepted and honoured, 0 / 101 / junk are 400 (not clamped)', async () => {
    const res = await fetch(`${sim.rest}/v1/market-data/${btc}/book?levels=2`);
    const book = (await res.json()) as { mt: number; bid: unknown[]; ask: unknown[]; sn: number };
    expect(book.mt).toBe(15);
    expect(book.bid.length).toBeLessThanOrEqual(2);
    expect(book.ask.length).toBeLessThanOrEqual(2);
    expect(await status(`/v1/market-data/${btc}/book?levels=0`)).toBe(400);
    expect(await status(`/v1/market-data/${btc}/book?levels=101`)).toBe(400);
    expect(await status(`/v1/market-data/${btc}/book?levels=x`)).toBe(400);
    expect(await status(`/v1/market-data/${btc}/book?levels=100`)).toBe(200);
    expect(await status(`/v1/market-data/999/book`)).toBe(404);
  });

  it('candles-bounds: bad resolution and more than 1024 candles are 400; a valid range returns mt 12 oldest first', async () => {
    const now = Date.now();
    const ok = await fetch(`${sim.rest}/v1/market-data/${btc}/candles/60/${now - 3_600_000}-${now}`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { r: number; d: { t: number }[] };
    expect(body.r).toBe(60);
    expect(body.d.length).toBeGreaterThan(0);
    for (let i = 1; i < body.d.length; i++) expect(body.d[i]!.t).toBeGreaterThan(body.d[i - 1]!.t);
    expect(await status(`/v1/market-data/${btc}/candles/61/${now - 60_000}-${now}`)).toBe(400);
    expect(await status(`/v1/market-data/${btc}/candles/60/${now - 1025 * 60_000}-${now}`)).toBe(400);
    expect(await status(`/v1/market-data/${btc}/candles/60/${now}-${now - 1000}`)).toBe(400);
  });

  it('funding-history: per market and all markets answer, an oversized range is 400', async () => {
    const now = Date.now();
    expect(await status(`/v1/market-data/${btc}/funding/${now - 86_400_000}-${now}`)).toBe(200);
    const all = await fetch(`${sim.rest}/v1/market-data/funding/${now - 86_400_000}-${now}`);
    expect(all.status).toBe(200);
    expect(typeof ((await all.json()) as { d: object }).d).toBe('object');
    expect(await status(`/v1/market-data/funding/0-${now}`)).toBe(400);
  });

  it('ticker: one market as a map, all markets, unknown market 400', async () => {
    const one = (await (await fetch(`${sim.rest}/v1/market-data/${btc}/ticker`)).json()) as { mt: number; d: Record<string, unknown> };
    expect(one.mt).toBe(9);
    expect(Object.keys(one.d)).toEqual([String(btc)]);
    expect(await status('/v1/market-data/ticker')).toBe(200);
    expect(await status('/v1/market-data/999/ticker')).toBe(400);
  });

  it('unknown-path-404: unknown API paths and paths outside /api are 404', async () => {
    expect(await status('/v1/nope')).toBe(404);
    expect((await fetch(`${sim.rest.replace(/\/api$/, '')}/v1/pub/context`)).status).toBe(404);
    expect(await status('/v1/profile/announcements')).toBe(200);
  });
});

describe('history pagination', () => {
  it('pages-to-the-end: every account event is served once across pages, newest first, np absent at the end', async () => {
    const w = sim.control.createWallet();
    const key: TestKey = sim.control.issueKey({ address: w.address, scopeMask: 1 });
    for (let i = 0; i < 130; i++) sim.control.engine.deposit(w.accountId!, String(1_000_000 + i));
    const expected = sim.control.engine.accountHistory(w.accountId!).map((e) => JSON.stringify(e));
    expect(expected.length).toBeGreaterThanOrEqual(130);

    const seen: string[] = [];
    let page = '';
    for (let n = 0; n < 20; n++) {
      const path = `/v1/trading/account-history?count=40${page ? `&page=${page}` : ''}`;
      const res = await signedGet(sim.rest, sim.chainId, key, path);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { d: unknown[]; np?: string };
      seen.push(...body.d.map((e) => JSON.stringify(e)));
      // New records at the head while paging must not shift later pages.
      sim.control.engine.deposit(w.accountId!, '1');
      if (!body.np) break;
      page = body.np;
    }
    expect(seen).toEqual(expected);
  });
});

describe('REST rate limits', () => {
  it('rate-limited-429: beyond the configured per-IP budget the answer is 429 with Retry-After', async () => {
    const limited = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { restPublicPerMin: 5 } });
    try {
      const codes: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${limited.rest}/v1/pub/context`);
        codes.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
      }
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(codes.slice(5)).toEqual([429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.stop();
    }
  });
});

// A fake exchange REST for `perpl export` tests, answered through `fetch` (no socket): the context and
// the signed history endpoints paged as live pages them (wire.md 5): newest first, `count` at most 100,
// `np` on every page that holds records (a short last page too), an empty page after the last. Failures
// are scripted per request number of a path.

import type { AccountEvent, Fill, Order, Position } from '../../src/protocol/frames.js';

export const BTC = 16;
export const ETH = 32;

function market(id: number, symbol: string, priceDecimals: number, sizeDecimals: number) {
  return {
    ver: 1, id, instance_id: 1, perpetual_id: id, symbol, name: `${symbol} Perp`, size_units: symbol,
    funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20, order_max_market_slippage_bps: 1000,
    config: {
      at: { b: 1, t: 1000 }, is_open: true, price_decimals: priceDecimals, size_decimals: sizeDecimals, min_posting_amount: '0',
      min_settle_amount: '0', initial_margin: 1500, maintenance_margin: 2500, maker_fee: 45, taker_fee: 345,
    },
  };
}

/** The first fill's time; one fill a minute after it (block times are whole seconds). */
export const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);

/** Fill i (0 = oldest): alternating BTC (1 price decimal, 5 size) and ETH (2 and 4), every 7th a rebate. */
export function makeFill(i: number): Fill {
  return {
    at: { b: 1000 + i, t: T0 + i * 60_000, tx: 1, txid: `0x${i.toString(16).padStart(4, '0')}`, l: 1 },
    mkt: i % 2 === 0 ? BTC : ETH,
    acc: 824,
    oid: i + 1,
    t: i % 4 === 0 ? 1 : i % 4 === 1 ? 2 : i % 4 === 2 ? 3 : 4,
    l: i % 3 === 0 ? 1 : 2,
    p: 850_000 + i,
    s: 10 + i,
    f: i % 7 === 0 ? `-${100 + i}` : String(928 + i),
  };
}

export type Scripted = { status: number; headers?: Record<string, string>; body?: string };

export interface FakeExchange {
  fetch: typeof fetch;
  /** Paths asked, in order (query included). */
  asked: string[];
  /** Answer the n-th request (1-based) of `path` with this instead. */
  script(path: string, n: number, reply: Scripted): void;
  symbols: Record<number, string>;
}

export interface FakeHistory {
  fills?: Fill[];
  events?: AccountEvent[];
  orders?: Order[];
  positions?: Position[];
}

/** Records oldest first, paged newest first as live does. */
export function fakeExchange(history: Fill[] | FakeHistory, symbols: Record<number, string> = { [BTC]: 'BTC', [ETH]: 'ETH' }): FakeExchange {
  const h: FakeHistory = Array.isArray(history) ? { fills: history } : history;
  const endpoints: Record<string, unknown[]> = {
    '/v1/trading/fills': [...(h.fills ?? [])].reverse(),
    '/v1/trading/account-history': [...(h.events ?? [])].reverse(),
    '/v1/trading/order-history': [...(h.orders ?? [])].reverse(),
    '/v1/trading/position-history': [...(h.positions ?? [])].reverse(),
  };
  const asked: string[] = [];
  const counts = new Map<string, number>();
  const scripted = new Map<string, Scripted>();
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const ex: FakeExchange = {
    asked,
    symbols,
    script: (path, n, reply) => scripted.set(`${path}#${n}`, reply),
    fetch: async (input) => {
      const url = new URL(String(input));
      const path = url.pathname.replace(/^\/api/, '');
      asked.push(`${path}${url.search}`);
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const s = scripted.get(`${path}#${n}`) ?? scripted.get(`${path}#*`);
      if (s) return new Response(s.body ?? 'scripted', { status: s.status, headers: s.headers ?? {} });
      if (path === '/v1/pub/context') {
        return json(200, { chain: { ver: 1, chain_id: 31337 }, instances: [], tokens: [], markets: [market(BTC, symbols[BTC]!, 1, 5), market(ETH, symbols[ETH]!, 2, 4)] });
      }
      const newestFirst = endpoints[path];
      if (newestFirst) {
        const count = Math.min(100, Number(url.searchParams.get('count') ?? 50));
        const page = url.searchParams.get('page');
        const start = page === null ? 0 : Number(Buffer.from(page, 'base64url').toString());
        const d = newestFirst.slice(start, start + count);
        return json(200, d.length > 0 ? { d, np: Buffer.from(String(start + count)).toString('base64url') } : { d: [] });
      }
      return json(404, 'not found');
    },
  };
  return ex;
}

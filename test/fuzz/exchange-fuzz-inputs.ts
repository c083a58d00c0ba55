// Hostile inputs for the local exchange fuzz test, all drawn from one seeded fast-check stream so a
// failing run can be replayed from its seed: REST requests (odd paths, methods, headers and bodies),
// correctly signed requests with one signed part changed, raw HTTP the parser must refuse, and
// trading / market-data frames that look almost right.

import fc from 'fast-check';

export interface FuzzTargets {
  /** Markets the attacker may name (the victim's market is left out, so no fair trade can touch it). */
  markets: number[];
  attackerAccount: number;
  victimAccount: number;
  chainId: number;
}

export const SIGNED_PATHS = [
  '/v1/trading/wallet',
  '/v1/trading/orders',
  '/v1/trading/positions',
  '/v1/trading/fills',
  '/v1/trading/order-history',
  '/v1/trading/position-history',
  '/v1/trading/account-history',
  '/v1/profile/ref-code',
];

const PUBLIC_PATHS = [
  '/v1/pub/context',
  '/v1/market-data/1/book',
  '/v1/market-data/ticker',
  '/v1/market-data/1/ticker',
  '/v1/market-data/1/candles/60/0-1000',
  '/v1/market-data/funding/0-1000',
  '/v1/market-data/1/funding/0-1000',
  '/v1/profile/announcements',
  '/v1/api-key/payload',
  '/v1/api-key/enroll',
];

const jsonValue = fc.jsonValue({ maxDepth: 3 });
/** Printable ASCII: what an HTTP client will put into a header value. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 120 });
const pathJunk = fc.constantFrom('%', '%00', '%ff', '..', '//', '\u00e9', '?', '&', '=', '#', '*', '@', '-', '0', '99999999999999999999');

const path = fc.oneof(
  fc.constantFrom(...SIGNED_PATHS, ...PUBLIC_PATHS),
  fc.tuple(fc.constantFrom(...SIGNED_PATHS, ...PUBLIC_PATHS), fc.array(pathJunk, { minLength: 1, maxLength: 4 })).map(([p, junk]) => p + junk.join('')),
  fc.tuple(fc.constantFrom(...PUBLIC_PATHS), fc.string({ maxLength: 12 })).map(([p, seg]) => p.replace(/\/[^/]+$/, `/${encodeURIComponent(seg)}`)),
  fc.tuple(fc.constantFrom(...SIGNED_PATHS, ...PUBLIC_PATHS), fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 20 }), { maxKeys: 4 })).map(
    ([p, q]) => `${p}?${new URLSearchParams(q).toString()}`,
  ),
);

const body = fc.oneof(
  fc.constant(undefined),
  jsonValue.map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  jsonValue.map((v) => JSON.stringify({ d: [v], mt: 30 })),
  jsonValue.map((v) => JSON.stringify(v).slice(0, -1)),
);

export interface RestCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** A request with whatever method, path, auth headers and body: anything but a valid signature. */
export const restCase: fc.Arbitrary<RestCase> = fc.record({
  method: fc.oneof(
    { arbitrary: fc.constant('GET'), weight: 4 },
    { arbitrary: fc.constant('POST'), weight: 3 },
    { arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), weight: 1 },
  ),
  path,
  headers: fc.record(
    {
      'x-api-key': headerText,
      'x-api-timestamp': fc.oneof(headerText, fc.integer().map(String), fc.constant(String(Date.now()))),
      'x-api-nonce': headerText,
      'x-api-signature': fc.oneof(headerText, fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64url'))),
      origin: headerText,
      'content-type': fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'),
    },
    { requiredKeys: [] },
  ),
  body,
});

/** Which signed part of a correctly signed request to change; each change must cost the signature. */
export type SignedMutation =
  | { kind: 'signature-bit'; byte: number; bit: number }
  | { kind: 'timestamp'; deltaMs: number }
  | { kind: 'nonce'; nonce: string }
  | { kind: 'target'; suffix: string }
  | { kind: 'body'; body: string }
  | { kind: 'method' }
  | { kind: 'victim-token' }
  | { kind: 'replay' };

export const signedMutation: fc.Arbitrary<SignedMutation> = fc.oneof(
  fc.record({ kind: fc.constant('signature-bit' as const), byte: fc.integer({ min: 0, max: 63 }), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('timestamp' as const), deltaMs: fc.integer({ min: -25_000, max: 25_000 }).filter((d) => d !== 0) }),
  fc.record({ kind: fc.constant('nonce' as const), nonce: fc.base64String({ minLength: 4, maxLength: 24 }).map((s) => s.replace(/[+/=]/g, 'A')) }),
  fc.record({ kind: fc.constant('target' as const), suffix: fc.constantFrom('?count=1', '/', '?', '%20', '?x=1') }),
  fc.record({ kind: fc.constant('body' as const), body: jsonValue.map((v) => JSON.stringify({ d: [v] })) }),
  fc.constant({ kind: 'method' as const }),
  fc.constant({ kind: 'victim-token' as const }),
  fc.constant({ kind: 'replay' as const }),
);

/** Raw bytes no well-behaved client sends: the HTTP parser must answer 4xx or close, never hang or 5xx. */
export const rawHttp: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    'GET /api/v1/pub/context HTTP/9.9\r\nHost: x\r\n\r\n',
    'POST /api/v1/trading/orders HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n\r\n',
    'POST /api/v1/api-key/enroll HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'POST /api/v1/api-key/enroll HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'POST /api/v1/api-key/enroll HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{"a"',
    'GET /api/v1/pub/context HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
    `GET /api/v1/pub/context HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
    `GET /api/${'a/'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    'GET /api/v1/pub/context HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/trading/wallet HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /ws/v1/market-data HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 99\r\n\r\n',
    'GET /ws/v1/trading HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    '\r\n\r\n\r\n',
  ),
  fc.uint8Array({ minLength: 1, maxLength: 400 }).map((b) => Buffer.concat([Buffer.from(b), Buffer.from('\r\n\r\n')])),
);

const anyNumber = fc.oneof(fc.integer(), fc.integer({ min: -3, max: 12 }), fc.double(), fc.constant(2 ** 60), fc.constant(-1));
const anyValue = fc.oneof(anyNumber, fc.string({ maxLength: 8 }), fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));

/** A plausible order of the attacker's (any type, flag and size) with up to two fields set to nonsense. */
export function nearValidOrder(t: FuzzTargets): fc.Arbitrary<Record<string, unknown>> {
  const base = fc.record({
    mkt: fc.constantFrom(...t.markets),
    acc: fc.constant(t.attackerAccount),
    t: fc.integer({ min: 1, max: 7 }),
    p: fc.oneof(fc.constant(0), fc.nat({ max: 200_000_000 })),
    s: fc.nat({ max: 100_000 }),
    fl: fc.constantFrom(0, 1, 2, 4),
    lv: fc.constantFrom(0, 100, 500, 1000, 5000),
    lb: fc.constant(0),
    ms: fc.nat({ max: 1000 }),
    oid: fc.nat({ max: 100 }),
  });
  const field = fc.constantFrom('mkt', 'acc', 't', 'p', 's', 'fl', 'lv', 'lb', 'ms', 'mnp', 'tp', 'tpc', 'tif', 'a', 'oid', 'tr', 'lp');
  const damage = fc.array(fc.tuple(field, fc.oneof(anyValue, fc.constant(t.victimAccount), fc.integer({ min: -1, max: 10 }))), { maxLength: 2 });
  return fc.tuple(base, damage).map(([order, edits]) => {
    const out: Record<string, unknown> = { ...order };
    for (const [k, v] of edits) out[k] = k === 'mkt' && typeof v === 'number' && !t.markets.includes(v) ? 987_654 : v;
    return out;
  });
}

/** Bodies of the signed batch endpoint: plausible orders, some damaged, or no batch at all. */
export function batchBody(t: FuzzTargets): fc.Arbitrary<string> {
  return fc.oneof(
    fc.record({ sn: fc.oneof(fc.nat(), anyValue), d: fc.array(nearValidOrder(t), { minLength: 0, maxLength: 12 }) }, { requiredKeys: ['d'] }).map((b) => JSON.stringify(b)),
    jsonValue.map((v) => JSON.stringify(v)),
  );
}

/** Queries of the signed history endpoints with odd counts and cursors. */
export const historyQuery = fc
  .tuple(
    fc.constantFrom('/v1/trading/fills', '/v1/trading/order-history', '/v1/trading/position-history', '/v1/trading/account-history'),
    fc.oneof(fc.integer({ min: -2, max: 200 }).map(String), fc.string({ maxLength: 8 })),
    fc.oneof(fc.constant(''), fc.base64String({ maxLength: 40 }), fc.string({ maxLength: 12 })),
  )
  .map(([p, count, page]) => `${p}?${new URLSearchParams({ count, page }).toString()}`);

/** mt 22 frames with real field names: real ids mixed with nonsense, never the victim's market. */
export function orderFrame(t: FuzzTargets): fc.Arbitrary<Record<string, unknown>> {
  const market = fc.oneof(fc.constantFrom(...t.markets), anyValue).map((m) => (typeof m === 'number' && !t.markets.includes(m) ? 987_654 : m));
  return fc.record(
    {
      mt: fc.constant(22),
      sn: fc.oneof(fc.nat(), anyValue),
      rq: fc.oneof(fc.nat(), anyValue),
      mkt: market,
      acc: fc.oneof(fc.constant(t.attackerAccount), fc.constant(t.victimAccount), anyValue),
      t: fc.oneof(fc.integer({ min: 0, max: 8 }), anyValue),
      p: fc.oneof(fc.nat(), anyValue),
      s: fc.oneof(fc.nat({ max: 1000 }), anyValue),
      fl: fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 5, 8), anyValue),
      tp: fc.oneof(fc.nat(), anyValue),
      tpc: fc.oneof(fc.integer({ min: 0, max: 6 }), anyValue),
      lv: fc.oneof(fc.nat({ max: 5000 }), anyValue),
      lb: fc.oneof(fc.constant(0), anyValue),
      ms: fc.oneof(fc.nat({ max: 1000 }), anyValue),
      mnp: anyValue,
      oid: anyValue,
      a: anyValue,
    },
    { requiredKeys: ['mt', 'acc'] },
  );
}

/** Any frame a client could send to either socket, well-formed or not. */
export function clientFrame(t: FuzzTargets): fc.Arbitrary<string | Buffer> {
  const streams = fc.oneof(
    fc.constantFrom('heartbeat@31337', `order-book@0${t.markets[0]}`, `Trades@${t.markets[0]}`, `candles@${t.markets[0]}*060`, ` heartbeat@${t.chainId}`),
    fc.string({ maxLength: 30 }),
  );
  return fc.oneof(
    orderFrame(t).map((f) => JSON.stringify(f)),
    nearValidOrder(t).map((o) => JSON.stringify({ mt: 22, sn: 9, rq: Date.now(), ...o })),
    fc.record({ mt: fc.constant(5), subs: fc.array(fc.record({ stream: streams, subscribe: fc.oneof(fc.boolean(), anyValue) }), { maxLength: 20 }) }).map((f) => JSON.stringify(f)),
    fc.record({ mt: fc.constantFrom(1, 3, 4, 13, 29, 30, 100, 4242), t: anyValue, sn: anyValue }).map((f) => JSON.stringify(f)),
    jsonValue.map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b)),
    fc.nat({ max: 200 }).map((depth) => `${'['.repeat(depth * 50)}${']'.repeat(depth * 50)}`),
  );
}

/** A correct sign-in (built by the caller) with one signed field changed or the victim's token swapped in. */
export type SignInMutation = 'signature' | 'timestamp' | 'nonce' | 'chain' | 'victim-token' | 'replay';
export const signInMutation: fc.Arbitrary<SignInMutation> = fc.constantFrom('signature', 'timestamp', 'nonce', 'chain', 'victim-token', 'replay');

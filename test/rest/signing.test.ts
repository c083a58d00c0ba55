// What the server receives must verify: the signed target is the sent target, byte for byte.

import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/auth/clock.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { resolveNetwork } from '../../src/protocol/networks.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { API_TOKEN, CHAIN_ID, PUBLIC_KEY, SEED, makeClient } from './fixtures.js';
import { serverAcceptsSignature, serverCanonical, useTestServer } from './test-server.js';

const server = useTestServer({ status: 200, body: { ok: true } });

describe('REST signing on the wire', () => {
  it('signed-get-headers-verify-against-the-canonical-string-the-server-rebuilt', async () => {
    const { client } = makeClient(server.baseUrl);
    await client.get('/v1/trading/fills', (v) => v, { signed: true, query: { count: 100, page: 'AAAAAAQUbjoAAAADAAAABA' } });
    const [req] = server.requests;
    expect(req!.rawUrl).toBe('/api/v1/trading/fills?count=100&page=AAAAAAQUbjoAAAADAAAABA');
    expect(req!.headers['x-api-key']).toBe(API_TOKEN);
    expect(serverCanonical(req!, CHAIN_ID).split('\n')[2]).toBe('/v1/trading/fills?count=100&page=AAAAAAQUbjoAAAADAAAABA');
    expect(serverAcceptsSignature(req!, CHAIN_ID, PUBLIC_KEY)).toBe(true);
  });

  it('query-needing-percent-encoding-is-signed-exactly-as-sent', async () => {
    const { client } = makeClient(server.baseUrl);
    const prepared = client.prepare('GET', '/v1/trading/fills?x=a b|c', { query: [['page', 'a+b/c=='], ['count', 5]], signed: true });
    await client.get('/v1/trading/fills?x=a b|c', (v) => v, { signed: true, query: { page: 'a+b/c==', count: 5 } });
    const req = server.requests[0]!;
    expect(`/api${prepared.target}`).toBe(req.rawUrl);
    expect(serverAcceptsSignature(req, CHAIN_ID, PUBLIC_KEY)).toBe(true);
  });

  it('signed-post-body-hash-covers-the-exact-bytes-sent', async () => {
    const { client } = makeClient(server.baseUrl);
    const body = { d: [{ rq: 1, mkt: 16, acc: 841, t: 1, p: 0, s: 1, fl: 4, lv: 1000, lb: 0 }], note: 'ünïcode' };
    await client.post('/v1/trading/orders', body, { signed: true });
    const req = server.requests.find((r) => r.method === 'POST')!;
    expect(req.method).toBe('POST');
    expect(req.body).toBe(JSON.stringify(body));
    expect(req.headers['content-type']).toBe('application/json');
    expect(serverAcceptsSignature(req, CHAIN_ID, PUBLIC_KEY)).toBe(true);
  });

  it('each-attempt-is-signed-with-a-fresh-nonce', async () => {
    server.reset((_r, i) => (i === 0 ? { status: 503 } : { status: 200, body: {} }));
    const { client } = makeClient(server.baseUrl);
    await client.get('/v1/trading/wallet', (v) => v, { signed: true });
    const [a, b] = server.requests;
    expect(a!.headers['x-api-nonce']).not.toBe(b!.headers['x-api-nonce']);
    expect(serverAcceptsSignature(b!, CHAIN_ID, PUBLIC_KEY)).toBe(true);
  });

  it('unsigned-requests-carry-no-auth-headers', async () => {
    const { client } = makeClient(server.baseUrl);
    await client.get('/v1/pub/context', (v) => v);
    expect(Object.keys(server.requests[0]!.headers).filter((h) => h.startsWith('x-api-'))).toEqual([]);
  });

  it('enrollment-post-sends-no-origin-header', async () => {
    const { client } = makeClient(server.baseUrl, { signed: false });
    await client.post('/v1/api-key/payload', { chain_id: CHAIN_ID, address: '0x0' });
    expect(server.requests[0]!.headers['origin']).toBeUndefined();
  });

  it('skewed-local-clock-is-corrected-so-the-timestamp-lands-within-30s-of-server-time', async () => {
    const skewMs = 10 * 60_000; // server runs ten minutes ahead of this machine
    const serverDate = () => new Date(Date.now() + skewMs);
    server.reset((req) => {
      const date = serverDate();
      const ts = Number(req.headers['x-api-timestamp'] ?? 0);
      const fresh = Math.abs(ts - date.getTime()) <= 30_000;
      return req.headers['x-api-key'] && !fresh
        ? { status: 401, body: 'stale timestamp', headers: { date: date.toUTCString() } }
        : { status: 200, body: {}, headers: { date: date.toUTCString() } };
    });
    const { client, clock } = makeClient(server.baseUrl);
    await client.get('/v1/pub/context', (v) => v);
    expect(Math.abs(clock.offsetMs - skewMs)).toBeLessThan(2_000);
    await client.get('/v1/trading/wallet', (v) => v, { signed: true });
    const signed = server.requests[1]!;
    expect(Math.abs(Number(signed.headers['x-api-timestamp']) - serverDate().getTime())).toBeLessThanOrEqual(30_000);
  });

  it('first-signed-request-with-a-skewed-clock-recovers-after-one-401', async () => {
    const skewMs = -5 * 60_000;
    server.reset((req) => {
      const date = new Date(Date.now() + skewMs);
      const fresh = Math.abs(Number(req.headers['x-api-timestamp']) - date.getTime()) <= 30_000;
      return fresh ? { status: 200, body: { ok: 1 }, headers: { date: date.toUTCString() } } : { status: 401, headers: { date: date.toUTCString() } };
    });
    const { client, sleeps } = makeClient(server.baseUrl);
    await expect(client.get('/v1/trading/wallet', (v) => v, { signed: true })).resolves.toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('client-adopts-the-signer-clock-so-date-headers-correct-the-timestamps-it-signs', () => {
    const clock = new ServerClock();
    const signer = new ApiKeySigner({ apiKey: API_TOKEN, seed: SEED }, CHAIN_ID, clock);
    const network = resolveNetwork({ baseUrl: server.baseUrl, chainId: CHAIN_ID });
    expect(new RestClient({ network, signer }).clock).toBe(clock);
    expect(() => new RestClient({ network, signer, clock: new ServerClock() })).toThrow(/one ServerClock/);
  });

  it('signer-for-another-chain-is-refused', () => {
    const signer = new ApiKeySigner({ apiKey: API_TOKEN, seed: SEED }, 143);
    expect(() => new RestClient({ network: resolveNetwork({ baseUrl: server.baseUrl, chainId: CHAIN_ID }), signer })).toThrow(/chain 143/);
  });

  it('first-signed-write-calibrates-the-clock-first-because-writes-are-never-retried', async () => {
    const skewMs = 7 * 60_000;
    server.reset(() => ({ status: 200, body: {}, headers: { date: new Date(Date.now() + skewMs).toUTCString() } }));
    const { client } = makeClient(server.baseUrl);
    await client.post('/v1/trading/orders', { d: [] }, { signed: true });
    expect(server.requests.map((r) => `${r.method} ${r.rawUrl}`)).toEqual(['GET /api/v1/profile/announcements', 'POST /api/v1/trading/orders']);
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
    expect(Math.abs(Number(server.requests[1]!.headers['x-api-timestamp']) - (Date.now() + skewMs))).toBeLessThanOrEqual(30_000);
    await client.post('/v1/trading/orders', { d: [] }, { signed: true });
    expect(server.requests).toHaveLength(3);
  });
});

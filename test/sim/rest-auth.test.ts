// Signed REST over real HTTP: every auth failure is 401, scope and account rules, and the
// request-target rule (signed without /api, exactly as sent).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import { newNonce, signedGet, type TestKey } from './helpers.js';
import { startTestSim } from './sim-setup.js';

let sim: RunningSim;
let key: TestKey;
let address: string;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 100, flowStepsPerSec: 10 });
  const w = sim.control.createWallet();
  address = w.address;
  key = sim.control.issueKey({ address, scopeMask: 3 });
});
afterAll(() => sim.stop());

const get = (path: string, k: TestKey = key, o = {}) => signedGet(sim.rest, sim.chainId, k, path, o);

describe('REST request signing', () => {
  it('good-signature-accepted: a correctly signed GET returns the wallet with the head block as sn', async () => {
    const res = await get('/v1/trading/wallet');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mt: number; sn: number; addr: string; as: { id: number; fw: boolean }[] };
    expect(body.mt).toBe(19);
    expect(body.addr.toLowerCase()).toBe(address);
    expect(body.as[0]!.fw).toBe(true);
    expect(Math.abs(body.sn - sim.control.headBlock())).toBeLessThanOrEqual(2);
  });

  it('query-signed-as-sent: a query string is part of the signed target, byte for byte', async () => {
    expect((await get('/v1/trading/fills?count=5&page=')).status).toBe(200);
    const res = await get('/v1/trading/fills?page=&count=5', key, { signedTarget: '/v1/trading/fills?count=5&page=' });
    expect(res.status).toBe(401);
  });

  it('bad-signature-401: a signature by another seed is refused', async () => {
    const other = sim.control.issueKey({ address, scopeMask: 3 });
    expect((await get('/v1/trading/orders', key, { seedHex: other.seedHex })).status).toBe(401);
  });

  it('replayed-nonce-401: the second use of a nonce is refused even with a valid signature', async () => {
    const nonce = newNonce();
    const timestamp = Date.now();
    expect((await get('/v1/trading/orders', key, { nonce, timestamp })).status).toBe(200);
    expect((await get('/v1/trading/orders', key, { nonce, timestamp })).status).toBe(401);
  });

  it('stale-timestamp-401: timestamps outside +-30 s are refused on both sides', async () => {
    expect((await get('/v1/trading/orders', key, { timestamp: Date.now() - 31_000 })).status).toBe(401);
    expect((await get('/v1/trading/orders', key, { timestamp: Date.now() + 31_000 })).status).toBe(401);
    expect((await get('/v1/trading/orders', key, { timestamp: Date.now() - 20_000 })).status).toBe(200);
  });

  it('api-prefixed-target-401: signing /api/v1/... instead of /v1/... is refused', async () => {
    const res = await get('/v1/trading/orders', key, { signedTarget: '/api/v1/trading/orders' });
    expect(res.status).toBe(401);
  });

  it('wrong-chain-401: a signature for another chain id is refused', async () => {
    expect((await get('/v1/trading/orders', key, { chainId: 143 })).status).toBe(401);
  });

  it('missing-headers-401: an unsigned request to a signed endpoint is refused', async () => {
    expect((await fetch(`${sim.rest}/v1/trading/fills`)).status).toBe(401);
  });

  it('expired-key-401: a key past expires_at is refused', async () => {
    const expired = sim.control.issueKey({ address, scopeMask: 3, expiresAt: Date.now() - 1 });
    expect((await get('/v1/trading/orders', expired)).status).toBe(401);
  });

  it('revoked-key-401: a revoked key is refused', async () => {
    const k = sim.control.issueKey({ address, scopeMask: 3 });
    expect((await get('/v1/trading/orders', k)).status).toBe(200);
    sim.control.revokeKey(k.apiKey);
    expect((await get('/v1/trading/orders', k)).status).toBe(401);
  });

  it('ip-not-allowed-401: a key limited to other networks is refused from loopback; loopback ranges pass', async () => {
    const outside = sim.control.issueKey({ address, scopeMask: 3, ipCidrs: ['10.0.0.0/8', '2001:db8::/32'] });
    expect((await get('/v1/trading/orders', outside)).status).toBe(401);
    const inside = sim.control.issueKey({ address, scopeMask: 3, ipCidrs: ['127.0.0.0/8'] });
    expect((await get('/v1/trading/orders', inside)).status).toBe(200);
  });

  it('read-scope-reads: a read-only key may GET every signed endpoint', async () => {
    const reader = sim.control.issueKey({ address, scopeMask: 1 });
    for (const p of ['/v1/trading/wallet', '/v1/trading/orders', '/v1/trading/positions', '/v1/trading/fills', '/v1/trading/account-history']) {
      expect((await get(p, reader)).status, p).toBe(200);
    }
  });

  it('no-account-404: a wallet without an exchange account gets 404 on /v1/trading/*', async () => {
    const bare = sim.control.createWallet({ account: false });
    const k = sim.control.issueKey({ address: bare.address, scopeMask: 3 });
    for (const p of ['/v1/trading/wallet', '/v1/trading/orders', '/v1/trading/positions', '/v1/trading/fills', '/v1/trading/order-history']) {
      expect((await get(p, k)).status, p).toBe(404);
    }
  });

  it('ref-code-404-empty: no referral code answers 404 with an empty body; a set one answers 200', async () => {
    const res = await get('/v1/profile/ref-code');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
    sim.control.setRefCode(address, 'LOCAL1');
    const ok = await get('/v1/profile/ref-code');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { code: string }).code).toBe('LOCAL1');
  });

  it('history-count-bounds: count above 100, zero or non-numeric is 400; a foreign cursor is 400', async () => {
    expect((await get('/v1/trading/fills?count=101')).status).toBe(400);
    expect((await get('/v1/trading/fills?count=0')).status).toBe(400);
    expect((await get('/v1/trading/fills?count=ten')).status).toBe(400);
    expect((await get('/v1/trading/fills?count=100')).status).toBe(200);
    expect((await get('/v1/trading/fills?page=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
  });
});

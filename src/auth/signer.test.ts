import { inspect, format } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fromBase64url, restCanonicalString, wsSignInCanonicalString } from '../protocol/canonical.js';
import { ServerClock } from './clock.js';
import { publicKeyFromSeed, seedFromHex, verifyEd25519 } from './ed25519.js';
import { ApiKeySigner } from './signer.js';

const SEED_HEX = '1f'.repeat(32);
const TOKEN = 'tok_live_abcdef0123456789';

function signer(chainId = 143, clock?: ServerClock) {
  return new ApiKeySigner({ apiKey: TOKEN, seed: seedFromHex(SEED_HEX) }, chainId, clock);
}

describe('ApiKeySigner', () => {
  it('rest-signature-verifies-over-the-six-line-canonical-string', () => {
    const s = signer();
    const { headers, canonical } = s.signRest({ method: 'post', target: '/api/v1/trading/orders', body: '{"d":[]}' });
    expect(headers['X-API-Key']).toBe(TOKEN);
    const expected = restCanonicalString({
      chainId: 143,
      method: 'POST',
      target: '/v1/trading/orders',
      timestampMs: headers['X-API-Timestamp'],
      nonce: headers['X-API-Nonce'],
      body: '{"d":[]}',
    });
    expect(canonical).toBe(expected);
    expect(canonical.split('\n')[2]).toBe('/v1/trading/orders');
    const pub = publicKeyFromSeed(seedFromHex(SEED_HEX));
    expect(verifyEd25519(pub, canonical, fromBase64url(headers['X-API-Signature']))).toBe(true);
    expect(headers['X-API-Signature']).toMatch(/^[A-Za-z0-9_-]{86}$/);
  });

  it('every-request-gets-a-fresh-nonce', () => {
    const s = signer();
    const a = s.signRest({ method: 'GET', target: '/v1/trading/fills' });
    const b = s.signRest({ method: 'GET', target: '/v1/trading/fills' });
    expect(a.headers['X-API-Nonce']).not.toBe(b.headers['X-API-Nonce']);
    expect(a.headers['X-API-Signature']).not.toBe(b.headers['X-API-Signature']);
  });

  it('timestamp-comes-from-the-server-clock', () => {
    const local = 1_700_000_000_000;
    const clock = new ServerClock(() => local);
    clock.observe(new Date(local + 120_000).toUTCString(), local, local);
    const { headers } = signer(143, clock).signRest({ method: 'GET', target: '/v1/pub/context' });
    expect(Number(headers['X-API-Timestamp'])).toBe(clock.now());
    expect(Number(headers['X-API-Timestamp']) - local).toBeGreaterThan(119_000);
  });

  it('chain-id-is-part-of-the-signed-string', () => {
    const a = signer(143).signRest({ method: 'GET', target: '/v1/x' });
    const b = signer(10143).signRest({ method: 'GET', target: '/v1/x' });
    expect(a.canonical.split('\n')[0]).toBe('143');
    expect(b.canonical.split('\n')[0]).toBe('10143');
  });

  it('ws-sign-in-frame-has-string-timestamp-and-number-chain-id', () => {
    const s = signer(10143);
    const f = s.signWsSignIn();
    expect(f.mt).toBe(29);
    expect(f.chain_id).toBe(10143);
    expect(typeof f.timestamp).toBe('string');
    expect(f.api_key).toBe(TOKEN);
    const msg = wsSignInCanonicalString(10143, f.timestamp, f.nonce);
    expect(verifyEd25519(s.publicKey, msg, fromBase64url(f.signature))).toBe(true);
  });

  it('signer-never-leaks-seed-or-token-when-logged', () => {
    const s = signer();
    const seedBase64 = Buffer.from(SEED_HEX, 'hex').toString('base64');
    const renderings = [JSON.stringify(s), inspect(s, { showHidden: true, depth: 10 }), String(s), format('%o', s), format('%j', s)];
    for (const r of renderings) {
      expect(r).not.toContain(SEED_HEX);
      expect(r).not.toContain(seedBase64);
      expect(r).not.toContain(TOKEN);
      expect(r).not.toMatch(/31, 31, 31/);
    }
    expect(Object.values(s).some((v) => v instanceof Uint8Array && Buffer.from(v).toString('hex') === SEED_HEX)).toBe(false);
  });

  it('caller-wiping-its-seed-buffer-does-not-change-signatures', () => {
    const seed = seedFromHex(SEED_HEX);
    const s = new ApiKeySigner({ apiKey: TOKEN, seed }, 143);
    seed.fill(0);
    const { headers, canonical } = s.signRest({ method: 'GET', target: '/v1/x' });
    const pub = publicKeyFromSeed(seedFromHex(SEED_HEX));
    expect(verifyEd25519(pub, canonical, fromBase64url(headers['X-API-Signature']))).toBe(true);
  });

  it('bad-chain-id-or-empty-token-is-refused', () => {
    expect(() => new ApiKeySigner({ apiKey: '', seed: seedFromHex(SEED_HEX) }, 143)).toThrow(/token is empty/);
    expect(() => new ApiKeySigner({ apiKey: TOKEN, seed: seedFromHex(SEED_HEX) }, 0)).toThrow(/chain id/);
  });
});

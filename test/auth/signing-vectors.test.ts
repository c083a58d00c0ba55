// Golden signing vectors, checked by two independent Ed25519 implementations (node:crypto and
// @noble/ed25519) and by openssl as a third, out-of-process verifier.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/auth/clock.js';
import { publicKeyFromSeed, publicKeyToSpkiDer, seedFromHex, signEd25519, verifyEd25519 } from '../../src/auth/ed25519.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { fromBase64url, restCanonicalString, wsSignInCanonicalString } from '../../src/protocol/canonical.js';
import { requireTool } from '../helpers/ci.js';

ed.hashes.sha512 = sha512;

interface VectorCase {
  name: string;
  key: string;
  kind: 'rest' | 'ws';
  chain_id: number;
  method?: string;
  target_sent?: string;
  body?: string;
  timestamp_ms: string;
  nonce: string;
  expected_canonical: string;
  expected_signature_b64url: string;
}
interface Vectors {
  api_key: string;
  keys: { name: string; seed_hex: string; public_key_hex: string }[];
  cases: VectorCase[];
}

const vectors = JSON.parse(readFileSync(new URL('../vectors/signing.json', import.meta.url), 'utf8')) as Vectors;
const keyOf = (name: string) => {
  const k = vectors.keys.find((x) => x.name === name);
  if (!k) throw new Error(`vector key ${name} missing`);
  return { seed: seedFromHex(k.seed_hex), pub: Buffer.from(k.public_key_hex.slice(2), 'hex') };
};
const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The canonical string rebuilt from first principles, without protocol/canonical.ts. */
function independentCanonical(c: VectorCase): string {
  if (c.kind === 'ws') return `${c.chain_id}\ntrading-ws-signin\n${c.timestamp_ms}\n${c.nonce}`;
  const target = c.target_sent!.replace(/^\/api(?=\/)/, '');
  return [c.chain_id, c.method!.toUpperCase(), target, c.timestamp_ms, c.nonce, hex(sha256(utf8(c.body ?? '')))].join('\n');
}

describe('golden signing vectors', () => {
  it('vector-file-covers-both-chains-get-post-and-ws', () => {
    const chains = new Set(vectors.cases.map((c) => c.chain_id));
    expect(chains).toEqual(new Set([143, 10143]));
    expect(vectors.cases.some((c) => c.method === 'GET' && c.target_sent?.includes('?'))).toBe(true);
    expect(vectors.cases.some((c) => c.method === 'GET' && !c.target_sent?.includes('?'))).toBe(true);
    expect(vectors.cases.some((c) => c.method === 'POST' && c.body)).toBe(true);
    expect(vectors.cases.some((c) => c.kind === 'ws')).toBe(true);
  });

  it('public-keys-match-seeds-in-both-implementations', () => {
    for (const k of vectors.keys) {
      const seed = seedFromHex(k.seed_hex);
      expect(`0x${hex(publicKeyFromSeed(seed))}`).toBe(k.public_key_hex);
      expect(`0x${hex(ed.getPublicKey(seed))}`).toBe(k.public_key_hex);
    }
  });

  describe.each(vectors.cases)('$name', (c) => {
    const { seed, pub } = keyOf(c.key);
    const expectedSig = fromBase64url(c.expected_signature_b64url);

    it('canonical-string-matches-an-independent-rebuild', () => {
      expect(independentCanonical(c)).toBe(c.expected_canonical);
      const ours =
        c.kind === 'ws'
          ? wsSignInCanonicalString(c.chain_id, c.timestamp_ms, c.nonce)
          : restCanonicalString({ chainId: c.chain_id, method: c.method!, target: c.target_sent!, timestampMs: c.timestamp_ms, nonce: c.nonce, body: c.body ?? '' });
      expect(ours).toBe(c.expected_canonical);
      expect(c.expected_canonical.endsWith('\n')).toBe(false);
    });

    it('node-crypto-and-noble-produce-the-expected-signature', async () => {
      expect(hex(signEd25519(seed, c.expected_canonical))).toBe(hex(expectedSig));
      expect(hex(ed.sign(utf8(c.expected_canonical), seed))).toBe(hex(expectedSig));
      expect(hex(await ed.signAsync(utf8(c.expected_canonical), seed))).toBe(hex(expectedSig));
      expect(ed.verify(expectedSig, utf8(c.expected_canonical), pub)).toBe(true);
      expect(verifyEd25519(pub, c.expected_canonical, expectedSig)).toBe(true);
    });

    it('signer-with-pinned-time-and-nonce-reproduces-the-vector', () => {
      const clock = new ServerClock(() => Number(c.timestamp_ms));
      const signer = new ApiKeySigner({ apiKey: vectors.api_key, seed }, c.chain_id, clock, { nonce: () => c.nonce });
      if (c.kind === 'ws') {
        const frame = signer.signWsSignIn();
        expect(frame).toEqual({
          mt: 29,
          chain_id: c.chain_id,
          api_key: vectors.api_key,
          timestamp: c.timestamp_ms,
          nonce: c.nonce,
          signature: c.expected_signature_b64url,
        });
      } else {
        const signed = signer.signRest({ method: c.method!, target: c.target_sent!, ...(c.body ? { body: c.body } : {}) });
        expect(signed.canonical).toBe(c.expected_canonical);
        expect(signed.headers).toEqual({
          'X-API-Key': vectors.api_key,
          'X-API-Timestamp': c.timestamp_ms,
          'X-API-Nonce': c.nonce,
          'X-API-Signature': c.expected_signature_b64url,
        });
      }
    });

    it('signature-fails-for-the-other-chain', () => {
      const other = c.expected_canonical.replace(/^\d+/, String(c.chain_id === 143 ? 10143 : 143));
      expect(ed.verify(expectedSig, utf8(other), pub)).toBe(false);
    });
  });
});

describe('openssl as an independent verifier', () => {
  let dir = '';
  let hasOpenssl = true;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'perpl-sigvec-'));
    try {
      execFileSync('openssl', ['version'], { stdio: 'pipe' });
    } catch {
      hasOpenssl = false;
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function opensslVerifies(pub: Uint8Array, message: string, sig: Uint8Array): boolean {
    const der = publicKeyToSpkiDer(pub).toString('base64');
    writeFileSync(join(dir, 'pub.pem'), `-----BEGIN PUBLIC KEY-----\n${der}\n-----END PUBLIC KEY-----\n`);
    writeFileSync(join(dir, 'msg'), message);
    writeFileSync(join(dir, 'sig'), sig);
    try {
      const out = execFileSync(
        'openssl',
        ['pkeyutl', '-verify', '-pubin', '-inkey', join(dir, 'pub.pem'), '-rawin', '-in', join(dir, 'msg'), '-sigfile', join(dir, 'sig')],
        { stdio: 'pipe' },
      ).toString();
      return /Signature Verified Successfully/i.test(out);
    } catch {
      return false;
    }
  }

  it('openssl-accepts-our-rest-signature-and-rejects-a-tampered-one', (ctx) => {
    requireTool(ctx, 'openssl', hasOpenssl);
    const c = vectors.cases.find((x) => x.method === 'POST')!;
    const { seed, pub } = keyOf(c.key);
    const signer = new ApiKeySigner({ apiKey: vectors.api_key, seed }, c.chain_id);
    const signed = signer.signRest({ method: 'POST', target: c.target_sent!, body: c.body! });
    const sig = fromBase64url(signed.headers['X-API-Signature']);
    expect(opensslVerifies(pub, signed.canonical, sig)).toBe(true);
    expect(opensslVerifies(pub, `${signed.canonical} `, sig)).toBe(false);
  });

  it('openssl-accepts-the-golden-ws-sign-in-signature', (ctx) => {
    requireTool(ctx, 'openssl', hasOpenssl);
    const c = vectors.cases.find((x) => x.kind === 'ws')!;
    const { pub } = keyOf(c.key);
    expect(opensslVerifies(pub, c.expected_canonical, fromBase64url(c.expected_signature_b64url))).toBe(true);
  });
});

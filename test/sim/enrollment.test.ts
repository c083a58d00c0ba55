// Programmatic enrollment over real HTTP: payload -> wallet signature + Ed25519 proof of possession ->
// enroll, and every refusal the live service documents.

import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { hashTypedData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eip712TypedData } from '../../src/protocol/frames.js';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { FrameClient, signedGet, signedInTrading, signInFrame, type TestKey } from './helpers.js';
import { startTestSim } from './sim-setup.js';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

interface Ed25519Pair {
  seed: Buffer;
  publicHex: string;
  signRaw(msg: Uint8Array): string;
}

function newKeyPair(): Ed25519Pair {
  const seed = randomBytes(32);
  const priv = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(priv).export({ format: 'der', type: 'spki' });
  return {
    seed,
    publicHex: `0x${spki.subarray(spki.length - 32).toString('hex')}`,
    signRaw: (msg) => `0x${sign(null, Buffer.from(msg), priv).toString('hex')}`,
  };
}

function viemForm(td: Eip712TypedData) {
  const { EIP712Domain: _d, ...types } = td.types;
  return {
    domain: { ...td.domain, chainId: BigInt(td.domain['chainId'] as string) },
    types,
    primaryType: td.primaryType,
    message: { ...td.message, time: BigInt(td.message['time'] as string) },
  } as Parameters<typeof hashTypedData>[0];
}

let sim: RunningSim;
let wallet: SimWallet;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 100, flowStepsPerSec: 0 });
  wallet = sim.control.createWallet();
});
afterAll(() => sim.stop());

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.rest}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function payload(w: SimWallet, pair: Ed25519Pair, extra: Record<string, unknown> = {}) {
  const res = await post('/v1/api-key/payload', {
    chain_id: sim.chainId,
    address: w.address,
    public_key: pair.publicHex,
    scope_mask: 2,
    label: 'test',
    ...extra,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { typed_data: Eip712TypedData; mac: string };
}

async function enrollBody(w: SimWallet, pair: Ed25519Pair, p: { typed_data: Eip712TypedData; mac: string }) {
  const account = privateKeyToAccount(w.privateKey as Hex);
  const signature = await account.signTypedData(viemForm(p.typed_data) as Parameters<typeof account.signTypedData>[0]);
  const digest = Buffer.from(hashTypedData(viemForm(p.typed_data)).slice(2), 'hex');
  return { chain_id: sim.chainId, address: w.address, typed_data: p.typed_data, mac: p.mac, signature, pop_signature: pair.signRaw(digest) };
}

describe('API-key enrollment', () => {
  it('happy-path: the enrolled key signs REST and trading sign-in; scope 2 is reported as 3', async () => {
    const pair = newKeyPair();
    const p = await payload(wallet, pair, { ip_cidrs: ['127.0.0.1/32'] });
    expect(p.typed_data.message['scope']).toBe('3');
    expect(p.typed_data.domain['chainId']).toBe('0x7a69');
    const res = await post('/v1/api-key/enroll', await enrollBody(wallet, pair, p));
    expect(res.status).toBe(200);
    const info = ((await res.json()) as { api_key: { api_key: string; scope_mask: number; ip_cidrs: string[] } }).api_key;
    expect(info.scope_mask).toBe(3);
    expect(info.ip_cidrs).toEqual(['127.0.0.1/32']);
    const key = { apiKey: info.api_key, seedHex: pair.seed.toString('hex') };
    expect((await signedGet(sim.rest, sim.chainId, key, '/v1/trading/wallet')).status).toBe(200);
    (await signedInTrading(sim.ws, sim.chainId, key)).close();
  });

  it('bad-mac-400: a payload altered after issue (scope widened) is refused', async () => {
    const pair = newKeyPair();
    const p = await payload(wallet, pair, { scope_mask: 1 });
    const altered = { ...p, typed_data: { ...p.typed_data, message: { ...p.typed_data.message, scope: '3' } } };
    expect((await post('/v1/api-key/enroll', await enrollBody(wallet, pair, altered))).status).toBe(400);
  });

  it('wrong-chain-400: payload and enroll for another chain id are refused', async () => {
    const pair = newKeyPair();
    expect((await post('/v1/api-key/payload', { chain_id: 143, address: wallet.address, public_key: pair.publicHex, scope_mask: 1, label: 'x' })).status).toBe(400);
    const body = await enrollBody(wallet, pair, await payload(wallet, pair));
    expect((await post('/v1/api-key/enroll', { ...body, chain_id: 143 })).status).toBe(400);
  });

  it('payload-validation-400: more than 4 CIDRs, an invalid CIDR, a bad public key or missing label are refused', async () => {
    const pair = newKeyPair();
    const base = { chain_id: sim.chainId, address: wallet.address, public_key: pair.publicHex, scope_mask: 3, label: 'x' };
    const bad = [
      { ...base, ip_cidrs: ['1.0.0.0/8', '2.0.0.0/8', '3.0.0.0/8', '4.0.0.0/8', '5.0.0.0/8'] },
      { ...base, ip_cidrs: ['10.0.0.0/40'] },
      { ...base, public_key: '0x1234' },
      { ...base, label: '' },
      { ...base, scope_mask: 8 },
    ];
    for (const b of bad) expect((await post('/v1/api-key/payload', b)).status, JSON.stringify(b)).toBe(400);
  });

  it('expires-at-in-the-past-accepted: a key whose expires_at has passed is refused 400, at payload and at enroll', async () => {
    const pair = newKeyPair();
    const base = { chain_id: sim.chainId, address: wallet.address, public_key: pair.publicHex, scope_mask: 3, label: 'x' };
    const past = await post('/v1/api-key/payload', { ...base, expires_at: Date.now() - 1_000 });
    expect(past.status).toBe(400);
    expect(await past.text()).toBe('expires_at is in the past');
    // Served while still ahead, passed by the time it is enrolled.
    const expiresAt = Date.now() + 300;
    const p = await payload(wallet, pair, { expires_at: expiresAt });
    const body = await enrollBody(wallet, pair, p);
    while (Date.now() <= expiresAt) await new Promise((r) => setTimeout(r, expiresAt + 1 - Date.now()));
    const late = await post('/v1/api-key/enroll', body);
    expect(late.status).toBe(400);
    expect(await late.text()).toBe('expires_at is in the past');
    // A future expiry still enrolls.
    const later = newKeyPair();
    expect((await post('/v1/api-key/enroll', await enrollBody(wallet, later, await payload(wallet, later, { expires_at: Date.now() + 3_600_000 })))).status).toBe(200);
  });

  it('stale-payload-400: a payload older than 15 minutes is refused', async () => {
    const stale = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { enrollPayloadMaxAgeMs: -1 } });
    try {
      const w = stale.control.createWallet();
      const pair = newKeyPair();
      const pres = await fetch(`${stale.rest}/v1/api-key/payload`, {
        method: 'POST',
        body: JSON.stringify({ chain_id: stale.chainId, address: w.address, public_key: pair.publicHex, scope_mask: 3, label: 'x' }),
      });
      const p = (await pres.json()) as { typed_data: Eip712TypedData; mac: string };
      const body = await enrollBody(w, pair, p);
      const res = await fetch(`${stale.rest}/v1/api-key/enroll`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/stale/);
    } finally {
      await stale.stop();
    }
  });

  it('bad-wallet-signature-refused: a signature by another wallet or a wrong pop is not enrolled', async () => {
    const pair = newKeyPair();
    const p = await payload(wallet, pair);
    const other = sim.control.createWallet();
    const byOther = await enrollBody(other, pair, p);
    expect((await post('/v1/api-key/enroll', { ...byOther, address: wallet.address })).status).toBe(401);
    const good = await enrollBody(wallet, pair, p);
    const wrongPop = newKeyPair().signRaw(new Uint8Array(32));
    expect((await post('/v1/api-key/enroll', { ...good, pop_signature: wrongPop })).status).toBe(401);
  });

  it('origin-not-allowed-422: a foreign Origin is refused; an allow-listed one is recorded', async () => {
    const pair = newKeyPair();
    const body = { chain_id: sim.chainId, address: wallet.address, public_key: pair.publicHex, scope_mask: 3, label: 'x' };
    expect((await post('/v1/api-key/payload', body, { origin: 'https://example.com' })).status).toBe(422);
    const ok = await post('/v1/api-key/payload', body, { origin: 'https://app.perpl.xyz' });
    expect(ok.status).toBe(200);
    const p = (await ok.json()) as { typed_data: Eip712TypedData; mac: string };
    expect(p.typed_data.message['origin']).toBe('https://app.perpl.xyz');
    expect((await post('/v1/api-key/enroll', await enrollBody(wallet, pair, p), { origin: 'https://evil.example' })).status).toBe(422);
  });

  it('no-account-404: a wallet without an exchange account, or an unknown target_profile, is refused', async () => {
    const bare = sim.control.createWallet({ account: false });
    const pair = newKeyPair();
    expect((await post('/v1/api-key/enroll', await enrollBody(bare, pair, await payload(bare, pair)))).status).toBe(404);
    const pair2 = newKeyPair();
    const target = sim.control.createWallet({ account: false }).address;
    const body = await enrollBody(wallet, pair2, await payload(wallet, pair2, { target_profile: target }));
    expect((await post('/v1/api-key/enroll', { ...body, target_profile: target })).status).toBe(404);
  });

  it('profile-existence-told-only-to-signed-requests: a bad wallet signature or proof naming an unknown target_profile gets 401, not 404', async () => {
    const pair = newKeyPair();
    const nobody = sim.control.createWallet({ account: false }).address;
    const body = { ...(await enrollBody(wallet, pair, await payload(wallet, pair, { target_profile: nobody }))), target_profile: nobody };
    const badWallet = await post('/v1/api-key/enroll', { ...body, signature: `0x${'11'.repeat(65)}` });
    expect(badWallet.status).toBe(401);
    expect(await badWallet.text()).toBe('wallet signature does not match address');
    const badProof = await post('/v1/api-key/enroll', { ...body, pop_signature: `0x${'22'.repeat(64)}` });
    expect(badProof.status).toBe(401);
    expect(await badProof.text()).toBe('proof of possession does not verify');
    // The same request, its signatures intact, is told: the check ran, only later.
    const signed = await post('/v1/api-key/enroll', body);
    expect(signed.status).toBe(404);
    expect(await signed.text()).toBe('target profile not found');
  });

  it('key-reuse-409: a public key already registered cannot be enrolled again', async () => {
    const pair = newKeyPair();
    expect((await post('/v1/api-key/enroll', await enrollBody(wallet, pair, await payload(wallet, pair)))).status).toBe(200);
    expect((await post('/v1/api-key/enroll', await enrollBody(wallet, pair, await payload(wallet, pair)))).status).toBe(409);
  });

  it('key-limit-423: a profile with 16 active keys cannot enroll a 17th', async () => {
    const w = sim.control.createWallet();
    for (let i = 0; i < 16; i++) sim.control.issueKey({ address: w.address, scopeMask: 1 });
    const pair = newKeyPair();
    expect((await post('/v1/api-key/enroll', await enrollBody(w, pair, await payload(w, pair)))).status).toBe(423);
  });
});

describe('delegated enrollment (target_profile)', () => {
  /** Enrolls `pair` signed by `signer` for `profile`; the response and, when issued, the key. */
  async function enrollFor(signer: SimWallet, profile: string, pair: Ed25519Pair) {
    const body = await enrollBody(signer, pair, await payload(signer, pair, { target_profile: profile }));
    const res = await post('/v1/api-key/enroll', { ...body, target_profile: profile });
    const text = await res.text();
    const token = res.status === 200 ? (JSON.parse(text) as { api_key: { api_key: string; address: string } }).api_key : undefined;
    return { status: res.status, text, info: token, key: { apiKey: token?.api_key ?? '', seedHex: pair.seed.toString('hex') } as TestKey };
  }

  it('owner-accepted: a wallet naming its own profile as target gets a key for it', async () => {
    const owner = sim.control.createWallet();
    const r = await enrollFor(owner, owner.address, newKeyPair());
    expect(r.status, r.text).toBe(200);
    expect(r.info?.address).toBe(owner.address);
    const res = await signedGet(sim.rest, sim.chainId, r.key, '/v1/trading/wallet');
    expect(((await res.json()) as { as: { id: number }[] }).as[0]?.id).toBe(owner.accountId);
  });

  it('operator-accepted: a registered operator gets a key that reads and trades the profile it operates', async () => {
    const owner = sim.control.createWallet();
    const operator = sim.control.createWallet({ account: false });
    sim.control.addOperator(owner.address, operator.address);
    const r = await enrollFor(operator, owner.address, newKeyPair());
    expect(r.status, r.text).toBe(200);
    expect(r.info?.address).toBe(owner.address);
    const res = await signedGet(sim.rest, sim.chainId, r.key, '/v1/trading/wallet');
    expect(((await res.json()) as { as: { id: number }[] }).as[0]?.id).toBe(owner.accountId);
    (await signedInTrading(sim.ws, sim.chainId, r.key)).close();
  });

  it('demo-operator-seeded: the demo profile has one operator whose wallet key file enrolls for it', async () => {
    const { profile, operatorAddress, walletKeyFile } = sim.demoOperator;
    expect(statSync(walletKeyFile).mode & 0o777).toBe(0o600);
    const operator: SimWallet = { address: operatorAddress, privateKey: readFileSync(walletKeyFile, 'utf8').trim() };
    const r = await enrollFor(operator, profile, newKeyPair());
    expect(r.status, r.text).toBe(200);
    expect(r.info?.address).toBe(profile);
  });

  it('stranger-refused-403: a funded wallet naming another funded profile gets no key, and the refused key works nowhere', async () => {
    const victim = sim.control.createWallet();
    const stranger = sim.control.createWallet();
    const pair = newKeyPair();
    const r = await enrollFor(stranger, victim.address, pair);
    expect(r.status).toBe(403);
    expect(r.text).toBe('signing wallet is neither the owner nor a registered operator of target_profile');
    // The refused public key was never registered: whatever token it is tried with, nothing opens.
    const victimKey = sim.control.issueKey({ address: victim.address, scopeMask: 3 });
    for (const apiKey of ['', victimKey.apiKey]) {
      const refused: TestKey = { apiKey, seedHex: pair.seed.toString('hex') };
      expect((await signedGet(sim.rest, sim.chainId, refused, '/v1/trading/wallet')).status).toBe(401);
      const tr = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
      tr.send(signInFrame(sim.chainId, refused));
      expect((await tr.waitClose()).code).toBe(3401);
      expect(tr.frames.some((f) => f.mt === 19)).toBe(false);
    }
    // A former operator is a stranger too.
    const former = sim.control.createWallet({ account: false });
    sim.control.addOperator(victim.address, former.address);
    sim.control.removeOperator(victim.address, former.address);
    expect((await enrollFor(former, victim.address, newKeyPair())).status).toBe(403);
  });
  it('removed-operator-keys-revoked: removing an operator revokes the keys it enrolled for that profile, and only those', async () => {
    const owner = sim.control.createWallet();
    const operator = sim.control.createWallet({ account: false });
    sim.control.addOperator(owner.address, operator.address);
    const byOperator = await enrollFor(operator, owner.address, newKeyPair());
    expect(byOperator.status, byOperator.text).toBe(200);
    const byOwner = await enrollFor(owner, owner.address, newKeyPair());
    expect(byOwner.status, byOwner.text).toBe(200);
    expect((await signedGet(sim.rest, sim.chainId, byOperator.key, '/v1/trading/wallet')).status).toBe(200);
    sim.control.removeOperator(owner.address, operator.address);
    const refused = await signedGet(sim.rest, sim.chainId, byOperator.key, '/v1/trading/wallet');
    expect(refused.status).toBe(401);
    const tr = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
    tr.send(signInFrame(sim.chainId, byOperator.key));
    expect((await tr.waitClose()).code).toBe(3401);
    // The owner's own key is not the operator's: it keeps working.
    expect((await signedGet(sim.rest, sim.chainId, byOwner.key, '/v1/trading/wallet')).status).toBe(200);
  });
});

// The local exchange against the operator's documented client flows, in the order a new integrator walks
// them (wire.md 3, 5-9): public REST, market-data subscribe, wallet-signed enrollment, signed REST, trading
// sign-in, then place / read back / cancel over the trading socket and over the HTTP batch endpoint.
// Written from the documented request and response shapes: its own signer (node:crypto, sha256 and
// Ed25519 over the documented canonical strings, nothing from src/), and assertions on documented fields.
// It runs against `perpl sim` as started by default (the mainnet listing).

import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashTypedData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim, type SimWallet } from '../../src/sim/index.js';
import { FrameClient, type Frame } from '../sim/helpers.js';

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SHA256_EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

let sim: RunningSim;
let wallet: SimWallet;
/** The integrator's own Ed25519 key, registered through enrollment below. */
const seed = randomBytes(32);
const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
const publicKeyHex = `0x${createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex')}`;
let apiKey = '';
let btc: { id: number; priceDecimals: number };

beforeAll(async () => {
  sim = await startSim({ port: 0, home: mkdtempSync(join(tmpdir(), 'perpl-conformance-')), quiet: true, blockMs: 100, flowStepsPerSec: 10 });
  wallet = sim.control.createWallet();
});
afterAll(() => sim.stop());

const base64url = (b: Buffer) => b.toString('base64url');
const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** wire.md 3.1: six lines (chain id, METHOD, target without /api, timestamp ms, nonce, sha256 of the body). */
async function signedFetch(method: 'GET' | 'POST', target: string, body?: unknown, signAs = target): Promise<Response> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = base64url(randomBytes(16));
  const canonical = [sim.chainId, method, signAs, timestamp, nonce, text === '' ? SHA256_EMPTY : sha256hex(text)].join('\n');
  return fetch(`${sim.rest}${target}`, {
    method,
    ...(body === undefined ? {} : { body: text }),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'X-API-Key': apiKey,
      'X-API-Timestamp': timestamp,
      'X-API-Nonce': nonce,
      'X-API-Signature': base64url(sign(null, Buffer.from(canonical), privateKey)),
    },
  });
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status).toBe(status);
  return (await r.json()) as T;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Order {
  oid: number;
  rq: number;
  mkt: number;
  acc: number;
  st: number;
  t: number;
  p?: number;
  os: number;
  fs: number;
  fl: number;
  lv: number;
  mnp: number;
}

describe('the documented client flows against the local exchange', () => {
  it('public-rest: context, candles and ticker have the documented fields', async () => {
    const ctx = await json<{
      chain: { chain_id: number; gas: { h: number } };
      instances: { id: number; collateral_token_id: number; min_account_open_amount: string; max_account_trigger_orders: number }[];
      tokens: { id: number; symbol: string; decimals: number }[];
      markets: { id: number; symbol: string; name: string; size_units: string; order_ttl_blocks: number; order_max_market_slippage_bps: number; order_max_neg_pnl_collat_bps: number; config: Record<string, unknown>; state: Record<string, unknown>; funding: Record<string, unknown> }[];
    }>(fetch(`${sim.rest}/v1/pub/context`));
    expect(ctx.chain.chain_id).toBe(sim.chainId);
    expect(ctx.chain.gas.h).toBeGreaterThan(0);
    expect(typeof ctx.instances[0]!.min_account_open_amount).toBe('string');
    expect(ctx.instances[0]!.max_account_trigger_orders).toBe(16);
    expect(ctx.tokens.find((t) => t.id === ctx.instances[0]!.collateral_token_id)).toMatchObject({ symbol: 'AUSD', decimals: 6 });
    const m = ctx.markets.find((x) => (x.symbol || x.name) === 'BTC')!;
    expect(m).toMatchObject({ id: 1, symbol: '', name: 'BTC', size_units: 'BTC', order_ttl_blocks: 20, order_max_market_slippage_bps: 100, order_max_neg_pnl_collat_bps: 300 });
    for (const f of ['is_open', 'price_decimals', 'size_decimals', 'funding_sum_scaling_exp', 'initial_margin', 'maintenance_margin', 'maker_fee', 'taker_fee', 'maker_fees', 'taker_fees', 'recycle_fee']) {
      expect(m.config).toHaveProperty(f);
    }
    for (const f of ['orl', 'mrk', 'lst', 'mid', 'bid', 'ask', 'prv', 'dv', 'dva', 'oi', 'tvl']) expect(m.state).toHaveProperty(f);
    for (const f of ['feb', 'rate', 'idx', 'ppl', 'sum', 'div']) expect(m.funding).toHaveProperty(f);
    btc = { id: m.id, priceDecimals: m.config['price_decimals'] as number };

    const to = Date.now();
    const candles = await json<{ at: object; r: number; d: { t: number; o: number; c: number; h: number; l: number; v: string; n: number }[] }>(
      fetch(`${sim.rest}/v1/market-data/${btc.id}/candles/60/${to - 3_600_000}-${to}`),
    );
    expect(candles.r).toBe(60);
    expect(candles.d.length).toBeGreaterThan(0);
    const c = candles.d.at(-1)!;
    expect(typeof c.v).toBe('string');
    expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c, c.l));
    expect(candles.d.map((x) => x.t)).toEqual([...candles.d.map((x) => x.t)].sort((a, b) => a - b));

    const one = await json<{ mt: number; sn: number; d: Record<string, { mrk: number; dva: string }> }>(fetch(`${sim.rest}/v1/market-data/${btc.id}/ticker`));
    expect(one.mt).toBe(9);
    expect(one.sn).toBeGreaterThan(0);
    expect(Object.keys(one.d)).toEqual([String(btc.id)]);
    expect(typeof one.d[String(btc.id)]!.dva).toBe('string');
    const all = await json<{ mt: number; d: Record<string, unknown> }>(fetch(`${sim.rest}/v1/market-data/ticker`));
    expect(Object.keys(all.d).sort()).toEqual(ctx.markets.map((x) => String(x.id)).sort());
    expect((await fetch(`${sim.rest}/v1/market-data/999999/ticker`)).status).toBe(400);
  });

  it('market-data-subscribe: per-entry statuses with sids, 404 for an unknown stream, then book, state and heartbeat frames', async () => {
    const md = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
    try {
      const chain = sim.chainId;
      md.send({
        mt: 5,
        subs: [`heartbeat@${chain}`, `market-state@${chain}`, `order-book@${btc.id}`, `trades@${btc.id}`, `candles@${btc.id}*60`, 'order-book@999999'].map((stream) => ({ stream, subscribe: true })),
      });
      const ack = (await md.waitFor((f) => f.mt === 6)) as Frame & { subs: { stream: string; sid?: number; status: { code: number; error?: string } }[] };
      expect(ack.subs.slice(0, 5).every((s) => s.status.code === 0 && typeof s.sid === 'number')).toBe(true);
      expect(ack.subs[5]).toMatchObject({ stream: 'order-book@999999', status: { code: 404, error: 'unknown stream' } });
      const bookSid = ack.subs[2]!.sid;
      const book = (await md.waitFor((f) => f.mt === 15 && f.sid === bookSid)) as Frame & { bid: { p: number; s: number; o: number }[]; ask: { p: number }[] };
      expect(book.sn).toBeGreaterThan(0);
      expect(book.bid[0]).toEqual({ p: expect.any(Number), s: expect.any(Number), o: expect.any(Number) });
      expect(book.bid[0]!.p).toBeLessThan(book.ask[0]!.p);
      const state = (await md.waitFor((f) => f.mt === 9, 10_000)) as Frame & { d: Record<string, { mrk: number }> };
      expect(Object.keys(state.d).every((k) => /^\d+$/.test(k))).toBe(true);
      const beat = (await md.waitFor((f) => f.mt === 100, 10_000)) as Frame & { h: number };
      expect(beat.h).toBeGreaterThan(0);
    } finally {
      md.close();
    }
  });

  it('wallet-signed-enrollment: payload, EIP-712 wallet signature and proof of possession over the digest, then the key in .api_key.api_key', async () => {
    const payload = await json<{ typed_data: { domain: Record<string, unknown>; types: Record<string, { name: string; type: string }[]>; primaryType: string; message: Record<string, unknown> }; mac: string }>(
      fetch(`${sim.rest}/v1/api-key/payload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chain_id: sim.chainId, address: wallet.address, public_key: publicKeyHex, scope_mask: 2, label: 'conformance' }),
      }),
    );
    const td = payload.typed_data;
    expect(td.primaryType).toBe('PerplRegisterApiKey');
    expect(td.domain).toMatchObject({ name: 'perpl.xyz', version: '1', chainId: `0x${sim.chainId.toString(16)}`, verifyingContract: '0x0000000000000000000000000000000000000000' });
    // The effective scope (trade implies read) and the key as unpadded base64url, as documented.
    expect(td.message).toMatchObject({ scope: '3', label: 'conformance', publicKey: base64url(Buffer.from(publicKeyHex.slice(2), 'hex')), origin: '' });
    // chainId and time arrive as hex strings and are hashed as integers.
    const { EIP712Domain: _domain, ...types } = td.types;
    const typed = {
      domain: { ...td.domain, chainId: BigInt(td.domain['chainId'] as string) },
      types,
      primaryType: td.primaryType,
      message: { ...td.message, time: BigInt(td.message['time'] as string) },
    } as Parameters<typeof hashTypedData>[0];
    const signature = await privateKeyToAccount(wallet.privateKey as Hex).signTypedData(typed as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
    const digest = Buffer.from(hashTypedData(typed).slice(2), 'hex');
    const popSignature = `0x${sign(null, digest, privateKey).toString('hex')}`;
    const enrolled = await json<{ api_key: { api_key: string; address: string; scope_mask: number; label: string; ip_cidrs: string[]; expires_at: number; created_at: number } }>(
      fetch(`${sim.rest}/v1/api-key/enroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chain_id: sim.chainId, address: wallet.address, typed_data: td, mac: payload.mac, signature, pop_signature: popSignature }),
      }),
    );
    expect(enrolled.api_key).toMatchObject({ address: wallet.address, scope_mask: 3, label: 'conformance', expires_at: 0 });
    expect(enrolled.api_key.created_at).toBeGreaterThan(0);
    apiKey = enrolled.api_key.api_key;
    expect(apiKey).not.toBe('');
  });

  it('signed-rest: the target signed without /api is accepted, the /api form is 401; wallet, orders and positions have their documented shape', async () => {
    const w = await json<{ sn: number; addr: string; as: { id: number; fw: boolean; lfr: number; b: string; lb: string }[] }>(signedFetch('GET', '/v1/trading/wallet'));
    expect(w.sn).toBeGreaterThan(0);
    expect(w.addr.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(w.as[0]).toMatchObject({ id: wallet.accountId, fw: true, b: expect.stringMatching(/^\d+$/), lb: '0' });
    expect((await signedFetch('GET', '/v1/trading/wallet', undefined, '/api/v1/trading/wallet')).status).toBe(401);
    const orders = await json<{ mt: number; sn: number; d: unknown[] }>(signedFetch('GET', '/v1/trading/orders'));
    expect(orders).toMatchObject({ mt: 23, d: [] });
    const positions = await json<{ mt: number; d: unknown[] }>(signedFetch('GET', '/v1/trading/positions'));
    expect(positions).toMatchObject({ mt: 26, d: [] });
  });

  it('trading-socket: sign-in gets the three snapshots at one sn; a resting order is acked, read back over REST and cancelled', async () => {
    const ws = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
    try {
      const timestamp = String(Date.now());
      const nonce = base64url(randomBytes(16));
      const signed = [sim.chainId, 'trading-ws-signin', timestamp, nonce].join('\n');
      ws.send({ mt: 29, chain_id: sim.chainId, api_key: apiKey, timestamp, nonce, signature: base64url(sign(null, Buffer.from(signed), privateKey)) });
      const walletSnap = await ws.waitFor((f) => f.mt === 19);
      const ordersSnap = await ws.waitFor((f) => f.mt === 23);
      const positionsSnap = await ws.waitFor((f) => f.mt === 26);
      expect(ordersSnap.sn).toBe(walletSnap.sn);
      expect(positionsSnap.sn).toBe(walletSnap.sn);
      const acc = wallet.accountId!;
      const lfr = (walletSnap as Frame & { as: { lfr: number }[] }).as[0]!.lfr;

      // A limit buy far below the market rests (Open), with the documented order-row fields.
      const mark = (await json<{ d: Record<string, { mrk: number }> }>(fetch(`${sim.rest}/v1/market-data/${btc.id}/ticker`))).d[String(btc.id)]!.mrk;
      const price = Math.floor(mark / 2);
      const rq = lfr + 1;
      ws.send({ mt: 22, sn: 1, rq, mkt: btc.id, acc, t: 1, p: price, s: 10, fl: 0, lv: 500, lb: 0 });
      expect(await ws.waitFor((f) => f.mt === 3 && f.cid === 1)).toMatchObject({ status: { code: 0 } });
      const placed = await ws.waitFor((f) => f.mt === 24 && (f['d'] as Order[]).some((o) => o.rq === rq && o.st === 2), 10_000);
      const order = (placed['d'] as Order[]).find((o) => o.rq === rq)!;
      expect(order).toMatchObject({ mkt: btc.id, acc, t: 1, p: price, os: 10, fs: 0, fl: 0, lv: 500, mnp: 300 });
      expect(order.oid).toBeGreaterThan(0);
      const listed = await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/orders'));
      expect(listed.d.map((o) => o.oid)).toContain(order.oid);

      // Cancel as documented: t 5, the oid, s 0, fl 0, lv 0.
      ws.send({ mt: 22, sn: 2, rq: rq + 1, mkt: btc.id, acc, oid: order.oid, t: 5, s: 0, fl: 0, lv: 0, lb: 0 });
      expect(await ws.waitFor((f) => f.mt === 3 && f.cid === 2)).toMatchObject({ status: { code: 0 } });
      await ws.waitFor((f) => f.mt === 24 && (f['d'] as Order[]).some((o) => o.oid === order.oid && o.st === 5), 10_000);
      const after = await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/orders'));
      expect(after.d.map((o) => o.oid)).not.toContain(order.oid);
    } finally {
      ws.close();
    }
  });

  it('http-batch: POST /v1/trading/orders places (mt 31, statuses in list order), the order reads back, and the documented batch cancel (no s, no p) removes it', async () => {
    const acc = wallet.accountId!;
    const w = await json<{ as: { lfr: number }[] }>(signedFetch('GET', '/v1/trading/wallet'));
    const rq = w.as[0]!.lfr + 1;
    const mark = (await json<{ d: Record<string, { mrk: number }> }>(fetch(`${sim.rest}/v1/market-data/${btc.id}/ticker`))).d[String(btc.id)]!.mrk;
    const price = Math.floor(mark / 2);
    const placed = await json<{ mt: number; cid: number; status: { code: number }; statuses: { code: number; error?: string }[] }>(
      signedFetch('POST', '/v1/trading/orders', { mt: 30, sn: 5, d: [{ rq, mkt: btc.id, acc, t: 1, p: price, s: 10, fl: 0, lv: 500, lb: 0 }, { rq: rq + 1, mkt: 999999, acc, t: 1, p: price, s: 10, fl: 0, lv: 500, lb: 0 }] }),
    );
    expect(placed).toMatchObject({ mt: 31, cid: 5, status: { code: 0 } });
    expect(placed.statuses.map((s) => s.code)).toEqual([0, 400]);

    const order = await until(async () => (await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/orders'))).d.find((o) => o.rq === rq), 'the batch order to rest');
    expect(order).toMatchObject({ mkt: btc.id, acc, t: 1, p: price, os: 10, st: 2 });

    const cancelled = await json<{ statuses: { code: number }[] }>(
      signedFetch('POST', '/v1/trading/orders', { d: [{ rq: rq + 2, mkt: btc.id, acc, oid: order.oid, t: 5, fl: 0, lv: 0, lb: 0 }] }),
    );
    expect(cancelled.statuses).toEqual([{ code: 0 }]);
    await until(async () => ((await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/orders'))).d.some((o) => o.oid === order.oid) ? undefined : true), 'the cancel to land');
    const history = await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/order-history'));
    expect(history.d.find((o) => o.oid === order.oid)?.st).toBe(5);
  });

  it('stand-alone-stop: an OrderRequest with tp and tpc, no lp and no tr, lb 0, is held Untriggered (st 8) with its trigger and cancels like any order', async () => {
    const acc = wallet.accountId!;
    const w = await json<{ as: { lfr: number }[] }>(signedFetch('GET', '/v1/trading/wallet'));
    const rq = w.as[0]!.lfr + 1;
    const mark = (await json<{ d: Record<string, { mrk: number }> }>(fetch(`${sim.rest}/v1/market-data/${btc.id}/ticker`))).d[String(btc.id)]!.mrk;
    const trigger = mark * 2;
    const placed = await json<{ statuses: { code: number }[] }>(
      signedFetch('POST', '/v1/trading/orders', { d: [{ rq, mkt: btc.id, acc, t: 1, p: 0, s: 10, fl: 4, ms: 100, tp: trigger, tpc: 3, lv: 500, lb: 0 }] }),
    );
    expect(placed.statuses).toEqual([{ code: 0 }]);
    const order = await until(async () => (await json<{ d: (Order & { tp?: number; tpc?: number })[] }>(signedFetch('GET', '/v1/trading/orders'))).d.find((o) => o.rq === rq), 'the stop to be held');
    expect(order).toMatchObject({ mkt: btc.id, acc, t: 1, os: 10, st: 8, tp: trigger, tpc: 3 });
    const cancelled = await json<{ statuses: { code: number }[] }>(
      signedFetch('POST', '/v1/trading/orders', { d: [{ rq: rq + 1, mkt: btc.id, acc, oid: order.oid, t: 5, fl: 0, lv: 0, lb: 0 }] }),
    );
    expect(cancelled.statuses).toEqual([{ code: 0 }]);
    await until(async () => ((await json<{ d: Order[] }>(signedFetch('GET', '/v1/trading/orders'))).d.some((o) => o.oid === order.oid) ? undefined : true), 'the cancel to land');
  });
});

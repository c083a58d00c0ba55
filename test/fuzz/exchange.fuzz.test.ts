// Fuzzing the local exchange as an attacker would, over loopback: malformed REST requests, correctly
// signed requests with one signed part changed, raw HTTP the parser must refuse, and hostile frames on
// both sockets. Whatever arrives: no 5xx and no internal error, no hang, no bad signature accepted,
// 413 for oversized bodies, a second account's balance and orders untouched, and the exchange serving.
// Seeded (test/helpers/property-seed.ts: PERPL_FUZZ_SEED replays a run, =random explores; the seed is printed on failure); PERPL_FUZZ_LONG=1 runs 10x.

import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCanonicalString, wsSignInCanonicalString } from '../../src/protocol/canonical.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { FrameClient, newNonce, signedGet, signedInTrading, signWith, type TestKey } from '../sim/helpers.js';
import { propertySeed } from '../helpers/property-seed.js';
import {
  batchBody,
  clientFrame,
  historyQuery,
  nearValidOrder,
  rawHttp,
  restCase,
  SIGNED_PATHS,
  signedMutation,
  signInMutation,
  type FuzzTargets,
  type SignedMutation,
} from './exchange-fuzz-inputs.js';

const SEED = propertySeed();
const SCALE = process.env.PERPL_FUZZ_LONG === '1' ? 10 : 1;
/** Any single answer slower than this is a hang. */
const ANSWER_MS = 10_000;
const TEST_MS = 60_000 * SCALE;

let sim: RunningSim;
let targets: FuzzTargets;
let attacker: TestKey;
let victim: TestKey;
let victimAccount: number;
let victimAddress: string;
let victimBefore: string;
const warnings: string[] = [];
let restoreStderr: () => void;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Cases of one stream, reproducible from the run's seed and the stream's own offset. */
function draw<T>(arb: fc.Arbitrary<T>, n: number, offset: number): T[] {
  return fc.sample(arb, { seed: SEED + offset, numRuns: n * SCALE });
}

/** Runs `check`, naming the seed in any failure so the run can be replayed. */
async function withSeed(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (e) {
    (e as Error).message = `${(e as Error).message}\n  replay with PERPL_FUZZ_SEED=${SEED}`;
    throw e;
  }
}

interface Answer {
  status: number;
  body: string;
}

/** One HTTP exchange with node's client (`pathAndQuery` under /api); undefined when the client refuses to send it. */
function call(method: string, pathAndQuery: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    let req;
    try {
      // Framed explicitly: node sends a GET body unframed, which the server would read as a next request.
      const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      // A path option goes on the wire as given (a URL would be normalised: a bare trailing '?' dropped).
      req = request({ host: '127.0.0.1', port: sim.port, path: `/api${pathAndQuery}`, method, headers: { ...headers, ...framing }, agent, timeout: ANSWER_MS });
    } catch {
      return resolve(undefined); // a header or path node will not put on the wire
    }
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('timeout', () => reject(new Error(`no answer within ${ANSWER_MS} ms: ${method} ${pathAndQuery}`)));
    req.on('error', (e) => reject(e));
    req.end(body);
  });
}

function signedHeaders(key: TestKey, method: string, target: string, body: string, timestamp: number, nonce: string): Record<string, string> {
  const canonical = restCanonicalString({ chainId: sim.chainId, method, target, timestampMs: timestamp, nonce, body });
  return {
    'content-type': 'application/json',
    'x-api-key': key.apiKey,
    'x-api-timestamp': String(timestamp),
    'x-api-nonce': nonce,
    'x-api-signature': signWith(key.seedHex, canonical),
  };
}

/** A GET or batch POST the attacker signs correctly, then changes one signed part of (or sends twice). */
async function sendMutated(path: string, m: SignedMutation): Promise<Answer | undefined> {
  const method = path === '/v1/trading/orders' ? 'POST' : 'GET';
  const body = method === 'POST' ? JSON.stringify({ d: [{ rq: 1, mkt: targets.markets[0], acc: targets.attackerAccount, t: 5, oid: 1, s: 0, fl: 0, lv: 0, lb: 0 }] }) : '';
  const ts = Date.now();
  const headers = signedHeaders(attacker, method, path, body, ts, newNonce());
  let sendPath = path;
  let sendBody = body;
  let sendMethod = method;
  switch (m.kind) {
    case 'signature-bit': {
      const sig = Buffer.from(headers['x-api-signature']!, 'base64url');
      sig[m.byte]! ^= 1 << m.bit;
      headers['x-api-signature'] = sig.toString('base64url');
      break;
    }
    case 'timestamp':
      headers['x-api-timestamp'] = String(ts + m.deltaMs);
      break;
    case 'nonce':
      if (m.nonce === headers['x-api-nonce']) return undefined;
      headers['x-api-nonce'] = m.nonce;
      break;
    case 'target':
      sendPath = path + m.suffix;
      break;
    case 'body':
      sendBody = m.body;
      break;
    case 'method':
      sendMethod = method === 'GET' ? 'POST' : 'GET';
      break;
    case 'victim-token':
      headers['x-api-key'] = victim.apiKey;
      break;
    case 'replay': {
      const first = await call(method, path, headers, body);
      // Accepted by auth (ref-code answers 404 when the wallet has none).
      expect([200, 404], `the unchanged request ${method} ${path}: ${first?.status}`).toContain(first?.status);
      break;
    }
  }
  // A body on a GET is hashed like any other: it changes what was signed.
  return call(sendMethod, sendPath, headers, sendMethod === 'GET' && m.kind !== 'body' ? undefined : sendBody);
}

/** Raw bytes on a fresh TCP connection; the status line of any answer, or 'closed'. */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(sim.port, '127.0.0.1');
    let got = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`raw request got no answer and no close within ${ANSWER_MS} ms: ${JSON.stringify(String(bytes).slice(0, 80))}`));
    }, ANSWER_MS);
    socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(/^HTTP\/1\.1 \d{3}/.exec(got)?.[0] ?? 'closed');
    });
    socket.end(bytes);
  });
}

/** Sends `frames` then a ping; resolves once the pong arrives or the exchange closes the socket. */
async function throwFrames(c: FrameClient, frames: (string | Buffer)[]): Promise<void> {
  for (const f of frames) c.ws.send(f);
  c.send({ mt: 1, t: 424242 });
  const settled = Promise.race([c.waitFor((f) => f.mt === 2 && f['t'] === 424242, ANSWER_MS).catch(() => undefined), c.closed]);
  await settled;
  if (c.closeCode === undefined && !c.frames.some((f) => f.mt === 2 && f['t'] === 424242)) throw new Error('socket neither answered nor closed');
}

beforeAll(async () => {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (text.startsWith('sim: ')) warnings.push(text.trim());
    return write(chunk, ...rest);
  }) as typeof process.stderr.write;
  restoreStderr = () => (process.stderr.write = write);
  // Not quiet: the exchange's warnings (internal errors) are what the test listens for. Wallet and
  // REST caps are raised: the fuzz opens many short sockets and requests, which is not its subject.
  sim = await startSim({
    like: 'classic',
    port: 0,
    home: mkdtempSync(join(tmpdir(), 'perpl-fuzz-')),
    blockMs: 100,
    flowStepsPerSec: 0,
    limits: { restPublicPerMin: 0, restAuthedPerMin: 0, maxConnectionsPerWallet: 1000, tradingRequestsPerMin: 1000 },
  });
  const ctx = sim.control.engine.context(0, Date.now());
  const victimMarket = ctx.markets.find((m) => m.symbol === 'ETH')!.id;
  const a = sim.control.createWallet();
  const v = sim.control.createWallet();
  victimAccount = v.accountId!;
  victimAddress = v.address;
  attacker = sim.control.issueKey({ address: a.address, scopeMask: 3 });
  victim = sim.control.issueKey({ address: v.address, scopeMask: 3 });
  // The victim rests a bid far under the book on a market the attacker never names.
  const half = Math.floor(sim.control.engine.marketState(victimMarket)!.mrk / 2);
  const placed = await signedGet(sim.rest, sim.chainId, victim, '/v1/trading/wallet');
  const lfr = ((await placed.json()) as { as: { lfr: number }[] }).as[0]!.lfr;
  const c = await signedInTrading(sim.ws, sim.chainId, victim);
  c.send({ mt: 22, sn: 1, rq: lfr + 1, mkt: victimMarket, acc: victimAccount, t: 1, p: half, s: 10, fl: 0, lv: 500, lb: 0 });
  await c.waitFor((f) => f.mt === 24 && (f['d'] as { st: number }[]).some((o) => o.st === 2));
  c.close();
  targets = {
    markets: ctx.markets.map((m) => m.id).filter((id) => id !== victimMarket),
    attackerAccount: a.accountId!,
    victimAccount,
    chainId: sim.chainId,
  };
  victimBefore = victimState();
});
afterAll(async () => {
  restoreStderr?.();
  agent.destroy();
  await sim?.stop();
});

/** The victim's accounts and resting orders as the engine holds them. */
function victimState(): string {
  return JSON.stringify({ accounts: sim.control.engine.wallet(victimAddress).accounts, orders: sim.control.engine.openOrders(victimAccount) });
}

describe(`local exchange fuzz (seed ${SEED}${SCALE > 1 ? ', long' : ''})`, () => {
  it('rest-junk: odd methods, paths, headers and bodies never get a 5xx, and no unsigned request reads a signed endpoint', () =>
    withSeed(async () => {
      const statuses = new Map<number, number>();
      for (const c of draw(restCase, 250, 1)) {
        const answer = await call(c.method, c.path, c.headers, c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body);
        if (!answer) continue;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status, `${c.method} ${c.path}`).toBeLessThan(500);
        const signed = SIGNED_PATHS.includes(c.path.split('?')[0]!);
        if (signed) expect(answer.status, `${c.method} ${c.path} with forged auth`).not.toBe(200);
      }
      expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
    }), TEST_MS);

  it('signed-mutations: a correctly signed request with any signed part changed, or sent twice, is refused 401', () =>
    withSeed(async () => {
      const cases = draw(fc.tuple(fc.constantFrom(...SIGNED_PATHS), signedMutation), 80, 2);
      for (const [path, m] of cases) {
        const answer = await sendMutated(path, m);
        if (!answer) continue;
        // Another method may not be served on that path (405); another path may not exist (404).
        const refusals = m.kind === 'method' ? [401, 405] : m.kind === 'target' ? [401, 404] : [401];
        expect(refusals, `${path} after ${JSON.stringify(m)}: ${answer.status} ${answer.body}`).toContain(answer.status);
      }
    }), TEST_MS);

  it('oversized-413: bodies over 64 KiB on any path are answered 413', () =>
    withSeed(async () => {
      for (const size of draw(fc.integer({ min: 64 * 1024 + 1, max: 600 * 1024 }), 6, 3)) {
        for (const path of ['/v1/trading/orders', '/v1/api-key/enroll', '/v1/pub/context']) {
          const answer = await call('POST', path, { 'content-type': 'application/json' }, Buffer.alloc(size, 0x7b));
          expect(answer, `${size} bytes to ${path}`).toEqual({ status: 413, body: 'body too large' });
        }
      }
    }), TEST_MS);

  it('raw-http: bytes the parser must refuse get a 4xx or a close, never a 5xx or a hang', () =>
    withSeed(async () => {
      for (const bytes of draw(rawHttp, 30, 4)) {
        const line = await raw(bytes);
        const status = Number(line.slice(9)) || 0;
        expect(status, JSON.stringify(String(bytes).slice(0, 80))).toBeLessThan(500);
      }
    }), TEST_MS);

  it('signed-junk: the attacker\'s own signed batches of damaged orders and odd history queries never get a 5xx', () =>
    withSeed(async () => {
      for (const body of draw(batchBody(targets), 40, 8)) {
        const ts = Date.now();
        const answer = await call('POST', '/v1/trading/orders', signedHeaders(attacker, 'POST', '/v1/trading/orders', body, ts, newNonce()), body);
        expect(answer!.status, body.slice(0, 200)).toBeLessThan(500);
        if (answer!.status !== 200) continue;
        const reply = JSON.parse(answer!.body) as { statuses: { code: number }[] };
        for (const st of reply.statuses) expect([0, 400, 403, 429, 503], body.slice(0, 200)).toContain(st.code);
        expect(reply.statuses.map((st) => st.code)).not.toContain(undefined);
      }
      for (const q of draw(historyQuery, 40, 9)) {
        const answer = await call('GET', q, signedHeaders(attacker, 'GET', q, '', Date.now(), newNonce()));
        expect([200, 400], `${q}: ${answer!.status}`).toContain(answer!.status);
      }
    }), TEST_MS);

  it('trading-frames: hostile frames after sign-in close at most that socket, and never reveal or touch the victim', () =>
    withSeed(async () => {
      const orders = draw(nearValidOrder(targets), 200, 5);
      const junk = draw(clientFrame(targets), 50, 10);
      let rq = 1_000_000;
      for (let i = 0; i * 8 < orders.length; i++) {
        // Plausible orders first (each answered by an mt 3 unless it closes the socket), then junk.
        const batch = orders.slice(i * 8, i * 8 + 8).map((o, k) => JSON.stringify({ mt: 22, sn: k + 1, rq: rq++, ...o }));
        const c = await signedInTrading(sim.ws, sim.chainId, attacker);
        await throwFrames(c, [...batch, ...junk.slice(i * 2, i * 2 + 2)]);
        if (c.closeCode !== undefined) expect([1008, 1011], `close ${c.closeCode} ${c.closeReason}`).toContain(c.closeCode);
        for (const f of c.frames) {
          if (f.mt === 3) expect([0, 400, 403], JSON.stringify(f)).toContain((f['status'] as { code: number }).code);
          expect(JSON.stringify(f).includes(`"acc":${victimAccount},`) || f['id'] === victimAccount, JSON.stringify(f).slice(0, 200)).toBe(false);
        }
        c.close();
      }
    }), TEST_MS);

  it('sign-in-mutations: a sign-in with any signed field changed, another key\'s token, or replayed, never signs in', () =>
    withSeed(async () => {
      for (const m of draw(signInMutation, 30, 6)) {
        const ts = Date.now();
        const nonce = newNonce();
        const frame: Record<string, unknown> = {
          mt: 29,
          chain_id: sim.chainId,
          api_key: attacker.apiKey,
          timestamp: String(ts),
          nonce,
          signature: signWith(attacker.seedHex, wsSignInCanonicalString(sim.chainId, ts, nonce)),
        };
        if (m === 'signature') frame['signature'] = signWith(victim.seedHex, wsSignInCanonicalString(sim.chainId, ts, nonce));
        if (m === 'timestamp') frame['timestamp'] = String(ts - 1);
        if (m === 'nonce') frame['nonce'] = newNonce();
        if (m === 'chain') frame['chain_id'] = 143;
        if (m === 'victim-token') frame['api_key'] = victim.apiKey;
        if (m === 'replay') {
          const first = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
          first.send(frame);
          await first.waitFor((f) => f.mt === 19);
          first.close();
        }
        const c = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
        c.send(frame);
        expect((await c.waitClose(ANSWER_MS)).code, m).toBe(3401);
        expect(c.frames.some((f) => f.mt === 19), m).toBe(false);
      }
    }), TEST_MS);

  it('market-data-frames: hostile frames close at most that socket with 1008 or 1011', () =>
    withSeed(async () => {
      const frames = draw(clientFrame(targets), 250, 7);
      for (let i = 0; i < frames.length; i += 10) {
        const c = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
        await throwFrames(c, frames.slice(i, i + 10));
        if (c.closeCode !== undefined) expect([1008, 1011], `close ${c.closeCode} ${c.closeReason}`).toContain(c.closeCode);
        for (const f of c.frames.filter((x) => x.mt === 6)) {
          for (const s of f['subs'] as { status: { code: number } }[]) expect([0, 404, 429]).toContain(s.status.code);
        }
        c.close();
        await c.closed;
      }
    }), TEST_MS);

  it('afterwards: the victim\'s balance and orders are unchanged, no internal error was logged, and the exchange serves', () =>
    withSeed(async () => {
      expect(sim.control.engine.openOrders(victimAccount)).toHaveLength(1);
      expect(victimState()).toBe(victimBefore);
      expect(warnings, warnings.join('\n')).toEqual([]);
      expect((await call('GET', '/v1/pub/context', {}))?.status).toBe(200);
      expect((await signedGet(sim.rest, sim.chainId, victim, '/v1/trading/wallet')).status).toBe(200);
      const md = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
      md.send({ mt: 5, subs: [{ stream: `heartbeat@${sim.chainId}`, subscribe: true }] });
      await md.waitForCount((f) => f.mt === 100, 2);
      md.close();
      (await signedInTrading(sim.ws, sim.chainId, victim)).close();
    }), TEST_MS);
});

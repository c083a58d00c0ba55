// The local exchange's limits answer, never reset, and one client's excess never costs another:
// an oversized body gets a 413 the client reads; one key's burst of signed requests never makes
// another key's fresh ones look replayed; the market-data budget and per-address socket cap are on by
// default, as live runs them (wire.md 7.1).

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSim } from '../../src/sim/index.js';
import { FrameClient, signedGet, signedInTrading, signInFrame, type TestKey } from './helpers.js';
import { startTestSim } from './sim-setup.js';

const MIB = 1024 * 1024;

/** POSTs `bytes` with node's own HTTP client; resolves with the status and body it received. */
function postWithNodeHttp(url: string, bytes: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes.length } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

describe('oversized bodies', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0 });
  });
  afterAll(() => sim.stop());

  it('oversized-body-413-received: a 1 MiB body gets a 413 the client reads, not a connection reset', async () => {
    const big = Buffer.alloc(MIB, 0x61);
    for (const path of ['/v1/trading/orders', '/v1/api-key/enroll', '/v1/pub/context']) {
      const viaFetch = await fetch(`${sim.rest}${path}`, { method: 'POST', body: big });
      expect(viaFetch.status, `fetch ${path}`).toBe(413);
      expect(await viaFetch.text()).toBe('body too large');
      expect(await postWithNodeHttp(`${sim.rest}${path}`, big), `http.request ${path}`).toEqual({ status: 413, body: 'body too large' });
    }
    // A body at the limit is still read and judged (a malformed batch, not a size problem).
    const atLimit = await postWithNodeHttp(`${sim.rest}/v1/api-key/enroll`, Buffer.alloc(64 * 1024, 0x20));
    expect(atLimit.status).toBe(400);
    expect((await fetch(`${sim.rest}/v1/pub/context`)).status).toBe(200);
  });

  it('flood-body-cut-off: a body past the 8 MiB drain cap ends the connection promptly, and the exchange serves on', async () => {
    const flood = Buffer.alloc(9 * MIB, 0x61);
    const started = Date.now();
    const outcome = await postWithNodeHttp(`${sim.rest}/v1/trading/orders`, flood).then(
      (r) => String(r.status),
      (e: NodeJS.ErrnoException) => e.code ?? 'error',
    );
    expect(['413', 'ECONNRESET', 'EPIPE']).toContain(outcome);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fetch(`${sim.rest}/v1/pub/context`)).status).toBe(200);
  });
});

describe('nonces per key', () => {
  const PER_KEY = 120;
  let sim: RunningSim;
  let keyA: TestKey;
  let keyB: TestKey;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { noncesPerKey: PER_KEY, restAuthedPerMin: 0 } });
    keyA = sim.control.issueKey({ address: sim.control.createWallet().address, scopeMask: 3 });
    keyB = sim.control.issueKey({ address: sim.control.createWallet().address, scopeMask: 3 });
  });
  afterAll(() => sim.stop());

  it('one-key-flood-never-refuses-another: key A spends its nonces of the window; key B signs on untouched', async () => {
    const statusesA: number[] = [];
    const statusesB: number[] = [];
    let sent = 0;
    // Eight concurrent lanes of real signed requests on A; B asks between them and after.
    const lane = async (): Promise<void> => {
      while (sent < PER_KEY + 40) {
        sent++;
        statusesA.push((await signedGet(sim.rest, sim.chainId, keyA, '/v1/trading/wallet')).status);
        if (sent % 20 === 0) statusesB.push((await signedGet(sim.rest, sim.chainId, keyB, '/v1/trading/wallet')).status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    for (let i = 0; i < 20; i++) statusesB.push((await signedGet(sim.rest, sim.chainId, keyB, '/v1/trading/wallet')).status);
    expect(statusesB.every((s) => s === 200), `B's statuses: ${statusesB.join(',')}`).toBe(true);
    // A hit its own cap (the flood was real) and was answered 429, not 401.
    expect(statusesA.filter((s) => s === 200)).toHaveLength(PER_KEY);
    expect(statusesA.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    // B signs in on the trading socket; A, still at its cap, is told to slow down (1008), not refused as a bad key.
    (await signedInTrading(sim.ws, sim.chainId, keyB)).close();
    const a = await FrameClient.open(`${sim.ws}/ws/v1/trading`);
    a.send(signInFrame(sim.chainId, keyA));
    expect(await a.waitClose()).toEqual({ code: 1008, reason: 'too many requests' });
  });
});

describe('market-data limits on by default', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0 });
  });
  afterAll(() => sim.stop());

  const subscribe = { mt: 5, subs: [{ stream: 'heartbeat@31337', subscribe: true }] };

  it('md-request-budget-1008: the 11th request inside a minute closes the socket 1008 "too many requests"', async () => {
    const c = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
    for (let i = 0; i < 9; i++) c.send(subscribe);
    c.send({ mt: 1, t: 1 }); // a ping counts too
    await c.waitForCount((f) => f.mt === 6, 9);
    await c.waitFor((f) => f.mt === 2);
    expect(c.closeCode).toBeUndefined();
    c.send(subscribe);
    expect(await c.waitClose()).toEqual({ code: 1008, reason: 'too many requests' });
    expect(c.frames.filter((f) => f.mt === 6)).toHaveLength(9);
  });

  it('md-budget-raised-by-option: a test may allow more requests', async () => {
    const roomy = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { marketDataRequestsPerMin: 100 } });
    try {
      const c = await FrameClient.open(`${roomy.ws}/ws/v1/market-data`);
      for (let i = 0; i < 30; i++) c.send(subscribe);
      await c.waitForCount((f) => f.mt === 6, 30);
      expect(c.closeCode).toBeUndefined();
      c.close();
    } finally {
      await roomy.stop();
    }
  });

  it('md-connections-capped-per-address: 32 sockets from one address are served, the 33rd is refused 429 until one closes', async () => {
    const open: FrameClient[] = [];
    try {
      for (let i = 0; i < 32; i++) open.push(await FrameClient.open(`${sim.ws}/ws/v1/market-data`));
      const refused = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${sim.ws}/ws/v1/market-data`, { perMessageDeflate: false });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => reject(new Error('the 33rd socket was accepted')));
        ws.on('error', () => undefined);
      });
      expect(refused).toBe(429);
      // Every admitted socket still works.
      const last = open[31]!;
      last.send(subscribe);
      await last.waitFor((f) => f.mt === 6);
      open.shift()!.close();
      let again: FrameClient | undefined;
      for (let tries = 0; !again && tries < 50; tries++) {
        again = await FrameClient.open(`${sim.ws}/ws/v1/market-data`).catch(() => undefined);
        if (!again) await new Promise((r) => setTimeout(r, 50));
      }
      expect(again).toBeDefined();
      open.push(again!);
    } finally {
      for (const c of open) c.close();
    }
  });
});

// The local exchange's limits answer, never reset, and one client's excess never costs another:
// an oversized body gets a 413 the client reads (on a socket upgrade too); stalled connections are
// closed and one address holds only so many; one key's burst of signed requests never makes another
// key's fresh ones look replayed; the market-data budget and per-address socket cap are on by default,
// as live runs them (wire.md 7.1).

import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSim } from '../../src/sim/index.js';
import { LINGER_MS } from '../../src/sim/server/http-io.js';
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

/** Writes raw request bytes, then reads to the end: the first line and body it got, or the socket error. */
function rawExchange(url: string, request: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    let got = '';
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code ?? ''}`));
    socket.write(request, () => {
      socket.on('data', (c: Buffer) => (got += c.toString()));
      socket.on('end', () => resolve(`${got.split('\r\n')[0]} / ${got.split('\r\n\r\n')[1] ?? ''}`));
      socket.resume();
    });
  });
}

/** A client that writes the whole body before it reads a byte: sees the 413 only if the server drained the body. */
function postThenRead(url: string, bytes: Buffer): Promise<string> {
  const { hostname, pathname } = new URL(url);
  const head = `POST ${pathname} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${bytes.length}\r\n\r\n`;
  return rawExchange(url, Buffer.concat([Buffer.from(head), bytes]));
}

/** Writes without end; resolves with what it read and how long the connection lasted after the first byte came back. */
function endlessBody(url: string): Promise<{ got: string; closedAfterAnswerMs: number }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    // Half-open allowed: the server's FIN does not stop this client; only the server's cut does.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const data = Buffer.alloc(256 * 1024, 0x61);
    // One whole chunk of a chunked body per write: the body goes on for as long as the server reads.
    const frame = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    let got = '';
    let answeredAt = 0;
    let open = true;
    const pump = (): void => {
      while (open && socket.write(frame));
    };
    socket.on('drain', pump);
    socket.on('data', (c: Buffer) => {
      if (answeredAt === 0) answeredAt = Date.now();
      got += c.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      open = false;
      resolve({ got, closedAfterAnswerMs: answeredAt === 0 ? -1 : Date.now() - answeredAt });
    });
    socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
    pump();
  });
}

describe('bodies past the drain cap', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0 });
  });
  afterAll(() => sim.stop());

  it('flood-body-answered-413: a 16 MiB body gets a 413 every client reads, even one that writes it all before reading', async () => {
    const flood = Buffer.alloc(16 * MIB, 0x61);
    const url = `${sim.rest}/v1/trading/orders`;
    expect(await postWithNodeHttp(url, flood)).toEqual({ status: 413, body: 'body too large' });
    const viaFetch = await fetch(url, { method: 'POST', body: flood });
    expect(viaFetch.status).toBe(413);
    expect(await viaFetch.text()).toBe('body too large');
    expect(await postThenRead(url, flood)).toBe('HTTP/1.1 413 Payload Too Large / body too large');
    expect((await fetch(`${sim.rest}/v1/pub/context`)).status).toBe(200);
  });

  it('endless-body-answered-then-cut: a body that never ends gets its 413, then the connection is cut after the linger', async () => {
    const { got, closedAfterAnswerMs } = await endlessBody(`${sim.rest}/v1/trading/orders`);
    expect(got.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(got.endsWith('body too large')).toBe(true);
    // Cut by the server after the linger, not at once (the client may read its answer a little late).
    expect(closedAfterAnswerMs).toBeGreaterThanOrEqual(LINGER_MS / 2);
    expect(closedAfterAnswerMs).toBeLessThan(LINGER_MS + 8_000);
    expect((await fetch(`${sim.rest}/v1/pub/context`)).status).toBe(200);
  });
});

function upgradeWithBody(path: string, body: Buffer): Buffer {
  const head =
    `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\n` +
    `sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\ncontent-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

describe('bodies on upgrade requests', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0 });
  });
  afterAll(() => sim.stop());

  it('get-with-10-mib-body-reset: a socket upgrade (a GET) carrying 10 MiB gets its 413, not a reset', async () => {
    const big = Buffer.alloc(10 * MIB, 0x61);
    for (const path of ['/ws/v1/market-data', '/ws/v1/trading']) {
      expect(await rawExchange(sim.ws, upgradeWithBody(path, big)), path).toBe('HTTP/1.1 413 Payload Too Large / body too large');
    }
    expect(await rawExchange(sim.ws, upgradeWithBody('/ws/v1/nothing', big))).toBe('HTTP/1.1 404 Not Found / ');
    expect(await rawExchange(sim.ws, upgradeWithBody('/ws/v1/market-data', Buffer.from('{}')))).toBe('HTTP/1.1 400 Bad Request / an upgrade request carries no body');
    // A body-less upgrade is served as before.
    (await FrameClient.open(`${sim.ws}/ws/v1/market-data`)).close();
  });
});

/** A raw TCP connection to the exchange that resolves `closed` when the server ends it, with what it read. */
function rawConnection(url: string, send = ''): { closed: Promise<string>; destroy: () => void } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname, () => {
    if (send) socket.write(send);
  });
  let got = '';
  socket.on('data', (c: Buffer) => (got += c.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(got.split('\r\n')[0] ?? '')));
  return { closed, destroy: () => socket.destroy() };
}

describe('stalled HTTP connections', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { httpHeadersTimeoutMs: 400, httpRequestTimeoutMs: 800, httpIdleTimeoutMs: 400 } });
  });
  afterAll(() => sim.stop());

  it('stalled-connections-never-closed: silent, half-sent headers and half-sent bodies are closed; a socket past its upgrade is not', async () => {
    const ws = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
    const started = Date.now();
    const silent = rawConnection(sim.rest);
    const halfHeaders = rawConnection(sim.rest, 'GET /api/v1/pub/context HTTP/1.1\r\nhost: x\r\n');
    const halfBody = rawConnection(sim.rest, 'POST /api/v1/trading/orders HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{"d":');
    // Closed either way: by the exchange's silent-connection timer (no answer) or, when Node's own headers
    // check of the same age runs first (a busy machine), with a 408 (seen once in CI).
    expect(await silent.closed).toMatch(/^(HTTP\/1\.1 408 Request Timeout)?$/);
    expect(await halfHeaders.closed).toMatch(/^(HTTP\/1\.1 408 Request Timeout)?$/);
    expect(await halfBody.closed).toMatch(/^(HTTP\/1\.1 408 Request Timeout)?$/);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The market-data socket, idle as long as those, still answers.
    ws.send({ mt: 5, subs: [{ stream: 'heartbeat@31337', subscribe: true }] });
    await ws.waitFor((f) => f.mt === 6);
    ws.close();
  });

});

describe('HTTP connections per address', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ blockMs: 200, flowStepsPerSec: 0, limits: { maxHttpConnectionsPerAddress: 6 } });
  });
  afterAll(() => sim.stop());

  it('http-connections-capped-per-address: past the cap a connection is answered 429 and closed; one closing makes room', async () => {
    const held = Array.from({ length: 6 }, () => rawConnection(sim.rest, 'GET /api/v1/pub/context HTTP/1.1\r\nhost: x\r\n'));
    try {
      let refused = '';
      for (let tries = 0; refused === '' && tries < 50; tries++) {
        // The held ones are counted once their connection events ran: retry until the seventh is refused.
        refused = await rawExchange(sim.rest, Buffer.from('GET /api/v1/pub/context HTTP/1.1\r\nhost: x\r\n\r\n'));
        if (!refused.startsWith('HTTP/1.1 429')) refused = '';
      }
      expect(refused).toBe('HTTP/1.1 429 Too Many Requests / too many connections');
    } finally {
      for (const c of held) c.destroy();
    }
    let served = '';
    for (let tries = 0; !served.startsWith('HTTP/1.1 200') && tries < 50; tries++) {
      served = await rawExchange(sim.rest, Buffer.from('GET /api/v1/pub/context HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'));
    }
    expect(served).toMatch(/^HTTP\/1\.1 200 OK/);
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

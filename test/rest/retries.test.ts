// Reads are retried on 429/5xx/network failures with the documented back-off; writes never are.

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../src/transport/rest/errors.js';
import { makeClient } from './fixtures.js';
import { useTestServer } from './test-server.js';

const server = useTestServer();

const ok = { status: 200, body: { ok: true } };
/** Writes sent (the clock probe a first signed write makes is a GET). */
const posts = () => server.requests.filter((r) => r.method === 'POST');
const id = (v: unknown) => v;

/** A port nothing listens on: bound, then released. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('REST retries', () => {
  it('429-then-200-is-retried-with-1s-2s-backoff', async () => {
    server.reset((_r, i) => (i < 2 ? { status: 429, body: 'slow down' } : ok));
    const { client, sleeps } = makeClient(server.baseUrl);
    await expect(client.get('/v1/trading/wallet', id, { signed: true })).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([1000, 2000]);
    expect(server.requests).toHaveLength(3);
  });

  it('retry-after-seconds-is-honoured', async () => {
    server.reset((_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '7' } } : ok));
    const { client, sleeps } = makeClient(server.baseUrl);
    await client.get('/v1/pub/context', id);
    expect(sleeps).toEqual([7000]);
  });

  it('retry-after-too-long-is-not-waited-out', async () => {
    server.reset(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const { client, sleeps } = makeClient(server.baseUrl);
    const err = await client.get('/v1/pub/context', id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(3_600_000);
    expect(sleeps).toEqual([]);
  });

  it('persistent-429-gives-up-after-three-retries', async () => {
    server.reset(() => ({ status: 429 }));
    const { client, sleeps } = makeClient(server.baseUrl);
    const err = await client.get('/v1/pub/context', id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryable).toBe(true);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(server.requests).toHaveLength(4);
  });

  it.each([500, 502, 503, 504])('get-%i-is-retried-then-succeeds', async (status) => {
    server.reset((_r, i) => (i === 0 ? { status } : ok));
    const { client, sleeps } = makeClient(server.baseUrl);
    await expect(client.get('/v1/pub/context', id)).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([500]);
  });

  it('post-503-is-not-retried', async () => {
    server.reset(() => ({ status: 503, body: 'warming up' }));
    const { client, sleeps } = makeClient(server.baseUrl);
    const err = await client.post('/v1/trading/orders', { d: [] }, { signed: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).status).toBe(503);
    expect(posts()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('post-429-is-not-retried', async () => {
    server.reset(() => ({ status: 429 }));
    const { client } = makeClient(server.baseUrl);
    await expect(client.post('/v1/api-key/enroll', {})).rejects.toBeInstanceOf(RateLimitedError);
    expect(posts()).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 422, 423])('get-%i-is-not-retried', async (status) => {
    server.reset(() => ({ status }));
    const { client, sleeps } = makeClient(server.baseUrl);
    const err = await client.get('/v1/pub/context', id).catch((e: unknown) => e);
    expect((err as { retryable: boolean }).retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('connection-refused-is-a-retried-network-error', async () => {
    const port = await deadPort();
    const { client, sleeps } = makeClient(`http://127.0.0.1:${port}/api`);
    const err = await client.get('/v1/pub/context', id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('unanswered-request-times-out-instead-of-hanging', async () => {
    server.reset(() => ({ hang: true }));
    const { client } = makeClient(server.baseUrl, { timeoutMs: 150 });
    const err = await client.post('/v1/trading/orders', {}, { signed: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(posts()).toHaveLength(1);
  });
});

describe('REST cancellation', () => {
  it('aborted-read-is-not-retried-and-rejects-with-the-abort-reason', async () => {
    server.reset(() => ({ hang: true }));
    const { client, sleeps } = makeClient(server.baseUrl);
    const controller = new AbortController();
    const pending = client.request('GET', '/v1/pub/context', { decode: id, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left the screen')), 20);
    await expect(pending).rejects.toThrow(/user left the screen/);
    expect(sleeps).toEqual([]);
    await expect(client.request('GET', '/v1/pub/context', { decode: id, signal: controller.signal })).rejects.toThrow(/user left/);
  });
});

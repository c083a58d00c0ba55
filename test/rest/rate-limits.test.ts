// Client-side REST budgets: requests wait (FIFO, cancellable) for a token instead of running into 429,
// public and signed requests draw on separate budgets, the 429 back-off stays 1 s / 2 s / 4 s and is
// reported while it runs, and a burst against the local exchange never sees a 429.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/auth/clock.js';
import { resolveNetwork } from '../../src/protocol/networks.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { RateLimitedError } from '../../src/transport/rest/errors.js';
import { RestRateLimits, type RestBudget } from '../../src/transport/rest/rate-limits.js';
import { RATE_LIMIT_DELAYS_MS } from '../../src/transport/rest/retry.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { API_TOKEN, CHAIN_ID, SEED } from './fixtures.js';
import { TestServer } from './test-server.js';

const server = new TestServer();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await server.start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset(() => ({ status: 200, body: {} })));

const id = (v: unknown) => v;

function clientWith(limits: RestRateLimits, extra: Partial<ConstructorParameters<typeof RestClient>[0]> = {}): RestClient {
  const clock = new ServerClock();
  return new RestClient({
    network: resolveNetwork({ baseUrl, chainId: CHAIN_ID }),
    clock,
    signer: new ApiKeySigner({ apiKey: API_TOKEN, seed: SEED }, CHAIN_ID, clock),
    rateLimits: limits,
    ...extra,
  });
}

describe('REST request budgets', () => {
  it('requests beyond the burst wait their turn and go out in the order they were made', async () => {
    const reports: [RestBudget, number | null][] = [];
    const limits = new RestRateLimits({ public: { capacity: 2, refillPerSec: 20 }, onThrottle: (b, ms) => reports.push([b, ms]) });
    // The order is the limiter's: record when each request leaves the client. Six sockets may reach the
    // server in any order on a loaded machine, so its arrival order proves nothing about the queue.
    const dispatched: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      dispatched.push(new URL(String(input)).search);
      return fetch(input, init);
    };
    const client = clientWith(limits, { fetch: recordingFetch });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => client.get(`/v1/pub/context?i=${i}`, id)));
    expect(results).toHaveLength(6);
    expect(dispatched).toEqual(Array.from({ length: 6 }, (_, i) => `?i=${i}`));
    expect(server.requests.map((r) => r.rawUrl).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `/api/v1/pub/context?i=${i}`));
    // Four waited: the throttle was reported with a wait, then cleared.
    expect(reports.some(([b, ms]) => b === 'public' && ms !== null && ms > 0)).toBe(true);
    expect(reports.at(-1)).toEqual(['public', null]);
  });

  it('a waiting request can be cancelled: it rejects and is never sent', async () => {
    const limits = new RestRateLimits({ public: { capacity: 1, refillPerSec: 2 } });
    const client = clientWith(limits);
    await client.get('/v1/pub/context?n=first', id);
    const abort = new AbortController();
    const waiting = client.request('GET', '/v1/pub/context?n=cancelled', { decode: id, signal: abort.signal });
    const after = client.get('/v1/pub/context?n=after', id);
    abort.abort(new Error('pane closed'));
    await expect(waiting).rejects.toThrow('pane closed');
    await after;
    expect(server.requests.map((r) => r.rawUrl)).toEqual(['/api/v1/pub/context?n=first', '/api/v1/pub/context?n=after']);
  });

  it('signed requests draw on the authenticated budget, unsigned ones on the public budget', async () => {
    const limits = new RestRateLimits({
      public: { capacity: 1, refillPerSec: 0.01 },
      authenticated: { capacity: 1, refillPerSec: 0.01 },
    });
    const client = clientWith(limits);
    await client.get('/v1/pub/context', id);
    // The public budget is empty for the next 100 s; a signed read still goes at once.
    await client.get('/v1/trading/wallet', id, { signed: true });
    expect(limits.gate('public').waiting).toBe(0);
    const stuck = new AbortController();
    const publicRead = client.request('GET', '/v1/pub/context', { decode: id, signal: stuck.signal });
    expect(limits.gate('public').waiting).toBe(1);
    expect(limits.gate('authenticated').waiting).toBe(0);
    stuck.abort(new Error('done'));
    await expect(publicRead).rejects.toThrow('done');
    expect(server.requests).toHaveLength(2);
  });
});

describe('429 back-off', () => {
  it('reads back off 1 s, 2 s, 4 s and the back-off is reported while it runs', async () => {
    server.reset(() => ({ status: 429, body: 'slow down' }));
    const sleeps: number[] = [];
    const reports: (number | null)[] = [];
    const client = clientWith(new RestRateLimits(), {
      sleep: async (ms) => {
        sleeps.push(ms);
        // The notice is up while the client sleeps.
        expect(reports.at(-1)).toBe(ms);
      },
      onRateLimitBackoff: (ms) => reports.push(ms),
    });
    await expect(client.get('/v1/pub/context', id)).rejects.toBeInstanceOf(RateLimitedError);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(RATE_LIMIT_DELAYS_MS).toEqual([1000, 2000, 4000]);
    expect(reports).toEqual([1000, null, 2000, null, 4000, null]);
    expect(server.requests).toHaveLength(4);
  });

  it('a 5xx retry is not a throttle: nothing is reported', async () => {
    server.reset((_r, i) => (i === 0 ? { status: 503 } : { status: 200, body: {} }));
    const reports: (number | null)[] = [];
    const client = clientWith(new RestRateLimits(), { sleep: async () => {}, onRateLimitBackoff: (ms) => reports.push(ms) });
    await client.get('/v1/pub/context', id);
    expect(reports).toEqual([]);
  });
});

describe('a burst against the local exchange', () => {
  const BURST = 200;
  /** Below the burst, so the exchange answers 429 to a client that does not pace itself. */
  const EXCHANGE_PER_MIN = 190;

  async function burst(limits: RestRateLimits, size = BURST): Promise<{ ok: number; tooMany: number }> {
    const sim: RunningSim = await startSim({
      like: 'classic',
      home: mkdtempSync(join(tmpdir(), 'perpl-rate-')),
      flowStepsPerSec: 0,
      quiet: true,
      limits: { restPublicPerMin: EXCHANGE_PER_MIN },
    });
    try {
      let tooMany = 0;
      const client = new RestClient({
        network: resolveNetwork({ network: 'local' }, { rest: sim.rest, ws: sim.ws, chainId: sim.chainId }),
        rateLimits: limits,
        sleep: async () => {},
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (res.status === 429) tooMany++;
          return res;
        },
      });
      const settled = await Promise.allSettled(Array.from({ length: size }, () => client.get('/v1/profile/announcements', id)));
      return { ok: settled.filter((s) => s.status === 'fulfilled').length, tooMany };
    } finally {
      await sim.stop();
    }
  }

  it('paced by the client budget, 200 reads all succeed and the exchange never answers 429', async () => {
    const started = Date.now();
    const paced = await burst(new RestRateLimits({ public: { capacity: 180, refillPerSec: 3 } }));
    console.log(`burst of ${BURST} paced reads: ${paced.ok} ok, ${paced.tooMany} x 429, ${Date.now() - started} ms`);
    expect(paced).toEqual({ ok: BURST, tooMany: 0 });
  }, 60_000);

  it('control: a burst without a client budget does run into 429', async () => {
    // Twice the paced burst: 200 reads stay under the exchange's budget if they take over 3 s to send
    // (its refill covers the other 10), as they can on a loaded machine; 400 would need over a minute.
    const unpaced = await burst(new RestRateLimits({ public: { capacity: 10_000, refillPerSec: 10_000 } }), 2 * BURST);
    console.log(`burst of ${2 * BURST} unpaced reads: ${unpaced.ok} ok, ${unpaced.tooMany} x 429`);
    expect(unpaced.tooMany).toBeGreaterThan(0);
  }, 60_000);
});

// Hostile input must never take the exchange down: random and mutated frames on both sockets and
// junk REST requests; afterwards the exchange still serves a fresh client normally.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import { FrameClient, signedInTrading, type TestKey } from './helpers.js';
import { startTestSim } from './sim-setup.js';

let sim: RunningSim;
let key: TestKey;
let accountId: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 20, limits: { restPublicPerMin: 0 } });
  const w = sim.control.createWallet();
  accountId = w.accountId!;
  key = sim.control.issueKey({ address: w.address, scopeMask: 3 });
});
afterAll(() => sim.stop());

const jsonValue = fc.jsonValue({ maxDepth: 3 });
/** Frames that look almost right: real mt values and field names (and the real account) with random values. */
const nearFrame = (accountId: number) => fc.record(
  {
    mt: fc.constantFrom(1, 5, 22, 29, 3, 100),
    sn: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
    rq: fc.oneof(fc.integer(), fc.double(), fc.string()),
    mkt: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.string()),
    acc: fc.oneof(fc.integer(), fc.constant(accountId)),
    t: fc.integer({ min: -1, max: 9 }),
    s: fc.oneof(fc.integer(), fc.double()),
    lb: fc.integer(),
    subs: fc.array(fc.record({ stream: fc.string(), subscribe: fc.oneof(fc.boolean(), fc.integer()) })),
    p: jsonValue,
  },
  { requiredKeys: ['mt'] },
);

/** Sends a ping after what was sent before; resolves on its pong, or when the exchange closed the socket. */
async function handled(c: FrameClient, t: number): Promise<void> {
  if (c.closeCode !== undefined) return;
  c.send({ mt: 1, t });
  await c.waitFor((f) => f.mt === 2 && f['t'] === t, 10_000).catch((e: unknown) => {
    if (c.closeCode === undefined) throw e;
  });
}

describe('robustness', () => {
  it('hostile-frames-do-not-crash: random frames on both sockets close at most that socket', async () => {
    const frames = fc.sample(fc.oneof(nearFrame(accountId).map((f) => JSON.stringify(f)), fc.string(), jsonValue.map((v) => JSON.stringify(v))), {
      numRuns: 150,
      seed: 42,
    });
    for (let i = 0; i < frames.length; i += 10) {
      const md = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
      const tr = await signedInTrading(sim.ws, sim.chainId, key);
      for (const f of frames.slice(i, i + 10)) {
        md.send(f);
        tr.send(f);
      }
      // Closing at once could reset the connection before the exchange read the batch: wait until it
      // has handled every frame (the answer to a ping sent after them, or the socket's close).
      await Promise.all([handled(md, 424_242 + i), handled(tr, 424_242 + i)]);
      md.close();
      tr.close();
    }
    const fresh = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
    fresh.send({ mt: 5, subs: [{ stream: 'heartbeat@31337', subscribe: true }] });
    await fresh.waitForCount((f) => f.mt === 100, 2);
    fresh.close();
    (await signedInTrading(sim.ws, sim.chainId, key)).close();
  });

  it('junk-rest-does-not-crash: odd paths, methods and bodies get 4xx, never a dropped server', async () => {
    const paths = ['/v1/market-data/%ff/book', '/v1/market-data/1/candles/60/x-y', '/v1/api-key/enroll', '/v1/trading/orders', '/v1/pub/context?x=%', '/../../etc/passwd', '/v1/market-data/1/book?levels=1e2'];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await fetch(`${sim.rest}${p}`, { method, ...(method === 'POST' ? { body: '{"chain_id":' } : {}) });
        expect(res.status, `${method} ${p}`).toBeLessThan(500);
      }
    }
    expect((await fetch(`${sim.rest}/v1/pub/context`)).status).toBe(200);
  });
});

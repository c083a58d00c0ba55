// Batch order submission over HTTP (POST /v1/trading/orders, wire.md 9): per-order statuses in list
// order, batch-level refusals, and accepted orders really executing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { signedPost, type TestKey } from './helpers.js';
import { newTrader, startTestSim } from './sim-setup.js';

let sim: RunningSim;
let wallet: SimWallet;
let key: TestKey;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 20 });
  ({ wallet, key, btc } = newTrader(sim));
});
afterAll(() => sim.stop());

const spec = (extra: Record<string, unknown> = {}) => ({ rq: 1, mkt: btc, acc: wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0, ...extra });

describe('batch orders over HTTP', () => {
  it('per-order-statuses: each order is judged on its own, in list order, and accepted ones execute', async () => {
    const foreign = sim.control.createWallet();
    const res = await signedPost(sim.rest, sim.chainId, key, '/v1/trading/orders', {
      mt: 30,
      sn: 5,
      d: [spec({ rq: 1 }), spec({ rq: 2, mkt: 999 }), spec({ rq: 3, acc: foreign.accountId }), spec({ rq: 4, lb: 1 }), spec({ rq: 5 })],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mt: number; cid: number; status: { code: number }; statuses: { code: number; error?: string }[] };
    expect(body).toMatchObject({ mt: 31, cid: 5, status: { code: 0 } });
    expect(body.statuses.map((s) => s.code)).toEqual([0, 400, 403, 400, 0]);
    expect(body.statuses[3]!.error).toBe('last exec block already expired');
    const deadline = Date.now() + 5000;
    while (sim.control.engine.executedRequests(wallet.accountId!).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sim.control.engine.executedRequests(wallet.accountId!)).toEqual([1, 5]);
  });

  it('undocumented-flags-400: an order with fl 3 or tpc 7 gets 400 in its slot; its neighbours are judged as usual', async () => {
    const acc = wallet.accountId!;
    const executed = sim.control.engine.executedRequests(acc);
    const next = Math.max(0, ...executed) + 1;
    const res = await signedPost(sim.rest, sim.chainId, key, '/v1/trading/orders', {
      d: [spec({ rq: next, p: 1, fl: 3, lv: 500 }), spec({ rq: next + 1, t: 3, s: 1, lv: 0, tp: 1, tpc: 7 }), spec({ rq: next + 2 })],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { statuses: { code: number; error?: string }[] };
    expect(body.statuses).toEqual([{ code: 400, error: 'invalid order flags' }, { code: 400, error: 'invalid trigger price condition' }, { code: 0 }]);
    const deadline = Date.now() + 5000;
    while (sim.control.engine.executedRequests(acc).length <= executed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sim.control.engine.executedRequests(acc).slice(executed.length)).toEqual([next + 2]);
  });

  it('batch-refusals: empty, over 100, malformed are 400; a read-only key is 403 and nothing executes', async () => {
    const post = (b: unknown, k: TestKey = key) => signedPost(sim.rest, sim.chainId, k, '/v1/trading/orders', b);
    const acc = wallet.accountId!;
    const before = sim.control.engine.executedRequests(acc);
    const next = Math.max(0, ...before) + 1;
    expect((await post({ d: [] })).status).toBe(400);
    expect((await post({ d: Array.from({ length: 101 }, (_, i) => spec({ rq: next + i })) })).status).toBe(400);
    expect((await post({ orders: [] })).status).toBe(400);
    const reader = sim.control.issueKey({ address: wallet.address, scopeMask: 1 });
    const refused = await post({ sn: 9, d: [spec({ rq: next })] }, reader);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ mt: 31, cid: 9, status: { code: 403 } });
    // A sentinel accepted after the refusals: had any of them been queued, its rq would have executed
    // before (or with) the sentinel's.
    const sentinel = await post({ sn: 10, d: [spec({ rq: next + 1 })] });
    expect(await sentinel.json()).toMatchObject({ cid: 10, statuses: [{ code: 0 }] });
    const deadline = Date.now() + 5000;
    while (sim.control.engine.executedRequests(acc).length <= before.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sim.control.engine.executedRequests(acc).slice(before.length)).toEqual([next + 1]);
  });
});

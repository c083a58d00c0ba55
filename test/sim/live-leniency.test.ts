// The local exchange accepts what the live one accepts (issue 18 item 1): the operator's documented batch
// cancel `{rq, mkt, acc, oid, t: 5, fl: 0, lv: 0, lb: 0}` (no `s`, no `p`) cancels; a request refused as a
// whole answers the mt 31 status with its code as the HTTP status; an rq below the last accepted is refused
// up front; a Change's `s` is the size left to fill.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { signedGet, signedPost, type TestKey } from './helpers.js';
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

interface BatchReply {
  mt: number;
  cid?: number;
  status: { code: number; error?: string };
  statuses?: { code: number; error?: string }[];
}

const batch = async (body: unknown, k: TestKey = key): Promise<{ status: number; body: BatchReply }> => {
  const res = await signedPost(sim.rest, sim.chainId, k, '/v1/trading/orders', body);
  return { status: res.status, body: (await res.json()) as BatchReply };
};

async function poll<T>(read: () => Promise<T | undefined>, what: string, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface OrderRow {
  rq: number;
  oid: number;
  st: number;
  os: number;
  fs: number;
  p?: number;
}

const openOrders = async (): Promise<OrderRow[]> => ((await (await signedGet(sim.rest, sim.chainId, key, '/v1/trading/orders')).json()) as { d: OrderRow[] }).d;
const orderHistory = async (): Promise<OrderRow[]> =>
  ((await (await signedGet(sim.rest, sim.chainId, key, '/v1/trading/order-history?count=100')).json()) as { d: OrderRow[] }).d;

/** A post-only bid far under the book: it rests, it never fills. */
function restingBid(rq: number, size = 100): Record<string, unknown> {
  const mark = sim.control.engine.marketState(btc)!.mrk;
  return { rq, mkt: btc, acc: wallet.accountId, t: 1, p: Math.round(mark / 2), s: size, fl: 1, lv: 100, lb: 0 };
}

describe('the local exchange accepts what live accepts', () => {
  it('documented-batch-cancel: the docs\' cancel without s or p is accepted and cancels the order', async () => {
    const placed = await batch({ d: [restingBid(1)] });
    expect(placed.body.statuses).toEqual([{ code: 0 }]);
    const order = await poll(async () => (await openOrders()).find((o) => o.rq === 1), 'the resting bid');

    const cancel = { rq: 2, mkt: btc, acc: wallet.accountId, oid: order.oid, t: 5, fl: 0, lv: 0, lb: 0 };
    const cancelled = await batch({ d: [cancel] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ mt: 31, status: { code: 0 }, statuses: [{ code: 0 }] });
    await poll(async () => ((await openOrders()).some((o) => o.oid === order.oid) ? undefined : true), 'the bid to leave the book');
    const history = await orderHistory();
    expect(history.find((o) => o.oid === order.oid && o.st === 5)).toBeDefined();
  });

  it('batch-refused-whole-carries-status: malformed, empty and read-only answers are mt 31 with the code as HTTP status', async () => {
    const malformed = await batch({ orders: [] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ mt: 31, status: { code: 400 } });
    expect(malformed.body.statuses).toBeUndefined();
    const empty = await batch({ sn: 4, d: [] });
    expect(empty).toMatchObject({ status: 400, body: { mt: 31, cid: 4, status: { code: 400 } } });
    // The scope is judged before the orders: a read-only key sending garbage is told 403, not 400.
    const reader = sim.control.issueKey({ address: wallet.address, scopeMask: 1 });
    const refused = await batch({ orders: 'nonsense' }, reader);
    expect(refused).toMatchObject({ status: 403, body: { mt: 31, status: { code: 403, error: 'api key lacks trade scope' } } });
  });

  it('batch-rq-below-last-accepted: a lower rq is refused with 400 in its slot, the same rq again stays accepted', async () => {
    const acc = wallet.accountId!;
    const next = Math.max(0, ...sim.control.engine.executedRequests(acc)) + 10;
    const first = await batch({ d: [restingBid(next)] });
    expect(first.body.statuses).toEqual([{ code: 0 }]);
    const again = await batch({ d: [restingBid(next), restingBid(next - 1)] });
    expect(again.body.statuses?.[0]).toEqual({ code: 0 });
    expect(again.body.statuses?.[1]).toMatchObject({ code: 400 });
    await poll(async () => ((await openOrders()).some((o) => o.rq === next) ? true : undefined), 'the bid of rq next');
    // At most once: the retried rq rests once, the refused one never reached the engine.
    expect((await openOrders()).filter((o) => o.rq === next)).toHaveLength(1);
    expect(sim.control.engine.executedRequests(acc)).not.toContain(next - 1);
  });
});

// Frames and fields the live service sends, and none it does not (issue 18 item 3): a wallet update (mt 20)
// when the wallet transacts, `mnp` on every order row, no deposit frame after sign-in for an account that
// existed before it, account events carrying only what live names per type, `np` on a short history page,
// and `sid` on the REST positions snapshot.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { signedGet, signedInTrading, type Frame, type FrameClient, type TestKey } from './helpers.js';
import { newTrader, startTestSim } from './sim-setup.js';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 20 });
});
afterAll(() => sim.stop());

interface Trader {
  wallet: SimWallet;
  key: TestKey;
  btc: number;
  ws: FrameClient;
}

async function signedInTrader(): Promise<Trader> {
  const t = newTrader(sim);
  return { ...t, ws: await signedInTrading(sim.ws, sim.chainId, t.key) };
}

/** Waits until `n` more heartbeats than `from` arrived: that many blocks were delivered to this socket. */
const blocksPass = (ws: FrameClient, n: number): Promise<Frame[]> => ws.waitForCount((f) => f.mt === 100, n, 8_000);

const get = async <T>(t: Trader, path: string): Promise<T> => (await (await signedGet(sim.rest, sim.chainId, t.key, path)).json()) as T;

describe('frames as live sends them', () => {
  it('no-deposit-frame-after-sign-in, wallet-update-on-deposit: nothing about the opening deposit arrives; a new deposit sends mt 20 then mt 21', async () => {
    const t = await signedInTrader();
    try {
      const snapshot = t.ws.frames.find((f) => f.mt === 19)!;
      await blocksPass(t.ws, 4);
      // Four blocks after sign-in: no frame about the account's opening deposit (it predates the socket)...
      expect(t.ws.frames.filter((f) => f.mt === 21 || f.mt === 20)).toEqual([]);
      // ...which the account history does hold.
      const history = await get<{ d: { et: number }[] }>(t, '/v1/trading/account-history');
      expect(history.d.map((e) => e.et)).toEqual([1]);

      // The sentinel: a deposit now is a wallet transaction, and its frames do arrive, wallet first.
      sim.control.engine.deposit(t.wallet.accountId!, '5000000');
      const update = await t.ws.waitFor((f) => f.mt === 20);
      expect(update).toMatchObject({ mt: 20, sid: 10, addr: t.wallet.address, n: (snapshot['n'] as number) + 1, fl: 0 });
      const account = await t.ws.waitFor((f) => f.mt === 21);
      expect(account.sn).toBe(update.sn);
      expect(t.ws.frames.indexOf(update)).toBeLessThan(t.ws.frames.indexOf(account));
      expect(account['h']).toEqual([expect.objectContaining({ et: 1, a: '5000000' })]);
      // A deposit names no market, request, order or position.
      expect(Object.keys((account['h'] as object[])[0]!).sort()).toEqual(['a', 'at', 'b', 'bfa', 'et', 'f', 'id', 'in', 'lb']);
    } finally {
      t.ws.close();
    }
  });

  it('mnp-on-every-order-row, settlement-fields: an order without mnp reports the market default; its settlement names m, r, o', async () => {
    const t = await signedInTrader();
    try {
      const market = sim.control.engine.context(0, Date.now()).markets.find((m) => m.id === t.btc)!;
      t.ws.send({ mt: 22, sn: 1, rq: 1, mkt: t.btc, acc: t.wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0 });
      const row = (await t.ws.waitFor((f) => f.mt === 24)) as Frame & { d: { rq: number; mnp?: number; st: number }[] };
      expect(row.d[0]).toMatchObject({ rq: 1, mnp: market.order_max_neg_pnl_collat_bps });
      const settled = await t.ws.waitFor((f) => f.mt === 21 && Array.isArray(f['h']) && (f['h'] as { et: number }[]).some((e) => e.et === 4));
      const event = (settled['h'] as Record<string, unknown>[]).find((e) => e['et'] === 4)!;
      expect(event).toMatchObject({ m: t.btc, r: 1 });
      expect(event['o']).toBeGreaterThan(0);
      expect(event).not.toHaveProperty('p');
    } finally {
      t.ws.close();
    }
  });

  it('topup-event-fields: a collateral increase names market and position, not the request; its position row has rq 0', async () => {
    const t = await signedInTrader();
    try {
      t.ws.send({ mt: 22, sn: 1, rq: 1, mkt: t.btc, acc: t.wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0 });
      const opened = (await t.ws.waitFor((f) => f.mt === 27)) as Frame & { d: { pid: number }[] };
      const pid = opened.d[0]!.pid;
      t.ws.send({ mt: 22, sn: 2, rq: 2, mkt: t.btc, acc: t.wallet.accountId, t: 6, a: '5000000', fl: 0, lv: 0, lb: 0 });
      const credited = await t.ws.waitFor((f) => f.mt === 21 && Array.isArray(f['h']) && (f['h'] as { et: number }[]).some((e) => e.et === 3));
      const event = (credited['h'] as Record<string, unknown>[]).find((e) => e['et'] === 3)!;
      expect(event).toMatchObject({ m: t.btc, p: pid, a: '-5000000' });
      expect(event).not.toHaveProperty('r');
      expect(event).not.toHaveProperty('o');
      const row = (await t.ws.waitFor((f) => f.mt === 27 && (f['d'] as { sr: number }[])[0]?.sr === 6)) as Frame & { d: { e: { rq: number }[] }[] };
      expect(row.d[0]!.e[0]!.rq).toBe(0);
    } finally {
      t.ws.close();
    }
  });

  it('np-on-a-short-page: a page shorter than count carries np; the page it names is empty and has none', async () => {
    const t = await signedInTrader();
    try {
      t.ws.send({ mt: 22, sn: 1, rq: 1, mkt: t.btc, acc: t.wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0 });
      await t.ws.waitFor((f) => f.mt === 24);
      const page = await get<{ d: unknown[]; np?: string }>(t, '/v1/trading/order-history?count=20');
      expect(page.d.length).toBeGreaterThan(0);
      expect(page.d.length).toBeLessThan(20);
      expect(page.np).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const next = await get<{ d: unknown[]; np?: string }>(t, `/v1/trading/order-history?count=20&page=${page.np}`);
      expect(next).toEqual({ d: [] });
    } finally {
      t.ws.close();
    }
  });

  it('sid-on-rest-positions: GET /v1/trading/positions is the stream snapshot with its sid', async () => {
    const t = await signedInTrader();
    try {
      const body = await get<Record<string, unknown>>(t, '/v1/trading/positions');
      expect(body).toMatchObject({ mt: 26, sid: 50, d: [] });
      expect(body['sn']).toBeGreaterThan(0);
    } finally {
      t.ws.close();
    }
  });
});

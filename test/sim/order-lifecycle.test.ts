// Orders end to end over the trading socket: each engine reject reason reaches the client as mt 24
// (st 7 with its sr), fills arrive in the live per-block order, and a trigger fires on a mark move.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { signedInTrading, type Frame, type FrameClient } from './helpers.js';
import { startTestSim } from './sim-setup.js';

let sim: RunningSim;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 100 });
  btc = sim.control.engine.context(0, Date.now()).markets.find((m) => m.symbol === 'BTC')!.id;
});
afterAll(() => sim.stop());

interface Trader {
  w: SimWallet;
  c: FrameClient;
  rq: number;
  sn: number;
}

async function trader(opts: { balance?: string; orderForwarding?: boolean } = {}): Promise<Trader> {
  const w = sim.control.createWallet(opts);
  const c = await signedInTrading(sim.ws, sim.chainId, sim.control.issueKey({ address: w.address, scopeMask: 3 }));
  const lfr = (c.frames[0]!['as'] as { lfr: number }[])[0]!.lfr;
  return { w, c, rq: lfr, sn: 0 };
}

/** Sends an order and resolves with the first mt 24 row for its rq. */
async function place(t: Trader, fields: Record<string, unknown>, rq = ++t.rq): Promise<Record<string, unknown>> {
  const sn = ++t.sn;
  t.c.send({ mt: 22, sn, rq, mkt: btc, acc: t.w.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0, ...fields });
  const ack = await t.c.waitFor((f) => f.mt === 3 && f.cid === sn);
  expect(ack['status']).toEqual({ code: 0 });
  const upd = await t.c.waitFor((f) => f.mt === 24 && (f['d'] as { rq: number }[]).some((o) => o.rq === rq), 5000);
  return (upd['d'] as { rq: number }[]).find((o) => o.rq === rq)! as unknown as Record<string, unknown>;
}

function bestAsk(): number {
  return sim.control.engine.book(btc, 1).ask[0]!.p;
}

describe('reject reasons reach the client as mt 24', () => {
  it('sr-34-forwarding-off: an account without order forwarding fails every order with st 7 sr 34', async () => {
    const t = await trader({ orderForwarding: false });
    expect(await place(t, {})).toMatchObject({ st: 7, sr: 34 });
    t.c.close();
  });

  it('sr-32-rq-too-low: an rq at or below lfr fails with sr 32', async () => {
    const t = await trader();
    const ok = await place(t, {}, t.rq + 5);
    expect(ok['st']).not.toBe(7);
    expect(await place(t, {}, t.rq + 3)).toMatchObject({ st: 7, sr: 32 });
    t.c.close();
  });

  it('sr-1-insufficient-balance: an open needing more margin than the balance fails with sr 1', async () => {
    const t = await trader({ balance: '1000000' });
    expect(await place(t, { s: 1_000_000 })).toMatchObject({ st: 7, sr: 1 });
    t.c.close();
  });

  it('sr-13-post-only-crosses: a PostOnly buy at the best ask fails with sr 13', async () => {
    const t = await trader();
    expect(await place(t, { fl: 1, p: bestAsk() + 1000, lb: 0 })).toMatchObject({ st: 7, sr: 13 });
    t.c.close();
  });

  it('sr-38-close-exceeds-position: a resting close larger than the position fails with sr 38', async () => {
    const t = await trader();
    const open = await place(t, { s: 20 });
    expect(open['st']).toBe(4);
    await t.c.waitFor((f) => f.mt === 27);
    expect(await place(t, { t: 3, fl: 0, p: bestAsk() * 2, s: 1000, lv: 0 })).toMatchObject({ st: 7, sr: 38 });
    t.c.close();
  });

  it('sr-14-lb-passed: a request whose lb has passed when the forwarder reaches it fails with sr 14', async () => {
    const t = await trader();
    sim.control.pauseBlocks();
    try {
      const head = sim.control.headBlock();
      const sn = ++t.sn;
      const rq = ++t.rq;
      t.c.send({ mt: 22, sn, rq, mkt: btc, acc: t.w.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: head + 1 });
      expect((await t.c.waitFor((f) => f.mt === 3 && f.cid === sn))['status']).toEqual({ code: 0 });
      sim.control.skipBlocks(2);
      sim.control.stepBlock();
      const upd = await t.c.waitFor((f) => f.mt === 24 && (f['d'] as { rq: number }[]).some((o) => o.rq === rq));
      expect((upd['d'] as { rq: number }[]).find((o) => o.rq === rq)).toMatchObject({ st: 7, sr: 14 });
    } finally {
      sim.control.resumeBlocks();
    }
    t.c.close();
  });
});

describe('fills and triggers', () => {
  it('block-frame-order: a fill block delivers 21 -> 28 -> 24 -> 25 -> 27 with one sn, then heartbeat sn', async () => {
    const t = await trader();
    const start = t.c.frames.length;
    await place(t, { s: 10 });
    await t.c.waitFor((f) => f.mt === 27, 3000, start);
    const fill = t.c.frames.slice(start).find((f) => f.mt === 25)!;
    const block = t.c.frames.slice(start).filter((f) => f.sn === fill.sn && f.mt !== 3 && f.mt !== 100);
    expect(block.map((f) => f.mt)).toEqual([21, 28, 24, 25, 27]);
    expect(block.map((f) => f.sid)).toEqual([20, 21, 30, 40, 50]);
    const beat = await t.c.waitFor((f) => f.mt === 100 && f.sn === fill.sn, 3000, start);
    expect(t.c.frames.indexOf(beat)).toBeGreaterThan(t.c.frames.indexOf(fill));
    t.c.close();
  });

  it('maker-fill-lands-with-a-block: a resting order filled by flow between blocks arrives before that block\'s heartbeat', async () => {
    const t = await trader();
    const top = sim.control.engine.book(btc, 1);
    const price = top.bid[0]!.p + 1;
    expect(price).toBeLessThan(top.ask[0]!.p);
    const resting = await place(t, { fl: 0, p: price, s: 5, lb: 0 });
    expect(resting['st']).toBe(2);
    const fill = await t.c.waitFor((f) => f.mt === 25, 15_000);
    const beat = await t.c.waitFor((f) => f.mt === 100 && f.sn === fill.sn, 3000);
    const sameBlock = t.c.frames.filter((f) => f.sn === fill.sn && f.mt !== 3 && f.mt !== 2);
    expect(sameBlock.at(-1)).toBe(beat);
    const mts = sameBlock.map((f) => f.mt);
    expect(mts.filter((mt) => mt === 25)).toHaveLength(1);
    expect(mts).toEqual([...mts].sort((a, b) => [21, 28, 24, 25, 27, 100].indexOf(a) - [21, 28, 24, 25, 27, 100].indexOf(b)));
    t.c.close();
  }, 25_000);

  it('trigger-fires-on-mark: a stop-loss is Untriggered (st 8) until the mark crosses, then Triggered (st 9)', async () => {
    const t = await trader();
    await place(t, { s: 10 });
    const posFrame = await t.c.waitFor((f) => f.mt === 27);
    const pid = (posFrame['d'] as { pid: number }[])[0]!.pid;
    const mark = sim.control.engine.marketState(btc)!.mrk;
    const tp = Math.floor(mark * 0.9);
    const rq = t.rq + 1;
    expect(await place(t, { t: 3, p: 0, s: 10, tp, tpc: 4, lp: pid, fl: 4, lv: 0, lb: 0 })).toMatchObject({ st: 8 });
    const from = t.c.frames.length;
    sim.control.engine.setOraclePrice(btc, tp - 100);
    const upd = await t.c.waitFor(
      (f: Frame) => f.mt === 24 && (f['d'] as { rq: number; st: number }[]).some((o) => o.rq === rq && o.st === 9),
      5000,
      from,
    );
    expect(upd.sid).toBe(30);
    t.c.close();
  });
});

// Orders end to end over the trading socket: each engine reject reason reaches the client as mt 24
// (st 7 with its sr), admission limits answer mt 3, fills arrive in the live per-block order, a trigger
// fires on a mark move, market orders stop at their `ms` bound, and a rebate tier's maker fills carry a
// negative fee.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { REBATE_FEE_TIER } from '../../src/sim/markets.js';
import { signedInTrading, type Frame, type FrameClient } from './helpers.js';
import { startTestSim } from './sim-setup.js';
import { marketLabel } from '../../src/domain/market-label.js';

let sim: RunningSim;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 100 });
  btc = sim.control.engine.context(0, Date.now()).markets.find((m) => marketLabel(m) === 'BTC')!.id;
});
afterAll(() => sim.stop());

interface Trader {
  w: SimWallet;
  c: FrameClient;
  rq: number;
  sn: number;
}

async function trader(opts: { balance?: string; orderForwarding?: boolean; feeTier?: number } = {}, on = sim): Promise<Trader> {
  const w = on.control.createWallet(opts);
  const c = await signedInTrading(on.ws, on.chainId, on.control.issueKey({ address: w.address, scopeMask: 3 }));
  const lfr = (c.frames[0]!['as'] as { lfr: number }[])[0]!.lfr;
  return { w, c, rq: lfr, sn: 0 };
}

/** Sends an order (a market buy of 10 unless `fields` say otherwise) and resolves with its mt 3 ack. */
async function submit(t: Trader, fields: Record<string, unknown>, rq = ++t.rq): Promise<Frame> {
  const sn = ++t.sn;
  t.c.send({ mt: 22, sn, rq, mkt: btc, acc: t.w.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0, ...fields });
  return t.c.waitFor((f) => f.mt === 3 && f.cid === sn);
}

/** The first mt 24 row for `rq`. */
async function rowFor(t: Trader, rq: number): Promise<Record<string, unknown>> {
  const upd = await t.c.waitFor((f) => f.mt === 24 && (f['d'] as { rq: number }[]).some((o) => o.rq === rq), 15_000);
  return (upd['d'] as { rq: number }[]).find((o) => o.rq === rq)! as unknown as Record<string, unknown>;
}

/** Sends an order, expects it admitted, and resolves with the first mt 24 row for its rq. */
async function place(t: Trader, fields: Record<string, unknown>, rq = ++t.rq): Promise<Record<string, unknown>> {
  expect((await submit(t, fields, rq))['status']).toEqual({ code: 0 });
  return rowFor(t, rq);
}

/** Runs `fn` with the synthetic flow and/or the block clock stopped (blocks then advance by stepBlock). */
async function frozen<T>(what: { flow?: boolean; blocks?: boolean }, fn: () => Promise<T>): Promise<T> {
  if (what.flow) sim.control.pauseFlow();
  if (what.blocks) sim.control.pauseBlocks();
  try {
    return await fn();
  } finally {
    if (what.blocks) sim.control.resumeBlocks();
    if (what.flow) sim.control.resumeFlow();
  }
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
    await frozen({ blocks: true }, async () => {
      const rq = ++t.rq;
      expect((await submit(t, { lb: sim.control.headBlock() + 1 }, rq))['status']).toEqual({ code: 0 });
      sim.control.skipBlocks(2);
      sim.control.stepBlock();
      expect(await rowFor(t, rq)).toMatchObject({ st: 7, sr: 14 });
    });
    t.c.close();
  });

  it('lb-too-high-400: lb beyond head + order_ttl_blocks is refused at admission (mt 3 400); head + ttl is admitted', async () => {
    const t = await trader();
    const ttl = sim.control.engine.context(0, Date.now()).markets.find((m) => m.id === btc)!.order_ttl_blocks;
    await frozen({ blocks: true }, async () => {
      const head = sim.control.headBlock();
      const tooHigh = await submit(t, { lb: head + ttl + 1 });
      expect(tooHigh['status']).toEqual({ code: 400, error: 'last exec block too high' });
      const rq = ++t.rq;
      expect((await submit(t, { lb: head + ttl }, rq))['status']).toEqual({ code: 0 });
      sim.control.stepBlock();
      expect((await rowFor(t, rq))['st']).toBe(4);
    });
    t.c.close();
  });

  it('sr-24-trigger-cap: a trigger beyond max_account_trigger_orders fails st 7 sr 24; those before stay Untriggered', async () => {
    const t = await trader();
    const cap = sim.control.engine.context(0, Date.now()).instances[0]!.max_account_trigger_orders;
    expect(cap).toBeGreaterThan(0);
    // Stop-losses on a mark at or below one tick: they never fire, they only count against the cap.
    const trigger = { t: 3, p: 0, s: 10, tp: 1, tpc: 4, fl: 4, lv: 0, lb: 0 };
    for (let i = 0; i < cap; i++) expect(await place(t, trigger)).toMatchObject({ st: 8 });
    expect(await place(t, trigger)).toMatchObject({ st: 7, sr: 24 });
    const resting = sim.control.engine.ledger(t.w.accountId!).orders;
    expect(resting.filter((o) => o.st === 8)).toHaveLength(cap);
    t.c.close();
  });
});

describe('market orders and fees', () => {
  it('market-order-ms-bound: a market buy fills only the asks at or below mark + ms bps, the rest is cancelled (st 4 sr 16)', async () => {
    const t = await trader();
    await frozen({ flow: true, blocks: true }, async () => {
      // With both clocks stopped the mark and the book stay as read until the order runs.
      const mark = sim.control.engine.marketState(btc)!.mrk;
      const asks = sim.control.engine.book(btc, 20).ask;
      const bound = (bps: number): number => Math.floor((mark * (10_000 + bps)) / 10_000);
      let ms = 1;
      while (!asks.some((a) => a.p <= bound(ms))) ms++;
      const within = asks.filter((a) => a.p <= bound(ms));
      expect(within.length).toBeLessThan(asks.length);
      const reachable = within.reduce((n, a) => n + a.s, 0);
      const from = t.c.frames.length;
      const rq = ++t.rq;
      expect((await submit(t, { p: 0, s: reachable + 50, ms }, rq))['status']).toEqual({ code: 0 });
      sim.control.stepBlock();
      expect(await rowFor(t, rq)).toMatchObject({ st: 4, sr: 16, fs: reachable });
      const fills = (await t.c.waitFor((f) => f.mt === 25, 3000, from))['d'] as { p: number; s: number }[];
      expect(fills.reduce((n, f) => n + f.s, 0)).toBe(reachable);
      for (const f of fills) expect(f.p).toBeLessThanOrEqual(bound(ms));
    });
    t.c.close();
  });

  it('maker-rebate: on the rebate fee tier a maker fill carries a negative fee (notional x micros, toward zero)', async () => {
    const market = sim.control.engine.context(0, Date.now()).markets.find((m) => m.id === btc)!;
    const micros = market.config.maker_fees![REBATE_FEE_TIER]!;
    expect(micros).toBeLessThan(0);
    const maker = await trader({ feeTier: REBATE_FEE_TIER });
    expect((maker.c.frames[0]!['as'] as { ft: number }[])[0]!.ft).toBe(REBATE_FEE_TIER);
    const taker = await trader();
    // The flow paused: no other order can take the maker's or outbid it before the taker's sell.
    const fill = await frozen({ flow: true }, async () => {
      const top = sim.control.engine.book(btc, 1);
      const price = top.bid[0]!.p + 1;
      expect(price).toBeLessThan(top.ask[0]!.p);
      expect(await place(maker, { fl: 1, p: price, s: 100 })).toMatchObject({ st: 2 });
      await place(taker, { t: 2, s: 100 }); // a market sell meets the best bid: the maker's
      return maker.c.waitFor((f) => f.mt === 25 && (f['d'] as { l: number }[]).some((x) => x.l === 1));
    });
    const row = (fill['d'] as { l: number; p: number; s: number; f: string }[]).find((x) => x.l === 1)!;
    // BTC: 1 decimal of price + 5 of size = 6, so the notional in atoms is p x s.
    const notional = BigInt(row.p) * BigInt(row.s);
    expect(row.f).toBe((-((notional * BigInt(-micros)) / 1_000_000n)).toString());
    expect(BigInt(row.f)).toBeLessThan(0n);
    maker.c.close();
    taker.c.close();
  });
});

describe('minimum order value (a sim whose markets set one; live markets say "0")', () => {
  let minSim: RunningSim;
  beforeAll(async () => {
    minSim = await startTestSim({
      blockMs: 50,
      flowStepsPerSec: 100,
      marketOverrides: { minPostingAmount: '100000000', minSettleAmount: '50000000' },
    });
    // The makers quote from the first flow step on: wait for a two-sided book.
    const twoSided = (): boolean => Object.values(minSim.control.engine.book(btc, 1)).every((side) => side.length > 0);
    while (!twoSided()) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(() => minSim.stop());

  it('sr-17-sr-39-under-minimum: small opens and a small partial close fail; the full close of the same position is exempt', async () => {
    const config = minSim.control.engine.context(0, Date.now()).markets.find((m) => m.id === btc)!.config;
    expect([config.min_posting_amount, config.min_settle_amount]).toEqual(['100000000', '50000000']);
    const t = await trader({}, minSim);
    const bid = minSim.control.engine.book(btc, 1).bid[0]!.p;
    // BTC near 67,000: 0.0001 BTC (~6.7 AUSD) filled at once is under the 50 AUSD settle minimum.
    expect(await place(t, { s: 10 })).toMatchObject({ st: 7, sr: 17 });
    // 0.001 BTC (~67 AUSD) resting is under the 100 AUSD posting minimum.
    expect(await place(t, { fl: 0, p: bid - 1_000, s: 100 })).toMatchObject({ st: 7, sr: 39 });
    // 0.0008 BTC, valued at its bound (mark + 5 %): ~56 AUSD, above the settle minimum.
    expect(await place(t, { s: 80 })).toMatchObject({ st: 4 });
    await t.c.waitFor((f) => f.mt === 27);
    // Closes are valued at their bound too (mark - 20 %): 79 of 80 is ~42 AUSD, under the minimum...
    expect(await place(t, { t: 3, s: 79, ms: 2_000, lv: 0 })).toMatchObject({ st: 7, sr: 17 });
    // ...while closing all 80 (~43 AUSD at that bound) is exempt.
    expect(await place(t, { t: 3, s: 80, ms: 2_000, lv: 0 })).toMatchObject({ st: 4 });
    expect(minSim.control.engine.ledger(t.w.accountId!).positions).toEqual([]);
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
    const beat = await t.c.waitFor((f) => f.mt === 100 && f.sn === fill.sn, 15_000);
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

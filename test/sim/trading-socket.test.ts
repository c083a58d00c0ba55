// The trading WebSocket over a real socket: sign-in, snapshots, heartbeats, order admission acks,
// and every close code the gateway uses.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { FrameClient, signInFrame, signedInTrading, type Frame, type TestKey } from './helpers.js';
import { newTrader, startTestSim } from './sim-setup.js';

let sim: RunningSim;
let wallet: SimWallet;
let key: TestKey;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 60, flowStepsPerSec: 10, limits: { idleTimeoutMs: 400, tradingRequestsPerMin: 30 } });
  ({ wallet, key, btc } = newTrader(sim));
});
afterAll(() => sim.stop());

const tradingUrl = (): string => `${sim.ws}/ws/v1/trading`;

function order(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { mt: 22, sn: 1, rq: 1, mkt: btc, acc: wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 100, lv: 500, lb: 0, ...extra };
}

describe('trading sign-in', () => {
  it('snapshots-share-one-sn: 19, 23, 26 arrive first with sn = head block, then heartbeats with sn == h, +1 each', async () => {
    const c = await FrameClient.open(tradingUrl());
    c.send(signInFrame(sim.chainId, key));
    await c.waitForCount((f) => f.mt === 100, 4);
    const [a, b, d] = c.frames;
    expect([a!.mt, b!.mt, d!.mt]).toEqual([19, 23, 26]);
    expect([a!.sid, b!.sid, d!.sid]).toEqual([10, 30, 50]);
    expect(b!.sn).toBe(a!.sn);
    expect(d!.sn).toBe(a!.sn);
    const beats = c.frames.filter((f) => f.mt === 100);
    expect(beats[0]!.sn).toBe(a!.sn! + 1);
    for (const [i, hb] of beats.entries()) {
      expect(hb.sn).toBe(hb['h']);
      if (i > 0) expect(hb.sn).toBe(beats[i - 1]!.sn! + 1);
    }
    expect((a!['as'] as { id: number }[])[0]!.id).toBe(wallet.accountId);
    c.close();
  });

  it('idle-timeout-1008: no sign-in within the idle window closes 1008 "idle timeout"', async () => {
    const c = await FrameClient.open(tradingUrl());
    expect(await c.waitClose()).toEqual({ code: 1008, reason: 'idle timeout' });
  });

  it('bad-sign-in-3401: a wrong signature, a stale timestamp or an unknown key close 3401', async () => {
    const other = sim.control.issueKey({ address: wallet.address, scopeMask: 3 });
    const bad = [
      signInFrame(sim.chainId, key, { seedHex: other.seedHex }),
      signInFrame(sim.chainId, key, { timestamp: Date.now() - 60_000 }),
      signInFrame(sim.chainId, { apiKey: 'nope', seedHex: key.seedHex }),
      signInFrame(sim.chainId, key, { chainId: 143 }),
    ];
    for (const frame of bad) {
      const c = await FrameClient.open(tradingUrl());
      c.send(frame);
      expect(await c.waitClose()).toEqual({ code: 3401, reason: 'unauthorized' });
      expect(c.frames).toEqual([]);
    }
  });

  it('replayed-sign-in-3401: the exact mt 29 of a successful sign-in, sent again on a new socket, closes 3401', async () => {
    const frame = signInFrame(sim.chainId, key);
    const first = await FrameClient.open(tradingUrl());
    first.send(frame);
    await first.waitFor((f) => f.mt === 19);
    first.close();
    const replay = await FrameClient.open(tradingUrl());
    replay.send(frame); // same nonce, still inside the +-30 s window
    expect(await replay.waitClose()).toEqual({ code: 3401, reason: 'unauthorized' });
    expect(replay.frames).toEqual([]);
  });

  it('no-exchange-account: a wallet with a key but no account signs in to empty snapshots; any order closes 1011', async () => {
    const bare = sim.control.createWallet({ account: false });
    expect(bare.accountId).toBeUndefined();
    const c = await signedInTrading(sim.ws, sim.chainId, sim.control.issueKey({ address: bare.address, scopeMask: 3 }));
    await c.waitForCount((f) => f.mt === 100, 2);
    const [w, orders, positions] = c.frames;
    expect(w).toMatchObject({ mt: 19, addr: bare.address, as: [], sts: [] });
    expect(orders).toMatchObject({ mt: 23, d: [] });
    expect(positions).toMatchObject({ mt: 26, d: [] });
    // No account of its own to name: an order for someone else's account is the gateway's protocol error.
    c.send(order({ sn: 9 }));
    expect(await c.waitClose()).toEqual({ code: 1011, reason: 'failed to process' });
    expect(c.frames.some((f: Frame) => f.mt === 3)).toBe(false);
  });

  it('first-frame-must-be-sign-in: an order before mt 29 closes 3401', async () => {
    const c = await FrameClient.open(tradingUrl());
    c.send(order());
    expect((await c.waitClose()).code).toBe(3401);
  });

  it('too-many-connections-1008: the fifth signed-in socket of a wallet is refused at sign-in, others stay', async () => {
    const w = sim.control.createWallet();
    const k = sim.control.issueKey({ address: w.address, scopeMask: 3 });
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await signedInTrading(sim.ws, sim.chainId, k));
    const fifth = await FrameClient.open(tradingUrl());
    fifth.send(signInFrame(sim.chainId, k));
    expect(await fifth.waitClose()).toEqual({ code: 1008, reason: 'too many connections' });
    expect(open.every((c) => c.closeCode === undefined)).toBe(true);
    expect(sim.control.tradingConnections(w.address)).toBe(4);
    open[0]!.close();
    // The exchange has released the slot (its own count), not "probably by now".
    const deadline = Date.now() + 5000;
    while (sim.control.tradingConnections(w.address) > 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(sim.control.tradingConnections(w.address)).toBe(3);
    const again = await signedInTrading(sim.ws, sim.chainId, k);
    expect(sim.control.tradingConnections(w.address)).toBe(4);
    for (const c of [...open, again]) c.close();
  });
});

describe('order admission (mt 22 -> mt 3)', () => {
  it('ack-correlates-cid: each mt 22 gets one mt 3 on sid 100 whose cid is the frame sn; sn 0 omits cid', async () => {
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    const lfr = (c.frames[0]!['as'] as { lfr: number }[])[0]!.lfr;
    c.send(order({ sn: 41, rq: lfr + 1 }));
    c.send(order({ sn: 42, rq: lfr + 2, lb: 1 })); // lb in the past: 400
    c.send(order({ sn: 0, rq: lfr + 3 }));
    const acks = await c.waitForCount((f) => f.mt === 3, 3);
    expect(acks.map((a) => a.sid)).toEqual([100, 100, 100]);
    expect(acks[0]).toMatchObject({ cid: 41, status: { code: 0 } });
    expect(acks[0]!['status']).not.toHaveProperty('error');
    expect(acks[1]).toMatchObject({ cid: 42, status: { code: 400, error: 'last exec block already expired' } });
    expect(acks[2]).not.toHaveProperty('cid');
    expect(new Set(acks.map((a) => a.sn)).size).toBe(3);
    c.close();
  });

  it('undocumented-flags-400: fl outside 0/1/2/4 and tpc outside 1..4 are refused 400; nothing rests or executes', async () => {
    // The tests before leave accepted requests to execute at the next block: until they have, the account's
    // lfr (and so this test's rqs) would collide with theirs.
    const settled = Date.now() + 10_000;
    while (sim.control.engine.pendingRequests() > 0 && Date.now() < settled) await new Promise((r) => setTimeout(r, 20));
    expect(sim.control.engine.pendingRequests()).toBe(0);
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    const lfr = (c.frames[0]!['as'] as { lfr: number }[])[0]!.lfr;
    const acc = wallet.accountId!;
    const before = { open: sim.control.engine.openOrders(acc).length, executed: sim.control.engine.executedRequests(acc).length };
    const restingBid = { t: 1, p: 1, fl: 0, lv: 500, lb: 0 };
    c.send(order({ sn: 61, rq: lfr + 1, ...restingBid, fl: 3 }));
    c.send(order({ sn: 62, rq: lfr + 2, ...restingBid, fl: 8 }));
    c.send(order({ sn: 63, rq: lfr + 3, t: 3, p: 0, s: 1, fl: 4, lv: 0, tp: 1, tpc: 5 }));
    c.send(order({ sn: 64, rq: lfr + 4, t: 3, p: 0, s: 1, fl: 4, lv: 0, tp: 1, tpc: 99 }));
    const acks = await c.waitForCount((f) => f.mt === 3, 4);
    expect(acks.map((a) => [a.cid, a['status']])).toEqual([
      [61, { code: 400, error: 'invalid order flags' }],
      [62, { code: 400, error: 'invalid order flags' }],
      [63, { code: 400, error: 'invalid trigger price condition' }],
      [64, { code: 400, error: 'invalid trigger price condition' }],
    ]);
    // A sentinel accepted after them proves the refused ones were judged and dropped, not queued.
    c.send(order({ sn: 65, rq: lfr + 5 }));
    expect(await c.waitFor((f) => f.mt === 3 && f.cid === 65)).toMatchObject({ status: { code: 0 } });
    const deadline = Date.now() + 5000;
    while (sim.control.engine.executedRequests(acc).length <= before.executed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sim.control.engine.executedRequests(acc).slice(before.executed)).toEqual([lfr + 5]);
    expect(sim.control.engine.openOrders(acc)).toHaveLength(before.open);
    c.close();
  });

  it('read-scope-403: a read-only key gets mt 3 code 403 and the socket stays open', async () => {
    const reader = sim.control.issueKey({ address: wallet.address, scopeMask: 1 });
    const c = await signedInTrading(sim.ws, sim.chainId, reader);
    c.send(order({ sn: 7 }));
    const ack = await c.waitFor((f) => f.mt === 3);
    expect(ack).toMatchObject({ cid: 7, status: { code: 403, error: 'api key lacks trade scope' } });
    await c.waitFor((f) => f.mt === 100, 2000, c.frames.indexOf(ack));
    expect(c.closeCode).toBeUndefined();
    c.close();
  });

  it('protocol-errors-close-1011: unparseable JSON, unknown market, foreign account, negative mnp close without mt 3', async () => {
    const foreign = sim.control.createWallet();
    const cases: unknown[] = [
      '{"mt":22,',
      order({ mkt: 987654 }),
      order({ acc: foreign.accountId }),
      order({ mnp: -1 }),
      order({ s: 'ten' }),
    ];
    for (const frame of cases) {
      const c = await signedInTrading(sim.ws, sim.chainId, key);
      c.send(frame);
      expect(await c.waitClose()).toEqual({ code: 1011, reason: 'failed to process' });
      expect(c.frames.some((f: Frame) => f.mt === 3)).toBe(false);
    }
  });

  it('ping-pong: mt 1 is answered by mt 2 on sid 1 echoing t with the server\'s own counter', async () => {
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    c.send({ mt: 1, t: 1234567 });
    const pong = await c.waitFor((f) => f.mt === 2);
    expect(pong).toMatchObject({ mt: 2, sid: 1, t: 1234567 });
    expect(pong.sn).toBeLessThan(100);
    c.close();
  });

  it('rate-limit-1008: more requests per minute than the budget close 1008 "too many requests"', async () => {
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    for (let i = 0; i < 40; i++) c.send({ mt: 1, t: i });
    expect(await c.waitClose()).toEqual({ code: 1008, reason: 'too many requests' });
    expect(c.frames.filter((f) => f.mt === 2).length).toBe(30);
  });
});

// The retry rules against the local exchange with faults: lost acks, lost status updates, a reconnect
// between post and status, and sr 32 with two clients on one account. The invariant checked every time:
// the exchange executed each intent at most once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S } from '../../src/protocol/enums.js';
import type { Market } from '../../src/protocol/frames.js';
import { VirtualTimers } from '../helpers/virtual-timers.js';
import { type SimHandle, type Trader, type TraderOptions, TraderPool, market, startTestSim, until } from './harness.js';

let h: SimHandle;
let btc: Market;
const traders = new TraderPool();
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
});
afterEach(async () => {
  h.sim.control.setFaults('none');
  h.sim.control.resumeBlocks();
  await traders.stopAll();
});
afterAll(async () => {
  await h?.stop();
});

const trader = (opts: TraderOptions = {}): Promise<Trader> => traders.start(h, opts);

function count(xs: readonly number[], x: number): number {
  return xs.filter((v) => v === x).length;
}

const marketLong = (t: Trader) => t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 });

describe('retry rules', () => {
  it('lost ack: resends the SAME rq, executes once, keeps the first definitive status', async () => {
    // The ack timer runs on a clock the test moves: the timeout fires when the test says, never earlier.
    const clock = new VirtualTimers();
    const t = await trader({ engine: { timers: clock, ackTimeoutMs: 800 } });
    const lostBefore = h.sim.control.faultLog().filter((e) => e.kind === 'lost-ack').length;
    const lostAcks = (): number => h.sim.control.faultLog().filter((e) => e.kind === 'lost-ack').length - lostBefore;
    h.sim.control.setFaults({ name: 'test-lost-acks', lostAck: 1 });
    h.sim.control.pauseBlocks(); // nothing executes until the ack timeout has fired
    const handle = marketLong(t);
    await until(() => lostAcks() === 1, 'the exchange to swallow the ack');
    clock.advance(799);
    expect(t.engine.views()[0]?.retries).toBe(0);
    clock.advance(1); // the ack timeout
    expect(t.engine.views()[0]).toMatchObject({ retries: 1, rqs: handle.rqs(), lastDecision: { action: 'resend-same-rq' } });
    await until(() => lostAcks() === 2, 'the resend to reach the exchange');
    h.sim.control.resumeBlocks();
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const rqs = handle.rqs();
    expect(rqs).toHaveLength(1);
    expect(count(h.sim.control.engine.executedRequests(t.accountId), rqs[0]!)).toBe(1);
    expect(t.session.state.positions.size).toBe(1);
  });

  it('lost status update (mt 24): reconciles from lfr + order history, never resends', async () => {
    const t = await trader();
    h.sim.control.setFaults({ name: 'test-lost-updates', lostUpdate: 1 });
    const handle = marketLong(t);
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(out.results[0]?.message).toMatch(/order history/);
    expect(handle.rqs()).toHaveLength(1);
    expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual(handle.rqs());
  });

  it('lost status of a resting order: the resync snapshot lists it by rq -> Open, not resent', async () => {
    const t = await trader({ historyLookup: false });
    const epoch = t.session.epoch;
    h.sim.control.setFaults({ name: 'test-lost-updates', lostUpdate: 1 });
    const price = h.sim.control.engine.book(btc.id, 1).bid[0]!.p - 3_000;
    const handle = t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 30, price, leverage: 500 });
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Open });
    expect(out.results[0]?.message).toMatch(/open orders/);
    expect(t.session.epoch).toBeGreaterThan(epoch); // the view was rebuilt, not trusted
    expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual(handle.rqs());
  });

  it('a long-running engine stays bounded: only the newest finished requests are kept', async () => {
    const t = await trader({ engine: { keepFinished: 2 } });
    for (let i = 0; i < 4; i++) await marketLong(t).outcome;
    const views = t.engine.views();
    expect(views).toHaveLength(2);
    expect(views.every((v) => v.phase === 'done')).toBe(true);
  });

  it('lost status update without a history source: outcome unknown, still not resent', async () => {
    const t = await trader({ historyLookup: false });
    h.sim.control.setFaults({ name: 'test-lost-updates', lostUpdate: 1 });
    const handle = marketLong(t);
    expect((await handle.outcome).results[0]?.kind).toBe('unknown');
    expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual(handle.rqs());
  });

  it('reconnect between post and status: resends the same rq after the fresh snapshot, executes once', async () => {
    const t = await trader();
    h.sim.control.pauseBlocks();
    const handle = marketLong(t);
    await until(() => t.engine.views().some((v) => v.phase === 'acked'), 'the ack');
    const epoch = t.session.epoch;
    h.sim.control.dropConnections(1006);
    await until(() => t.session.epoch > epoch && t.session.synced, 'the reconnect and fresh snapshots');
    await until(() => t.engine.views().some((v) => v.retries >= 1), 'the same-rq resend');
    h.sim.control.resumeBlocks();
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(handle.rqs()).toHaveLength(1);
    expect(count(h.sim.control.engine.executedRequests(t.accountId), handle.rqs()[0]!)).toBe(1);
  });

  it('sr 32 with two clients on one account: the loser retries once with a new rq; both execute once', async () => {
    const a = await trader();
    const b = await trader({ wallet: { address: a.address, accountId: a.accountId } });
    h.sim.control.pauseBlocks(); // both pick rq = lfr + 1 before either lands
    // Different sizes: every client on the account sees every row, and rows are told apart by content.
    const ha = a.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 });
    const hb = b.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 70, leverage: 500 });
    await until(() => a.engine.views()[0]?.phase === 'acked' && b.engine.views()[0]?.phase === 'acked', 'both acks');
    expect(ha.rqs()).toEqual(hb.rqs());
    h.sim.control.resumeBlocks();
    const [oa, ob] = await Promise.all([ha.outcome, hb.outcome]);
    expect(oa.results[0]?.kind).toBe('definitive');
    expect(ob.results[0]?.kind).toBe('definitive');
    const retried = [ha, hb].find((x) => x.rqs().length === 2);
    expect(retried).toBeDefined();
    const loser = retried === ha ? a : b;
    const lines = loser.engine.journalEntries().map((e) => e.text);
    expect(lines.some((l) => /Failed: OrderDescIdTooLow \(32\)/.test(l))).toBe(true);
    expect(lines.some((l) => /-> resend-new-rq/.test(l))).toBe(true);
    const executed = h.sim.control.engine.executedRequests(a.accountId);
    for (const rq of [...ha.rqs(), ...hb.rqs()]) expect(count(executed, rq)).toBe(1);
    await until(() => a.session.state.positions.values().next().value?.s === 170, 'both fills in one position');
  });

  it('row c: head >= lb with no status and no reconnection -> a new rq; the dropped rq never runs', async () => {
    // The ack timer is stopped in virtual time: only the blocks stepped here can decide (a late real timer
    // on a loaded machine used to resend the same rq before the head passed lb).
    const t = await trader({ engine: { timers: new VirtualTimers() } });
    dropNextOrderFrames(t, 1); // a forwarder drop: the frame never reaches the exchange
    h.sim.control.pauseBlocks();
    await until(() => t.session.head === h.sim.control.headBlock(), 'the client at the paused head');
    const head = t.session.head!;
    const handle = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500, lastBlock: head + 3 });
    for (let i = 0; i < 2; i++) h.sim.control.stepBlock();
    await until(() => t.session.head === head + 2, 'two blocks, lb not reached');
    expect(handle.rqs()).toHaveLength(1);
    h.sim.control.stepBlock();
    await until(() => handle.rqs().length === 2, 'the move to a new rq at lb');
    h.sim.control.resumeBlocks();
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const rqs = handle.rqs();
    expect(rqs).toHaveLength(2);
    expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual([rqs[1]]);
  });

  it('row a with lb = 0: a dropped frame is resent with the same rq once the ack is overdue', async () => {
    // Blocks paused and the ack timer on a virtual clock: the timeout fires long before the lb 0 window
    // could pass (a late real timer on a loaded machine met an expired window and moved to a new rq).
    const clock = new VirtualTimers();
    const t = await trader({ engine: { timers: clock, ackTimeoutMs: 800 } });
    dropNextOrderFrames(t, 1);
    h.sim.control.pauseBlocks();
    const handle = marketLong(t);
    clock.advance(800);
    expect(t.engine.views()[0]).toMatchObject({ retries: 1, lastDecision: { action: 'resend-same-rq' } });
    h.sim.control.resumeBlocks();
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(handle.rqs()).toHaveLength(1);
    expect(t.engine.views()[0]?.retries).toBe(1);
    expect(h.sim.control.engine.executedRequests(t.accountId)).toEqual(handle.rqs());
  });
});

/** Network double: the next `n` order frames are swallowed as if the forwarder dropped them. */
function dropNextOrderFrames(t: Trader, n: number): void {
  let left = n;
  const send = t.session.sendOrderFrame.bind(t.session);
  t.session.sendOrderFrame = (frame) => {
    if (left > 0) {
      left--;
      return true;
    }
    return send(frame);
  };
}

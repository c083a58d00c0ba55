// Retry-table rows not covered by retry.test.ts, against the local exchange:
// - sr 14 ExceedsLastExecutionBlock (the forwarder reached the request after its lb), both when it reaches the
//   contract (lfr advances) and when it fails with no tx (wire.md: lfr stays): a definitive failure, never resent;
// - lfr not advancing = nothing consumed: expired across a reconnect, the fresh lfr allows a new rq;
// - t 6 IncreasePositionCollateral is never auto-retried, even with its ack and status both lost.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountEventType, OrderStatus as S, OrderStatusReason as R } from '../../src/protocol/enums.js';
import type { Market } from '../../src/protocol/frames.js';
import { VirtualTimers } from '../helpers/virtual-timers.js';
import { type SimHandle, type Trader, TraderPool, market, startTestSim, until } from './harness.js';

let h: SimHandle;
let noTx: SimHandle;
let btc: Market;
const traders = new TraderPool();
beforeAll(async () => {
  [h, noTx] = await Promise.all([startTestSim(), startTestSim({ lbPassedWithoutTx: true })]);
  btc = market(h, 'BTC');
});
afterEach(async () => {
  for (const sim of [h, noTx]) {
    sim.sim.control.setFaults('none');
    sim.sim.control.resumeBlocks();
  }
  await traders.stopAll();
});
afterAll(async () => {
  await Promise.all([h?.stop(), noTx?.stop()]);
});

const trader = (sim: SimHandle): Promise<Trader> => traders.start(sim);

const journal = (t: Trader): string[] => t.engine.journalEntries().map((e) => e.text);

/** A market long with lb = head + 1 that the forwarder reaches two blocks late: the exchange fails it sr 14. */
async function placeAndRunLate(sim: SimHandle, t: Trader) {
  const control = sim.sim.control;
  control.pauseBlocks();
  await until(() => t.session.head === control.headBlock(), 'the client at the paused head');
  const lb = control.headBlock() + 1;
  const handle = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500, lastBlock: lb });
  await until(() => t.engine.views()[0]?.phase === 'acked', 'the ack');
  control.skipBlocks(2); // the forwarder falls behind: the request runs at lb + 2
  control.stepBlock();
  const out = await handle.outcome;
  control.resumeBlocks();
  // Let blocks pass (and the heartbeat-gap resync finish): a resend, if any, would land now.
  await until(() => t.session.synced && (t.session.head ?? 0) > lb + 8, 'later blocks');
  return { handle, out, rq: handle.rqs()[0]! };
}

describe('sr 14 ExceedsLastExecutionBlock', () => {
  it('reached the contract (lfr advances): failed, not resent, nothing opened', async () => {
    const t = await trader(h);
    const { handle, out, rq } = await placeAndRunLate(h, t);
    expect(out.results[0]).toMatchObject({ kind: 'failed', st: S.Failed, sr: R.ExceedsLastExecutionBlock });
    expect(handle.rqs()).toEqual([rq]);
    const ledger = h.sim.control.engine.ledger(t.accountId);
    expect(ledger.lfr).toBe(rq);
    expect(ledger.positions).toEqual([]);
    expect(journal(t).some((l) => l === `rq ${rq} failed: ExceedsLastExecutionBlock · Failed: ExceedsLastExecutionBlock (14)`)).toBe(true);
    expect(journal(t).some((l) => l.startsWith(`rq ${rq} -> give-up: sr 14`))).toBe(true);
    expect(journal(t).some((l) => /resend/.test(l))).toBe(false);
  });

  it('no tx (lfr stays below the rq): failed, not resent; the next order takes a higher rq and fills', async () => {
    const t = await trader(noTx);
    const { handle, out, rq } = await placeAndRunLate(noTx, t);
    expect(out.results[0]).toMatchObject({ kind: 'failed', sr: R.ExceedsLastExecutionBlock });
    expect(handle.rqs()).toEqual([rq]);
    expect(noTx.sim.control.engine.ledger(t.accountId).lfr).toBeLessThan(rq);
    expect(noTx.sim.control.engine.executedRequests(t.accountId)).not.toContain(rq);
    expect(noTx.sim.control.engine.ledger(t.accountId).positions).toEqual([]);
    const next = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 });
    expect((await next.outcome).results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(next.rqs()[0]).toBeGreaterThan(rq);
    expect(noTx.sim.control.engine.executedRequests(t.accountId)).toEqual(next.rqs());
  });
});

describe('lfr not advancing means nothing was consumed', () => {
  it('a dropped request whose lb passed during a reconnect moves to a new rq once the fresh lfr shows it never ran', async () => {
    // The ack timer on a virtual clock nobody moves: on a loaded machine a real one ran out before the
    // reconnect and resent the dropped rq (row a), which the exchange then refused for its passed lb.
    const t = await traders.start(h, { engine: { timers: new VirtualTimers() } });
    const control = h.sim.control;
    dropNextOrderFrames(t, 1);
    control.pauseBlocks();
    await until(() => t.session.head === control.headBlock(), 'the client at the paused head');
    const lb = control.headBlock() + 2;
    const handle = t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500, lastBlock: lb });
    control.skipBlocks(3); // the head passes lb while no status can come
    const epoch = t.session.epoch;
    control.dropConnections(1006);
    await until(() => t.session.epoch > epoch && t.session.synced, 'the reconnect and fresh snapshots');
    await until(() => handle.rqs().length === 2, 'the move to a new rq');
    control.resumeBlocks();
    const out = await handle.outcome;
    expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
    const [first, second] = handle.rqs();
    expect(control.engine.executedRequests(t.accountId)).toEqual([second]);
    expect(journal(t).some((l) => l === `rq ${first} -> resend-new-rq: expired and the fresh lfr shows it was never consumed`)).toBe(true);
  });
});

describe('t 6 IncreasePositionCollateral', () => {
  it('is never auto-retried, even when both its ack and its status are lost; credited exactly once', async () => {
    const t = await trader(h);
    await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    const pos = await until(() => [...t.session.state.positions.values()][0], 'the position');
    h.sim.control.setFaults({ name: 'test-lost-acks-and-updates', lostAck: 1, lostUpdate: 1 });
    const handle = t.commands.addCollateral(pos.pid, '5000000');
    const out = await handle.outcome;
    // Its ack and its status are lost, its account event et 3 is not: that event settles it as credited.
    expect(out.results[0]?.kind).toBe('credited');
    expect(handle.rqs()).toHaveLength(1);
    expect(t.engine.views().find((v) => v.t === 6)?.retries).toBe(0);
    const topUps = h.sim.control.engine.accountHistory(t.accountId).filter((e) => e.et === AccountEventType.IncreasePositionCollateral);
    expect(topUps).toHaveLength(1);
    expect(h.sim.control.engine.executedRequests(t.accountId).filter((rq) => rq === handle.rqs()[0])).toHaveLength(1);
  });
});

/** Network double: the next `n` order frames are swallowed as if the forwarder dropped them. */
function dropNextOrderFrames(t: Trader, n: number): void {
  let left = n;
  const send = t.session.sendOrderFrame.bind(t.session);
  t.session.sendOrderFrame = (...args: Parameters<typeof send>) => {
    if (left > 0) {
      left--;
      return true;
    }
    return send(...args);
  };
}

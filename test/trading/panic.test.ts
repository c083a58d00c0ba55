// Panic against the local exchange when the book cannot take the close: the market flow is paused and the
// mark lifted above the bids, so a sell capped at the market's slippage (1%) under the mark finds nothing.
// Panic must retry with wider caps until flat, give up after its bound saying what is open, and never
// follow a close whose outcome is unknown with another. Its closes leave with its cancels, before their acks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/protocol/frames.js';
import type { FrameTap } from '../../src/transport/ws/tap.js';
import { type SimHandle, type Trader, type TraderOptions, TraderPool, market, startTestSim, top, until } from './harness.js';

let h: SimHandle;
let btc: Market;
let oracle = 0;
const traders = new TraderPool();
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
});
afterEach(async () => {
  h.sim.control.setFaults('none');
  // Put the mark back where the flow left it before the next test trades.
  if (oracle > 0) h.sim.control.engine.setOraclePrice(btc.id, oracle);
  oracle = 0;
  h.sim.control.resumeFlow();
  await traders.stopAll(async (t) => {
    for (const pid of t.session.state.positions.keys()) await t.commands.close(pid, { kind: 'market' }).outcome;
  });
});
afterAll(async () => {
  await h?.stop();
});

async function longPosition(opts: TraderOptions = {}): Promise<Trader> {
  const t = await traders.start(h, opts);
  const open = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
  expect(open.ok).toBe(true);
  await until(() => t.session.state.positions.size === 1, 'the long position');
  return t;
}

/** Freezes the book and lifts the mark to `factor` x the best bid (the trader is long: no liquidation). */
function liftMarkOverBids(factor: number): void {
  h.sim.control.pauseFlow();
  oracle = h.sim.control.engine.marketState(btc.id)!.orl;
  h.sim.control.engine.setOraclePrice(btc.id, Math.round(top(h, btc.id).bid * factor));
}

describe('panic when a close cannot fill', () => {
  it('the first close finds no bid inside 1%; panic retries wider and ends flat', async () => {
    const t = await longPosition();
    // Mark ~2% over the bid (it drifts down toward ~1.7%): a 1% cap is above every bid, 4% reaches them.
    liftMarkOverBids(1.02);
    const handle = t.commands.panic();
    const out = await handle.outcome;
    expect(out.ok).toBe(true);
    expect(out.message).toMatch(/^flat: .*retried wider/);
    expect(handle.rqs().length).toBeGreaterThanOrEqual(2);
    expect(t.session.state.positions.size).toBe(0);
    expect(h.sim.control.engine.ledger(t.accountId).positions).toEqual([]);
    // Every close went out once, each on its own rq; the first one did not fill.
    const executed = h.sim.control.engine.executedRequests(t.accountId);
    for (const rq of handle.rqs()) expect(executed.filter((x) => x === rq)).toHaveLength(1);
    const journal = t.engine.journalEntries().map((e) => e.text);
    expect(journal.some((l) => /ImmediateOrCancelExecuted \(16\)/.test(l))).toBe(true);
  });

  it('gives up after its bounded closes and says which position is still open', async () => {
    const t = await longPosition();
    // 10% over the bid: even the widest cap of the bound (8%) is above every bid.
    liftMarkOverBids(1.1);
    const handle = t.commands.panic();
    const out = await handle.outcome;
    expect(out.ok).toBe(false);
    expect(out.message).toMatch(/BTC long [\d.]+ \(position \d+\) still open: gave up after 4 closes/);
    // Nothing to cancel; the one position is reported by what is left, not by its last IOC's status.
    expect(out.results).toEqual([expect.objectContaining({ kind: 'gave-up' })]);
    expect(handle.rqs()).toHaveLength(4);
    expect(h.sim.control.engine.ledger(t.accountId).positions).toHaveLength(1);
    expect(t.session.state.positions.size).toBe(1);
  });

  it('a close whose outcome is unknown is never followed by another', async () => {
    const t = await longPosition({ historyLookup: false });
    liftMarkOverBids(1.1);
    // The close runs (no fill) but its status never arrives and there is no history to look it up in.
    h.sim.control.setFaults({ name: 'test-lost-updates', lostUpdate: 1 });
    const handle = t.commands.panic();
    const out = await handle.outcome;
    expect(out.ok).toBe(false);
    expect(out.message).toMatch(/still open: the last close's outcome is unknown: not re-sent/);
    expect(handle.rqs()).toHaveLength(1);
    expect(h.sim.control.engine.executedRequests(t.accountId)).toContain(handle.rqs()[0]);
    expect(h.sim.control.engine.ledger(t.accountId).positions).toHaveLength(1);
  });
});

/** One trading frame as the client saw it: an order request it wrote (mt 22) or an ack (mt 3) it read. */
interface Seen {
  dir: 'in' | 'out';
  mt: number;
  /** mt 22: its frame number and order type; mt 3: the frame number it answers. */
  sn?: number;
  t?: number;
  cid?: number;
  atMs: number;
}

function orderFrameRecord(): { tap: FrameTap; seen: Seen[] } {
  const seen: Seen[] = [];
  const tap: FrameTap = {
    frame(dir, text, atMs) {
      const f = JSON.parse(text) as { mt?: number; sn?: number; t?: number; cid?: number };
      if (f.mt === 22) seen.push({ dir, mt: 22, sn: f.sn!, t: f.t!, atMs });
      else if (f.mt === 3) seen.push({ dir, mt: 3, cid: f.cid!, atMs });
    },
  };
  return { tap, seen };
}

describe('panic does not wait for its cancels', () => {
  it('panic-close-leaves-before-the-cancels-acks: in the frame record the close is written before any cancel is acknowledged; flat, nothing left', async () => {
    const record = orderFrameRecord();
    const t = await longPosition({ tap: record.tap });
    const mark = h.sim.control.engine.marketState(btc.id)!.mrk;
    // A buy resting 5 % under the mark: panic has an order to cancel as well as a position to close.
    const resting = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 100, price: Math.round(mark * 0.95), leverage: 500 }).outcome;
    expect(resting.ok).toBe(true);
    await until(() => t.session.state.orders.size === 1, 'the resting buy');
    record.seen.length = 0;
    const pressedAt = Date.now();
    const out = await t.commands.panic().outcome;
    expect(out).toMatchObject({ ok: true, message: 'flat: 1 cancelled, 1 closed' });
    const cancel = record.seen.findIndex((s) => s.dir === 'out' && s.t === 5);
    const close = record.seen.findIndex((s) => s.dir === 'out' && s.t === 3);
    const cancelAck = record.seen.findIndex((s) => s.dir === 'in' && s.cid === record.seen[cancel]?.sn);
    expect(cancel).toBeGreaterThanOrEqual(0);
    expect(cancelAck).toBeGreaterThan(cancel);
    // The cancel first (its rq is lower, so the exchange runs it first), the close before the cancel's ack.
    expect(close, `frames: ${JSON.stringify(record.seen)}`).toBeGreaterThan(cancel);
    expect(close, `close left ${record.seen[close]!.atMs - pressedAt} ms after panic, the cancel's ack came ${record.seen[cancelAck]!.atMs - pressedAt} ms after`).toBeLessThan(cancelAck);
    expect(record.seen.slice(0, close).some((s) => s.dir === 'in')).toBe(false);
    const ledger = h.sim.control.engine.ledger(t.accountId);
    expect(ledger.positions).toEqual([]);
    expect(ledger.orders).toEqual([]);
  });
});

// Panic against the local exchange when the book cannot take the close: the market flow is paused and the
// mark lifted above the bids, so a sell capped at the market's slippage (1%) under the mark finds nothing.
// Panic must retry with wider caps until flat, give up after its bound saying what is open, and never
// follow a close whose outcome is unknown with another.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/protocol/frames.js';
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

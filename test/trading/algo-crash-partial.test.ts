// An abrupt exit right after a child was PARTLY filled: the restarted client counts what filled from the
// exchange and goes on with only the rest. A chase whose PostOnly order a taker crossed in part resumes
// with size - filled (its order adopted, re-priced at that size) and never fills past its size; a TWAP
// slice that met a thin book (IOC, part filled, the rest cancelled) is counted as that part and the next
// slice makes up exactly the rest. The flow is paused throughout: the book only moves when the test says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAlgoJournal } from '../../src/client/algos/algo-journal.js';
import { foldAlgos } from '../../src/client/algos/algo-fold.js';
import type { ChaseSpec } from '../../src/domain/algos/chase.js';
import type { TwapSpec } from '../../src/domain/algos/twap.js';
import { type AlgoClient, fastTimers, startAlgoClient } from './algo-client.js';
import { afterFill } from './algo-crash-points.js';
import { crossPartOfRestingOrder, ordersTaken, restingOrders } from './algo-crash-book.js';
import { top, until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perpl-algo-crash-partial-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => ex.h.sim.control.pauseFlow());
afterEach(() => ex.h.sim.control.resumeFlow());

const BIG_BALANCE = '100000000000000';
const positionSize = (accountId: number) =>
  ex.h.sim.control.engine
    .openPositions(accountId)
    .filter((p) => p.mkt === ex.market.id)
    .reduce((s, p) => s + p.s, 0);
const viewOf = (c: AlgoClient, id: string) => c.runner.views().find((v) => v.id === id);

/** The first client died; the second on the same home and account takes over. */
async function restart(first: AlgoClient, home: string, timers: ReturnType<typeof fastTimers>): Promise<AlgoClient> {
  await until(() => first.trader.session.isOpen === false, 'the crash', 20_000);
  const second = await startAlgoClient(ex.h, home, { timers, wallet: { address: first.trader.address, accountId: first.trader.accountId } });
  second.runner.start();
  return second;
}

function close(c: AlgoClient | undefined): void {
  c?.runner.stop();
  c?.trader.stop();
  c?.journal.close();
}

describe('an algo across an abrupt exit after a partial fill', () => {
  it('chase-crash-after-partial-fill-resumes-with-the-rest: the order adopted with size - filled left, re-priced at that size, never filled past the size', async () => {
    const taker = await ex.traders.start(ex.h, { balance: BIG_BALANCE });
    const maker = await ex.traders.start(ex.h, { balance: BIG_BALANCE });
    const { bid, ask } = top(ex.h, ex.market.id);
    expect(ask - bid).toBeGreaterThanOrEqual(2); // room to bid inside the spread below
    const home = mkdtempSync(join(root, 'chase-'));
    const timers = fastTimers(1);
    const size = 40;
    const spec: ChaseSpec = { marketId: ex.market.id, side: 'long', size, leverage: 500, maxDistance: { unit: 'bps', bps: 100 }, durationMs: 60_000, atBound: 'cancel' };
    let accountId = 0;
    let part = 0;
    const first = await startAlgoClient(ex.h, home, {
      timers,
      wrap: afterFill(1, async () => {
        part = (await crossPartOfRestingOrder(ex.h, taker, accountId, ex.market.id, 'long')).part;
      }),
    });
    accountId = first.trader.accountId;
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, restingOrders(ex.h, accountId, ex.market.id).length)), 5);
    let second: AlgoClient | undefined;
    try {
      const started = first.runner.startChase(spec);
      if ('refused' in started) throw new Error(started.refused);
      first.runner.start();
      second = await restart(first, home, timers);
      expect(part).toBeGreaterThan(0);
      // The order the dead run placed is adopted with what filled counted: size - part left, nothing new placed.
      await until(() => viewOf(second!, started.id)?.filled === part, 'the partial fill counted');
      const [adopted] = restingOrders(ex.h, accountId, ex.market.id);
      expect(adopted).toMatchObject({ p: bid });
      expect(adopted!.os - adopted!.fs).toBe(size - part);

      // The best bid moves away: the chase follows it with only the rest.
      await maker.commands.place({ marketId: ex.market.id, kind: 'post-only', side: 'long', size: 10, price: bid + 1, leverage: 500 }).outcome;
      const moved = await until(() => restingOrders(ex.h, accountId, ex.market.id).find((o) => o.p === bid + 1), 'the chase re-priced to the new best bid');
      expect(moved.os - moved.fs).toBe(size - part);

      // A taker sells far more than is left at that price: the chase fills exactly the rest, never more.
      await taker.commands.place({ marketId: ex.market.id, kind: 'ioc', side: 'short', size: 10 + size, price: bid + 1, leverage: 500 }).outcome;
      await until(() => viewOf(second!, started.id)?.status === 'ended', 'the chase to end');
      clearInterval(sampler);
      expect(viewOf(second, started.id)).toMatchObject({ filled: size, complete: true });
      expect(viewOf(second, started.id)!.reason).toMatch(/^filled/);
      expect(positionSize(accountId)).toBe(size);
      expect(restingOrders(ex.h, accountId, ex.market.id)).toEqual([]);
      expect(most).toBeLessThanOrEqual(1);
      const places = foldAlgos(readAlgoJournal(second.algoPath).records).find((a) => a.id === started.id)!.chase!.places;
      expect(ordersTaken(ex.h, accountId, ex.market.id).size).toBeLessThanOrEqual(places);
    } finally {
      clearInterval(sampler);
      first.crash();
      close(second);
    }
  }, 30_000);

  it('twap-crash-after-partial-slice-makes-up-only-the-rest: a thin book fills part of the IOC slice; the next slice takes exactly what is left', async () => {
    const maker = await ex.traders.start(ex.h, { balance: BIG_BALANCE });
    const ask = ex.h.sim.control.engine.book(ex.market.id, 1).ask[0]!;
    const home = mkdtempSync(join(root, 'twap-'));
    const timers = fastTimers(2);
    // Each slice is more than the one order at the best ask; nothing may trade above it.
    const slice = ask.s + 5;
    const spec: TwapSpec = { marketId: ex.market.id, side: 'long', size: slice * 2, durationMs: 10_000, slices: 2, jitterBps: 0, bound: { kind: 'limit', price: ask.p }, leverage: 500 };
    const first = await startAlgoClient(ex.h, home, { timers, wrap: afterFill(1) });
    const accountId = first.trader.accountId;
    let second: AlgoClient | undefined;
    try {
      const started = first.runner.startTwap(spec);
      if ('refused' in started) throw new Error(started.refused);
      first.runner.start();
      await until(() => first.trader.session.isOpen === false, 'the crash', 20_000);
      expect(positionSize(accountId)).toBe(ask.s); // the slice filled in part, the rest cancelled (IOC)
      // Liquidity comes back at the bound before the next slice: more than the whole target.
      const resting = await maker.commands.place({ marketId: ex.market.id, kind: 'post-only', side: 'short', size: spec.size * 2, price: ask.p, leverage: 500 }).outcome;
      second = await restart(first, home, timers);
      await until(() => viewOf(second!, started.id)?.status === 'ended', 'the TWAP to end', 20_000);
      const algo = foldAlgos(readAlgoJournal(second.algoPath).records).find((a) => a.id === started.id)!;
      expect(algo.children.map((c) => [c.size, c.done?.filled])).toEqual([
        [slice, ask.s],
        [spec.size - ask.s, spec.size - ask.s],
      ]);
      const executed = ex.h.sim.control.engine.executedRequests(accountId);
      for (const child of algo.children) expect(executed.filter((rq) => child.rqs.includes(rq))).toHaveLength(1);
      expect(executed).toHaveLength(2);
      expect(algo).toMatchObject({ status: 'ended', complete: true });
      expect(positionSize(accountId)).toBe(spec.size);
      const oid = resting.results[0]?.oid;
      if (oid !== undefined) await maker.commands.cancel(oid).outcome;
    } finally {
      first.crash();
      close(second);
    }
  }, 30_000);
});

// Random algos (TWAP, trailing stop, chase limit) with random parameters, each killed at a random point of a
// child's life (after its journal line before the send; after the send before the ack; after a (partial)
// fill; for a trail, between arming the new stop and cancelling the old), then restarted on the same home
// and run to its end. The money rules hold on the exchange: no duplicate child, filled never above the
// target, a trail's position never without a stop at any sampled moment and exactly one at the end, a chase
// never with two live orders. The seed is the suite's (test/helpers/property-seed.ts): PERPL_FUZZ_SEED=<the seed
// fast-check prints> replays a failure, PERPL_FUZZ_SEED=random explores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoJournal } from '../../src/client/algos/algo-journal.js';
import { foldAlgos } from '../../src/client/algos/algo-fold.js';
import type { ChaseSpec } from '../../src/domain/algos/chase.js';
import { type TrailSpec, trailLevelAt } from '../../src/domain/algos/trail.js';
import type { TwapSpec } from '../../src/domain/algos/twap.js';
import { OrderStatus } from '../../src/protocol/enums.js';
import { type AlgoClient, fastTimers, startAlgoClient } from './algo-client.js';
import { type CrashWrap, afterFill, beforeAck, beforeSend, trailBeforeSend, trailMidReplace } from './algo-crash-points.js';
import { crossPartOfRestingOrder, ordersTaken, restingOrders } from './algo-crash-book.js';
import { type Trader, until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perpl-algo-crash-prop-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type TwapCase = { kind: 'twap'; slices: number; jitterBps: number; sliceSize: number; extra: number; durationMs: number; point: 'beforeSend' | 'beforeAck' | 'afterFill'; child: number };
type ChaseCase = { kind: 'chase'; side: 'long' | 'short'; size: number; maxBps: number; point: 'beforeSend' | 'beforeAck' | 'afterPartial' };
type TrailCase = { kind: 'trail'; distanceBps: number; size: number; point: 'beforeSend' | 'midReplace'; replace: number };
type Case = TwapCase | ChaseCase | TrailCase;

const twapCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constant('twap' as const),
  slices: fc.integer({ min: 2, max: 5 }),
  jitterBps: fc.integer({ min: 0, max: 5_000 }),
  sliceSize: fc.integer({ min: 3, max: 40 }),
  extra: fc.integer({ min: 0, max: 9 }),
  // At 10x, 2-3 s: the restart (about a second under load) stays well inside the schedule's end.
  durationMs: fc.integer({ min: 20_000, max: 30_000 }),
  point: fc.constantFrom('beforeSend' as const, 'beforeAck' as const, 'afterFill' as const),
  child: fc.integer({ min: 1, max: 5 }),
});
const chaseCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constant('chase' as const),
  side: fc.constantFrom('long' as const, 'short' as const),
  size: fc.integer({ min: 3, max: 60 }),
  maxBps: fc.integer({ min: 20, max: 300 }),
  point: fc.constantFrom('beforeSend' as const, 'beforeAck' as const, 'afterPartial' as const),
});
const trailCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constant('trail' as const),
  distanceBps: fc.integer({ min: 100, max: 400 }),
  size: fc.integer({ min: 20, max: 200 }),
  point: fc.constantFrom('beforeSend' as const, 'midReplace' as const),
  // The first replace arms the first stop; the crash lands on a later move.
  replace: fc.integer({ min: 2, max: 3 }),
});

const NUM_RUNS = 8;

const control = () => ex.h.sim.control;
const mark = () => control().engine.marketState(ex.market.id)!.mrk;
const positionSize = (accountId: number) =>
  control()
    .engine.openPositions(accountId)
    .filter((p) => p.mkt === ex.market.id)
    .reduce((s, p) => s + p.s, 0);
const ledgerStops = (accountId: number, pid: number) =>
  control()
    .engine.ledger(accountId)
    .orders.filter((o) => o.st === OrderStatus.Untriggered && o.lp === pid)
    .map((o) => o.tp ?? 0);

/** One run: the first client dies at the case's crash point, the second on the same home takes over. */
interface Run {
  home: string;
  first: AlgoClient;
  second?: AlgoClient;
  cleanup: (() => void)[];
}

async function restart(run: Run, timers: ReturnType<typeof fastTimers>): Promise<AlgoClient> {
  await until(() => run.first.trader.session.isOpen === false, 'the crash', 20_000);
  control().resumeBlocks();
  control().resumeFlow();
  run.second = await startAlgoClient(ex.h, run.home, { timers, wallet: { address: run.first.trader.address, accountId: run.first.trader.accountId } });
  run.second.runner.start();
  return run.second;
}

const viewOf = (c: AlgoClient, id: string) => c.runner.views().find((v) => v.id === id);
const algoOf = (c: AlgoClient, id: string) => foldAlgos(readAlgoJournal(c.algoPath).records).find((a) => a.id === id)!;

async function twapRun(run: Run, k: TwapCase, timers: ReturnType<typeof fastTimers>): Promise<void> {
  const spec: TwapSpec = { marketId: ex.market.id, side: 'long', size: k.sliceSize * k.slices + k.extra, durationMs: k.durationMs, slices: k.slices, jitterBps: k.jitterBps, bound: { kind: 'slip', bps: 100 }, leverage: 500 };
  const started = run.first.runner.startTwap(spec);
  if ('refused' in started) throw new Error(started.refused);
  run.first.runner.start();
  const second = await restart(run, timers);
  await until(() => viewOf(second, started.id)?.status === 'ended', 'the TWAP to end', 20_000);
  second.runner.stop();
  const accountId = run.first.trader.accountId;
  const algo = algoOf(second, started.id);
  const executed = control().engine.executedRequests(accountId);
  // No duplicate child: each child's rqs executed at most once, and nothing executed that is no child's.
  for (const child of algo.children) expect(executed.filter((rq) => child.rqs.includes(rq)).length, `child ${child.cid}`).toBeLessThanOrEqual(1);
  const childRqs = new Set(algo.children.flatMap((c) => c.rqs));
  expect(executed.filter((rq) => !childRqs.has(rq))).toEqual([]);
  const filled = algo.children.reduce((sum, c) => sum + (c.done?.filled ?? 0), 0);
  expect(positionSize(accountId)).toBe(filled);
  expect(filled).toBeLessThanOrEqual(spec.size);
  expect(algo).toMatchObject({ status: 'ended', complete: true });
  expect(filled).toBe(spec.size);
}

async function chaseRun(run: Run, k: ChaseCase, timers: ReturnType<typeof fastTimers>): Promise<void> {
  const accountId = run.first.trader.accountId;
  const spec: ChaseSpec = { marketId: ex.market.id, side: k.side, size: k.size, leverage: 500, maxDistance: { unit: 'bps', bps: k.maxBps }, durationMs: 8_000, atBound: 'cancel' };
  // Never two live orders, at any sampled moment across the crash and the restart.
  let most = 0;
  let worst = '';
  const sampler = setInterval(() => {
    const resting = restingOrders(ex.h, accountId, ex.market.id);
    if (resting.length > most) [most, worst] = [resting.length, JSON.stringify(resting)];
  }, 5);
  run.cleanup.push(() => clearInterval(sampler));
  const started = run.first.runner.startChase(spec);
  if ('refused' in started) throw new Error(started.refused);
  run.first.runner.start();
  const second = await restart(run, timers);
  await until(() => viewOf(second, started.id)?.status === 'ended', 'the chase to end', 20_000);
  second.runner.stop();
  await until(() => restingOrders(ex.h, accountId, ex.market.id).length === 0, 'nothing of the chase left resting');
  clearInterval(sampler);
  expect(most, `resting at the worst sample: ${worst}`).toBeLessThanOrEqual(1);
  const view = viewOf(second, started.id)!;
  expect(view.reason).toMatch(/^(deadline|filled|bound)/);
  // No duplicate order: every order the exchange took for the account is one the chase journaled as a place.
  const orders = ordersTaken(ex.h, accountId, ex.market.id);
  expect(orders.size, `orders taken: ${[...orders].join(', ')}`).toBeLessThanOrEqual(algoOf(second, started.id).chase!.places);
  const executed = control().engine.executedRequests(accountId);
  expect(executed.length).toBe(new Set(executed).size);
  expect(Math.abs(positionSize(accountId))).toBe(view.filled);
  expect(view.filled).toBeLessThanOrEqual(spec.size);
  if (k.point === 'afterPartial') expect(view.filled).toBeGreaterThan(0);
}

async function trailRun(run: Run, k: TrailCase, timers: ReturnType<typeof fastTimers>, armed: number[]): Promise<void> {
  const { first } = run;
  const accountId = first.trader.accountId;
  const mark0 = mark();
  run.cleanup.push(() => control().engine.setOraclePrice(ex.market.id, mark0));
  await first.trader.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: k.size, leverage: 500 }).outcome;
  const pos = await until(() => [...first.trader.session.state.positions.values()].find((p) => p.mkt === ex.market.id), 'the long');
  const spec: TrailSpec = { marketId: ex.market.id, position: { id: pos.pid, side: 'long', size: pos.s }, distance: { unit: 'bps', bps: k.distanceBps }, on: 'mark', minStepTicks: Math.round(mark0 / 200), stop: null };
  const started = first.runner.startTrail(spec);
  if ('refused' in started) throw new Error(started.refused);
  first.runner.start();
  const stops = () => ledgerStops(accountId, pos.pid);
  await until(() => stops().length === 1 && viewOf(first, started.id)?.stopLevel === stops()[0], 'the first stop armed');
  // From the first stop on, the position is never without one: sampled across the crash and the restart.
  let fewest = Infinity;
  const sampler = setInterval(() => (fewest = Math.min(fewest, stops().length)), 5);
  run.cleanup.push(() => clearInterval(sampler));
  const oneStopAt = (c: AlgoClient, m: number) => {
    const s = stops();
    return s.length === 1 && s[0] === viewOf(c, started.id)?.stopLevel && s[0]! >= trailLevelAt(spec, m) - spec.minStepTicks;
  };
  // Favourable moves until a replace is the crash point.
  let m = mark0;
  for (let move = 1; move < k.replace && first.trader.session.isOpen; move++) {
    m = Math.round(m * 1.01);
    control().engine.setOraclePrice(ex.market.id, m);
    await until(() => !first.trader.session.isOpen || oneStopAt(first, m), `move ${move} of the stop`);
  }
  const second = await restart(run, timers);
  await until(() => oneStopAt(second, m), 'exactly one stop, at the moved level');
  if (armed.length > 0) expect(viewOf(second, started.id)!.stopLevel).toBe(armed[0]);
  // Resumed: a further move tightens it, still exactly one stop.
  m = Math.round(m * 1.01);
  control().engine.setOraclePrice(ex.market.id, m);
  await until(() => oneStopAt(second, m), 'one stop, tightened after the restart');
  clearInterval(sampler);
  expect(fewest).toBeGreaterThanOrEqual(1);
  expect(stops()).toHaveLength(1);
  expect(viewOf(second, started.id)).toMatchObject({ kind: 'trail', status: 'running' });
}

function wrapFor(k: Case, armed: number[], taker: Trader, accountId: () => number): CrashWrap {
  switch (k.kind) {
    case 'twap': {
      const n = Math.min(k.child, k.slices);
      return k.point === 'beforeSend' ? beforeSend(n) : k.point === 'beforeAck' ? beforeAck(ex.h, n) : afterFill(n);
    }
    case 'chase':
      // The chase's first order is the crash point; a partial fill is crossed by the taker while the book stands still.
      return k.point === 'beforeSend' ? beforeSend(1) : k.point === 'beforeAck' ? beforeAck(ex.h, 1) : afterFill(1, async () => {
            await crossPartOfRestingOrder(ex.h, taker, accountId(), ex.market.id, k.side);
          });
    case 'trail':
      return k.point === 'beforeSend' ? trailBeforeSend(k.replace) : trailMidReplace(k.replace, armed);
  }
}

describe('random algos across an abrupt exit', () => {
  it('random-algo-crash-points-keep-the-money-rules: no duplicate child, filled <= target, a trail never unprotected, a chase never two orders', async () => {
    const taker = await ex.traders.start(ex.h, { balance: '100000000000000' });
    const tried: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.oneof(twapCase, chaseCase, trailCase), async (k) => {
        tried.push(`${k.kind}/${k.point}`);
        const home = mkdtempSync(join(root, `${k.kind}-${k.point}-`));
        const armed: number[] = [];
        const timers = fastTimers(k.kind === 'twap' ? 10 : k.kind === 'chase' ? 4 : 1);
        // A partial fill is crossed against a book that stands still (the flow paused until the crash).
        if (k.kind === 'chase' && k.point === 'afterPartial') control().pauseFlow();
        let accountId = 0;
        const first = await startAlgoClient(ex.h, home, { timers, wrap: wrapFor(k, armed, taker, () => accountId) });
        accountId = first.trader.accountId;
        const run: Run = { home, first, cleanup: [] };
        try {
          if (k.kind === 'twap') await twapRun(run, k, timers);
          else if (k.kind === 'chase') await chaseRun(run, k, timers);
          else await trailRun(run, k, timers, armed);
        } finally {
          for (const c of run.cleanup) c();
          control().resumeBlocks();
          control().resumeFlow();
          run.first.crash();
          run.second?.runner.stop();
          run.second?.trader.stop();
          run.second?.journal.close();
        }
      }),
      { numRuns: NUM_RUNS },
    );
    console.log(`algo crash property: ${tried.join(', ')}`);
  }, 120_000);
});

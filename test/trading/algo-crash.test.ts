// A TWAP survives an abrupt exit at every point of a child's life: after its journal line and before
// the send, after the send and before the ack, after its fill and before the algo recorded it. The
// restarted client on the same home reconciles with the exchange: no duplicate child, never more than
// the target filled, and the TWAP completes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoJournal } from '../../src/client/algos/algo-journal.js';
import { type AlgoEntry, foldAlgos } from '../../src/client/algos/algo-fold.js';
import { minimumSliceSize, type TwapSpec } from '../../src/domain/algos/twap.js';
import { type TrailSpec, trailLevelAt } from '../../src/domain/algos/trail.js';
import { OrderStatus } from '../../src/protocol/enums.js';
import type { ChaseSpec } from '../../src/domain/algos/chase.js';
import { type AlgoClient, fastTimers, startAlgoClient } from './algo-client.js';
import { type CrashWrap, afterFill, beforeAck as beforeAckOn, beforeFrameLeaves, beforeSend, trailBeforeSend, trailMidReplace } from './algo-crash-points.js';
import { until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perpl-algo-crash-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SPEED = 10;
const SLICES = 5;

function twapSpec(slices = SLICES, jitterBps = 2_000, extra = 7): TwapSpec {
  const mark = ex.h.sim.control.engine.marketState(ex.market.id)!.mrk;
  const slice = minimumSliceSize(ex.market, mark) * 3;
  return { marketId: ex.market.id, side: 'long', size: slice * slices + extra, durationMs: 10_000, slices, jitterBps, bound: { kind: 'slip', bps: 100 }, leverage: 500 };
}

async function ended(c: AlgoClient, id: string, timeoutMs = 20_000): Promise<void> {
  c.runner.start();
  await until(() => c.runner.views().find((v) => v.id === id)?.status === 'ended', `algo ${id} to end`, timeoutMs);
  c.runner.stop();
}

/** No child executed twice, no order beside the children, the position is what the journal says filled. */
function expectNoDuplicateChild(algoPath: string, accountId: number, id: string, target: number): void {
  const algo = foldAlgos(readAlgoJournal(algoPath).records).find((a) => a.id === id)!;
  const executed = ex.h.sim.control.engine.executedRequests(accountId);
  for (const child of algo.children) expect(executed.filter((rq) => child.rqs.includes(rq)).length, `child ${child.cid}`).toBeLessThanOrEqual(1);
  const childRqs = new Set(algo.children.flatMap((c) => c.rqs));
  expect(executed.filter((rq) => !childRqs.has(rq))).toEqual([]);
  const filled = algo.children.reduce((sum, c) => sum + (c.done?.filled ?? 0), 0);
  const position = ex.h.sim.control.engine.openPositions(accountId).filter((p) => p.mkt === ex.market.id).reduce((s, p) => s + p.s, 0);
  expect(position).toBe(filled);
  expect(filled).toBeLessThanOrEqual(target);
  expect(algo).toMatchObject({ status: 'ended', complete: true });
  expect(filled).toBe(target);
}

/** The restarted client's TWAP as its journal ends, and every rq the exchange executed for the account. */
async function crashAndRestart(name: string, wrap: CrashWrap, afterCrash?: () => void, spec = twapSpec()): Promise<{ algo: AlgoEntry; executed: number[] }> {
  const home = mkdtempSync(join(root, `${name}-`));
  const timers = fastTimers(SPEED);
  const first = await startAlgoClient(ex.h, home, { timers, wrap });
  const started = first.runner.startTwap(spec);
  if ('refused' in started) throw new Error(started.refused);
  first.runner.start();
  await until(() => first.trader.session.isOpen === false, 'the crash', 20_000);
  afterCrash?.();
  const second = await startAlgoClient(ex.h, home, { timers, wallet: { address: first.trader.address, accountId: first.trader.accountId } });
  try {
    await ended(second, started.id);
    expectNoDuplicateChild(second.algoPath, first.trader.accountId, started.id, spec.size);
    const algo = foldAlgos(readAlgoJournal(second.algoPath).records).find((a) => a.id === started.id)!;
    return { algo, executed: ex.h.sim.control.engine.executedRequests(first.trader.accountId) };
  } finally {
    second.runner.stop();
    second.trader.stop();
    second.journal.close();
  }
}

const beforeAck = (n: number) => beforeAckOn(ex.h, n);
const resumeBlocks = () => ex.h.sim.control.resumeBlocks();

describe('a TWAP across an abrupt exit', () => {
  it('crash-after-journal-before-send: the unsent child is sent once by the next run', async () => {
    await crashAndRestart('before-send', beforeSend(2));
  });

  it('crash-after-send-before-ack: the child found by its order group in the order journal is reconciled, not resent', async () => {
    await crashAndRestart('before-ack', beforeAck(2), resumeBlocks);
  });

  it('slice-killed-before-its-frame-left-is-not-skipped: journaled, its frame never reached the exchange; sent again, not folded into the next slice', async () => {
    // Long enough (TWAP time) for the restart to see the lost request expire unconsumed before the window closes.
    const spec = { ...twapSpec(3, 0), durationMs: 40_000 };
    const { algo, executed } = await crashAndRestart('before-frame', beforeFrameLeaves(2), undefined, spec);
    expect(algo.children[1]?.done).toMatchObject({ result: 'never-reached', filled: 0, spent: false });
    for (let slice = 0; slice < spec.slices; slice++) {
      const rqs = algo.children.filter((c) => c.slice === slice).flatMap((c) => c.rqs);
      expect(executed.filter((rq) => rqs.includes(rq)), `slice ${slice + 1}`).toHaveLength(1);
    }
  });

  it('crash-after-fill-before-record: the fill is read from order history, the next slices make up the rest', async () => {
    await crashAndRestart('after-fill', afterFill(3));
  });

  it('random-crash-points: any point of any child of random TWAPs, no duplicate and complete', async () => {
    const points = { beforeSend, beforeAck, afterFill } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('beforeSend', 'beforeAck', 'afterFill'),
        fc.integer({ min: 1, max: 6 }),
        async (slices, jitterBps, extra, point, child) => {
          const n = Math.min(child, slices);
          await crashAndRestart(`random-${point}`, points[point as keyof typeof points](n), resumeBlocks, twapSpec(slices, jitterBps, extra));
        },
      ),
      { numRuns: 6 },
    );
  }, 90_000);
});

// A trailing stop across an abrupt exit: the position is never without a stop on the exchange, a replace
// left half-done is finished (exactly one stop, at the latest level), and the trail goes on tightening.
describe('a trailing stop across an abrupt exit', () => {
  /** The untriggered stops of position `pid` in the exchange's own ledger (trigger prices). */
  const ledgerStops = (accountId: number, pid: number): number[] =>
    ex.h.sim.control.engine
      .ledger(accountId)
      .orders.filter((o) => o.st === OrderStatus.Untriggered && o.lp === pid)
      .map((o) => o.tp ?? 0);
  const setMark = (price: number) => ex.h.sim.control.engine.setOraclePrice(ex.market.id, price);

  /** The stop levels the mid-replace crash armed before the process died. */
  const armedAtCrash: number[] = [];

  async function trailCrash(name: string, wrap: CrashWrap): Promise<void> {
    armedAtCrash.length = 0;
    const home = mkdtempSync(join(root, `${name}-`));
    const timers = fastTimers(1);
    const mark0 = ex.h.sim.control.engine.marketState(ex.market.id)!.mrk;
    const first = await startAlgoClient(ex.h, home, { timers, wrap });
    let second: AlgoClient | undefined;
    let sampler: NodeJS.Timeout | undefined;
    let id = '';
    const view = (c: AlgoClient) => c.runner.views().find((v) => v.id === id);
    try {
      await first.trader.commands.place({ marketId: ex.market.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
      const pos = await until(() => [...first.trader.session.state.positions.values()].find((p) => p.mkt === ex.market.id), 'the long');
      const spec: TrailSpec = { marketId: ex.market.id, position: { id: pos.pid, side: 'long', size: pos.s }, distance: { unit: 'bps', bps: 200 }, on: 'mark', minStepTicks: Math.round(mark0 / 200), stop: null };
      const started = first.runner.startTrail(spec);
      if ('refused' in started) throw new Error(started.refused);
      id = started.id;
      first.runner.start();
      await until(() => ledgerStops(first.trader.accountId, pos.pid).length === 1 && view(first)?.stopLevel === ledgerStops(first.trader.accountId, pos.pid)[0], 'the first stop armed');
      const level1 = view(first)!.stopLevel!;
      // From the first stop on, the position must never be without one.
      let fewest = Infinity;
      sampler = setInterval(() => (fewest = Math.min(fewest, ledgerStops(first.trader.accountId, pos.pid).length)), 5);
      const mark1 = Math.round(mark0 * 1.01);
      setMark(mark1);
      await until(() => first.trader.session.isOpen === false, 'the crash', 20_000);
      second = await startAlgoClient(ex.h, home, { timers, wallet: { address: first.trader.address, accountId: first.trader.accountId } });
      second.runner.start();
      // Exactly one stop, the trail's, tightened past the first by the move (the mark drifts a few ticks).
      const oneStopAbove = (c: AlgoClient, floor: number) => {
        const stops = ledgerStops(first.trader.accountId, pos.pid);
        return stops.length === 1 && stops[0] === view(c)?.stopLevel && stops[0]! >= floor;
      };
      await until(() => oneStopAbove(second!, trailLevelAt(spec, mark1) - spec.minStepTicks), 'one stop at the moved level');
      const level2 = view(second)!.stopLevel!;
      expect(level2).toBeGreaterThan(level1);
      if (armedAtCrash.length > 0) expect(level2).toBe(armedAtCrash[0]);
      // Resumed: a further favourable move tightens it, still one stop.
      const mark2 = Math.round(mark1 * 1.01);
      setMark(mark2);
      await until(() => oneStopAbove(second!, trailLevelAt(spec, mark2) - spec.minStepTicks), 'one stop tightened again');
      clearInterval(sampler);
      expect(fewest).toBeGreaterThanOrEqual(1);
      expect(view(second)).toMatchObject({ kind: 'trail', status: 'running' });
    } finally {
      clearInterval(sampler);
      setMark(mark0);
      first.crash();
      second?.runner.stop();
      second?.trader.stop();
      second?.journal.close();
    }
  }

  it('trail-crash-after-journal-before-send: the planned move never sent, the old stop protects and the next run moves it', async () => {
    await trailCrash('trail-before-send', trailBeforeSend(2));
  });

  it('trail-crash-mid-replace: new stop armed, old not cancelled; the next run adopts the new and cancels the old', async () => {
    await trailCrash('trail-mid-replace', trailMidReplace(2, armedAtCrash));
  });
});

// A chase limit across an abrupt exit right after its order went out: the restart finds that order by its
// group, never places a second one beside it, and the chase ends at its deadline with nothing left resting.
describe('a chase limit across an abrupt exit', () => {
  it('chase-crash-after-place-before-ack: the order found by its group is adopted, never a second live order', async () => {
    const home = mkdtempSync(join(root, 'chase-before-ack-'));
    const timers = fastTimers(1);
    const mark = ex.h.sim.control.engine.marketState(ex.market.id)!.mrk;
    const spec: ChaseSpec = { marketId: ex.market.id, side: 'long', size: minimumSliceSize(ex.market, mark) * 2, leverage: 500, maxDistance: { unit: 'bps', bps: 100 }, durationMs: 4_000, atBound: 'cancel' };
    const first = await startAlgoClient(ex.h, home, { timers, wrap: beforeAck(1) });
    const started = first.runner.startChase(spec);
    if ('refused' in started) throw new Error(started.refused);
    first.runner.start();
    await until(() => first.trader.session.isOpen === false, 'the crash', 20_000);
    const accountId = first.trader.accountId;
    const resting = () => ex.h.sim.control.engine.ledger(accountId).orders.filter((o) => o.mkt === ex.market.id && (o.st === OrderStatus.Open || o.st === OrderStatus.PartiallyFilled));
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, resting().length)), 5);
    resumeBlocks();
    const second = await startAlgoClient(ex.h, home, { timers, wallet: { address: first.trader.address, accountId } });
    try {
      await ended(second, started.id);
      await until(() => resting().length === 0, 'nothing left resting');
      clearInterval(sampler);
      // The order may fill at once; it is never joined by a second one.
      expect(most).toBeLessThanOrEqual(1);
      const view = second.runner.views().find((v) => v.id === started.id)!;
      expect(view.reason).toMatch(/^(deadline|filled|bound)/);
      const algo = foldAlgos(readAlgoJournal(second.algoPath).records).find((a) => a.id === started.id)!;
      // The order the dead run sent was adopted, not sent again: the restart's first event settles it.
      expect(algo.chase!.places).toBeGreaterThanOrEqual(1);
      const position = ex.h.sim.control.engine.openPositions(accountId).filter((p) => p.mkt === ex.market.id).reduce((s, p) => s + p.s, 0);
      expect(position).toBe(view.filled);
      expect(position).toBeLessThanOrEqual(spec.size);
    } finally {
      clearInterval(sampler);
      second.runner.stop();
      second.trader.stop();
      second.journal.close();
    }
  }, 30_000);
});

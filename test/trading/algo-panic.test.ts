// Panic with algos running, against the local exchange: a TWAP, a chase and a trail run; panic stops every
// algo first (each ends "stopped by panic"), then cancels every order and closes every position. Afterwards
// no stopped algo sends anything: a sentinel TWAP started on the same runner gets its children executed, and
// they are the only new requests the exchange executed for the account in that window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoJournal } from '../../src/client/algos/algo-journal.js';
import { foldAlgos } from '../../src/client/algos/algo-fold.js';
import { minimumSliceSize, type TwapSpec } from '../../src/domain/algos/twap.js';
import type { ChaseSpec } from '../../src/domain/algos/chase.js';
import type { TrailSpec } from '../../src/domain/algos/trail.js';
import { OrderStatus } from '../../src/protocol/enums.js';
import { fastTimers, startAlgoClient } from './algo-client.js';
import { until, useTestExchange } from './harness.js';

const ex = useTestExchange('BTC');
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perpl-algo-panic-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SPEED = 5;
const LIVE: ReadonlySet<number> = new Set([OrderStatus.Open, OrderStatus.PartiallyFilled, OrderStatus.Untriggered, OrderStatus.Triggered]);

describe('panic with algos running', () => {
  it('panic-leaves-no-algo-sending: every algo ends "stopped by panic", orders cancelled, positions closed, no child after', async () => {
    const home = mkdtempSync(join(root, 'panic-'));
    const c = await startAlgoClient(ex.h, home, { timers: fastTimers(SPEED) });
    const engine = ex.h.sim.control.engine;
    const accountId = c.trader.accountId;
    const id = ex.market.id;
    try {
      const mark = engine.marketState(id)!.mrk;
      const slice = minimumSliceSize(ex.market, mark) * 2;
      await c.trader.commands.place({ marketId: id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
      const pos = await until(() => [...c.trader.session.state.positions.values()].find((p) => p.mkt === id), 'the long');

      // A TWAP due a slice every virtual second (a fifth of a second here) for a while: it would keep sending.
      const twap: TwapSpec = { marketId: id, side: 'long', size: slice * 60, durationMs: 60_000, slices: 60, jitterBps: 0, bound: { kind: 'slip', bps: 100 }, leverage: 500 };
      const trail: TrailSpec = { marketId: id, position: { id: pos.pid, side: 'long', size: pos.s }, distance: { unit: 'bps', bps: 200 }, on: 'mark', minStepTicks: Math.round(mark / 200), stop: null };
      const chase: ChaseSpec = { marketId: id, side: 'long', size: slice, leverage: 500, maxDistance: { unit: 'bps', bps: 100 }, durationMs: 600_000, atBound: 'leave' };
      const ids: string[] = [];
      for (const started of [c.runner.startTrail(trail), c.runner.startTwap(twap), c.runner.startChase(chase)]) {
        if ('refused' in started) throw new Error(started.refused);
        ids.push(started.id);
      }
      const [trailId, twapId, chaseId] = ids as [string, string, string];
      c.runner.start();
      const entry = (algo: string) => c.runner.entries().find((a) => a.id === algo)!;
      await until(() => entry(twapId).children.some((ch) => ch.done?.filled), 'a TWAP child filled', 15_000);
      await until(() => entry(trailId).trail?.stop != null, 'the trail armed its stop', 15_000);
      await until(() => entry(chaseId).chase?.state.live, 'the chase order resting', 15_000);

      // Panic as the terminal runs it: every algo stopped first, then cancel all and close all.
      expect(c.runner.stopAll('panic')).toBe(3);
      const panic = await c.trader.commands.panic().outcome;
      expect(panic.ok).toBe(true);
      await until(() => c.runner.views().every((v) => v.status === 'ended'), 'every algo ended', 15_000);
      for (const v of c.runner.views()) expect(v.reason, v.id).toMatch(/^stopped by panic/);
      await until(() => engine.ledger(accountId).orders.every((o) => !LIVE.has(o.st)), 'no order left on the exchange');
      expect(engine.openPositions(accountId)).toEqual([]);

      // The sentinel: the runner keeps ticking; a new TWAP's children are the only requests executed from here.
      const before = new Set(engine.executedRequests(accountId));
      const sentinel = c.runner.startTwap({ ...twap, size: slice * 2, durationMs: 10_000, slices: 2 });
      if ('refused' in sentinel) throw new Error(sentinel.refused);
      await until(() => c.runner.views().find((v) => v.id === sentinel.id)?.status === 'ended', 'the sentinel TWAP ended', 15_000);
      const algos = foldAlgos(readAlgoJournal(c.algoPath).records);
      const sentinelRqs = algos.find((a) => a.id === sentinel.id)!.children.flatMap((ch) => ch.rqs);
      expect(sentinelRqs).toHaveLength(2);
      const after = engine.executedRequests(accountId).filter((rq) => !before.has(rq));
      expect(after.sort()).toEqual([...sentinelRqs].sort());
      // Nothing of the stopped algos was journaled after their end.
      for (const algo of ids) {
        const lines = readAlgoJournal(c.algoPath).records.filter((r) => r.id === algo);
        expect(lines.at(-1)!.k, algo).toBe('end');
      }
    } finally {
      c.runner.stop();
      for (const p of c.trader.session.state.positions.keys()) await c.trader.commands.close(p, { kind: 'market' }).outcome;
      c.trader.stop();
      c.journal.close();
    }
  }, 60_000);
});

// A scaled order under the runner: journaled before its legs leave, followed by rq, ended once no leg rests
// (done only when every leg filled), never paused or cancelled by the runner (its legs are orders), and taken
// up after a run that died between its start and its `placed` line, from the order journal's group.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempAlgoJournal, removeTempAlgoJournal } from './runner-test-kit.fixtures.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';
import { SCALE_NO_PAUSE } from '../../domain/algos/algo-row.js';
import type { ScaleGroup } from '../../domain/algos/scale.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { OrderStatus } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import type { JournalRecord } from '../trading/journal-record.js';
import { AlgoJournal, readAlgoJournal } from './algo-journal.js';
import { AlgoRunner } from './algo-runner.js';
import { algoSummary, foldAlgos } from './algo-fold.js';

const market = btcTestMarket();
const group: ScaleGroup = { group: 'scale-abc', marketId: market.id, side: 'long', size: 300, from: 660_000, to: 650_000, count: 3, skew: 100, leverage: 500 };
const frame = {} as Extract<JournalRecord, { k: 'request' }>['frame'];
const request = (key: string, rq: number, g = group.group): JournalRecord => ({ t: 0, k: 'request', key, rq, frame, postedHead: 1, label: 'scale leg', group: g });
const row = (rq: number, st: number, fs = 0, fp = 0): Order => ({ rq, oid: 100 + rq, mkt: market.id, st, os: 100, fs, fp }) as Order;

let dir: string;
let path: string;
let journal: AlgoJournal;
let open: Order[];
let history: Order[];
let orderJournal: JournalRecord[];
let clock: VirtualTimers;

function runner(): AlgoRunner {
  return new AlgoRunner({
    // A scaled order sends nothing through the runner: any command but the Journal note would throw here.
    commands: { note: () => undefined } as unknown as TradingCommands,
    journal,
    timers: clock,
    reads: {
      market: () => market,
      mark: () => 655_000,
      orderByRq: (rq) => Promise.resolve(open.find((o) => o.rq === rq) ?? history.find((o) => o.rq === rq)),
      orderJournal: () => orderJournal,
      sendBudgetLeft: () => 100,
      openOrders: () => open,
    },
  });
}

const lookupsDone = () => new Promise((r) => setTimeout(r, 0));
const algos = () => foldAlgos(readAlgoJournal(path).records);

beforeEach(() => {
  clock = new VirtualTimers(1_000_000);
  open = [];
  history = [];
  orderJournal = [];
  ({ dir, path, journal } = openTempAlgoJournal('perpl-scale-', clock.now));
});
afterEach(() => removeTempAlgoJournal({ dir, journal }));

describe('a scaled order under the runner', () => {
  it('scale-group-runs-while-a-leg-rests-then-ends-cancelled: journaled at start, placed by rq, ended with its fills once none rests', async () => {
    const r = runner();
    const started = r.startScale(group);
    if (!('id' in started)) throw new Error(started.refused);
    // Before the placement settled nothing is looked at, and nothing ends it (its legs are on their way).
    await r.tick();
    expect(algos()[0]).toMatchObject({ status: 'running', start: { kind: 'scale', spec: group } });
    open = [row(1, OrderStatus.Open), row(2, OrderStatus.PartiallyFilled, 40, 655_000), row(3, OrderStatus.Open)];
    r.scalePlaced(started.id, [1, 2, 3], 3);
    await r.tick();
    expect(r.scaleLegs(started.id)).toMatchObject({ resting: 3, filled: 40, avgPrice: 655_000 });
    expect(r.pause(started.id)).toBe(SCALE_NO_PAUSE);
    expect(r.cancel(started.id)).toContain('cancelling its legs');
    expect(algos()[0]!.status).toBe('running');
    // The trader cancels the legs: they leave the open orders; their final rows come from history.
    history = [row(1, OrderStatus.Canceled), row(2, OrderStatus.Canceled, 40, 655_000), row(3, OrderStatus.Filled, 100, 650_000)];
    open = [];
    await r.tick();
    await lookupsDone();
    await r.tick();
    const a = algos()[0]!;
    expect(a).toMatchObject({ status: 'ended', complete: false, reason: 'cancelled: 1 of 3 legs filled' });
    expect(algoSummary(a)).toMatchObject({ filled: 140, target: 300 });
    expect(a.scale?.settled).toMatchObject({ filledLegs: 1, filled: 140, avgPrice: 651_429 });
  });

  it('scale-done-when-every-leg-filled', async () => {
    const r = runner();
    const started = r.startScale(group) as { id: string };
    history = [row(1, OrderStatus.Filled, 100, 660_000), row(2, OrderStatus.Filled, 100, 655_000), row(3, OrderStatus.Filled, 100, 650_000)];
    r.scalePlaced(started.id, [1, 2, 3], 3);
    await r.tick();
    await lookupsDone();
    await r.tick();
    expect(algos()[0]).toMatchObject({ status: 'ended', complete: true, reason: 'all 3 legs filled' });
  });

  it('scale-restart-between-start-and-placed-finds-legs-by-group: the order journal names the legs that left; a leg never sent is not one', async () => {
    runner().startScale(group);
    journal.close();
    const reopened = AlgoJournal.open(path, clock.now);
    if ('refused' in reopened) throw new Error(reopened.refused);
    journal = reopened.journal;
    // Two of three legs left before the run died; another group's request is not one of them.
    orderJournal = [request('k1', 7), request('k2', 8), request('k9', 9, 'scale-other')];
    open = [row(7, OrderStatus.Open), row(8, OrderStatus.Open)];
    const r = runner();
    await r.resume(reopened.contents.records);
    expect(algos()[0]!.scale?.placed).toEqual({ kind: 'placed', rqs: [7, 8], sent: 2 });
    await r.tick();
    expect(r.scaleLegs(algos()[0]!.id)).toMatchObject({ resting: 2 });
    expect(algos()[0]).toMatchObject({ status: 'running', reason: '2 of 3 legs placed' });
  });
});

// A trade lock holds a trail and a chase with the lock's reason on its row, nothing is sent while it holds,
// and each runs again ("trade lock lifted") when it lifts; a chase whose deadline passed under the lock
// cancels at the lift before any re-price.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempAlgoJournal, pendingHandle as handle, removeTempAlgoJournal } from './runner-test-kit.fixtures.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { CommandOutcome, PlaceParams, TradingCommands } from '../../domain/trading/commands.js';
import type { SessionLock } from '../../domain/trading/session-locks.js';
import type { BookTop, ChaseSpec } from '../../domain/algos/chase.js';
import type { TrailSpec } from '../../domain/algos/trail.js';
import { OrderStatus } from '../../protocol/enums.js';
import type { Order, Position } from '../../protocol/frames.js';
import type { JournalRecord } from '../trading/journal-record.js';
import { AlgoJournal, readAlgoJournal } from './algo-journal.js';
import { AlgoRunner } from './algo-runner.js';

const market = btcTestMarket();
const STALE: SessionLock = { code: 'feed-stale', message: 'feed stale: orders locked', label: 'stale' };

let dir: string;
let path: string;
let clock: VirtualTimers;
let journal: AlgoJournal;
let locks: SessionLock[];
let mark: number;
let top: BookTop;
let open: Order[];
let orderJournal: JournalRecord[];
/** Every command the runner sent, in order (the sentinel: nothing sent while locked). */
let sent: string[];
let places: { p: PlaceParams; rq: number; settle(o: CommandOutcome): void }[];
let nextRq: number;

function fakeCommands(): TradingCommands {
  return {
    locks: () => locks,
    place: (p: PlaceParams) => {
      const rq = nextRq++;
      sent.push(`place ${p.price}`);
      orderJournal.push({ t: 0, k: 'request', key: `k${rq}`, rq, frame: {} as Extract<JournalRecord, { k: 'request' }>['frame'], postedHead: 1, label: 'chase', group: p.group! });
      const { h, settle } = handle(rq);
      places.push({ p, rq, settle });
      return h;
    },
    change: (orderId: number, c: { price?: number }) => {
      sent.push(`change ${orderId} ${c.price}`);
      return handle(nextRq++).h;
    },
    cancel: (orderId: number) => {
      sent.push(`cancel ${orderId}`);
      return handle(nextRq++).h;
    },
    replaceProtection: (pid: number, p: { sl?: unknown }) => {
      sent.push(`replace ${pid} ${JSON.stringify(p.sl)}`);
      return handle(nextRq++).h;
    },
  } as unknown as TradingCommands;
}

const position = { pid: 3, mkt: 16 } as unknown as Position;

function runner(): AlgoRunner {
  return new AlgoRunner({
    commands: fakeCommands(),
    journal,
    timers: clock,
    reads: {
      market: (id) => (id === market.id ? market : undefined),
      mark: () => mark,
      orderByRq: (rq) => Promise.resolve(open.find((o) => o.rq === rq)),
      orderJournal: () => orderJournal,
      sendBudgetLeft: () => 100,
      block: () => 100 + clock.now(),
      position: (id) => (id === position.pid ? position : undefined),
      openOrders: () => open,
      bookTop: () => top,
      orderFills: () => 0,
    },
  });
}

const settled = () => new Promise((r) => setTimeout(r, 0));
const view = (r: AlgoRunner, id: string) => r.views().find((v) => v.id === id)!;
const states = (id: string) => readAlgoJournal(path).records.filter((x) => x.id === id && x.k === 'state').map((x) => (x.k === 'state' ? `${x.status}: ${x.reason}` : ''));

beforeEach(() => {
  clock = new VirtualTimers(1_000_000);
  locks = [];
  mark = 650_000;
  top = { bid: 650_000, ask: 650_010 };
  open = [];
  orderJournal = [];
  sent = [];
  places = [];
  nextRq = 1;
  ({ dir, path, journal } = openTempAlgoJournal('perpl-algo-locks-', clock.now));
});
afterEach(() => removeTempAlgoJournal({ dir, journal }));

describe('a trail under a trade lock', () => {
  const spec: TrailSpec = { marketId: 16, position: { id: 3, side: 'long', size: 100 }, distance: { unit: 'bps', bps: 200 }, on: 'mark', minStepTicks: 10, stop: { price: 637_000, orderId: 77 } };

  it('locked-trail-moves-no-stop-and-runs-again-when-lifted: held with the reason, running again at the lift', async () => {
    open = [{ oid: 77, lp: 3, mkt: 16, tp: 637_000, tpc: 2, st: OrderStatus.Untriggered } as unknown as Order];
    const r = runner();
    const started = r.startTrail(spec);
    if ('refused' in started) throw new Error(started.refused);
    locks = [STALE];
    mark = 660_000; // the stop would move up
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      await r.tick();
    }
    expect(sent).toEqual([]);
    expect(view(r, started.id)).toMatchObject({ status: 'held', reason: 'feed stale: orders locked' });
    locks = [];
    clock.advance(1_000);
    await r.tick();
    expect(view(r, started.id)).toMatchObject({ status: 'running' });
    expect(states(started.id)).toEqual(['held: feed stale: orders locked', 'running: trade lock lifted']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^replace 3 /);
  });
});

describe('a chase under a trade lock', () => {
  const SIZE = 10_000;
  const spec: ChaseSpec = { marketId: 16, side: 'long', size: SIZE, leverage: 1_000, maxDistance: { unit: 'ticks', ticks: 20 }, durationMs: 60_000, atBound: 'leave' };

  /** A chase whose first order (oid 500, at the best bid) rests. */
  async function chaseResting(r: AlgoRunner): Promise<string> {
    const started = r.startChase(spec);
    if ('refused' in started) throw new Error(started.refused);
    await r.tick();
    const { rq, p } = places[0]!;
    places[0]!.settle({ ok: true, message: 'resting', results: [{ kind: 'definitive', rq, st: OrderStatus.Open, oid: 500, os: SIZE, fs: 0, message: 'resting' }] });
    open = [{ rq, oid: 500, mkt: 16, p: p.price!, os: SIZE, fs: 0, st: OrderStatus.Open } as unknown as Order];
    await settled();
    return started.id;
  }

  it('held-chase-shows-running-again-when-lifted: the row leaves "held" and the chase re-prices again', async () => {
    const r = runner();
    const id = await chaseResting(r);
    sent = [];
    locks = [STALE];
    top = { bid: 650_005, ask: 650_012 }; // the best moved away
    await r.tick();
    await r.tick();
    expect(sent).toEqual([]);
    expect(view(r, id)).toMatchObject({ status: 'held', reason: 'feed stale: orders locked' });
    locks = [];
    await r.tick();
    expect(view(r, id).status).toBe('running');
    expect(states(id)).toEqual(['held: feed stale: orders locked', 'running: trade lock lifted']);
    expect(sent).toEqual(['change 500 650005']);
  });

  it('chase-deadline-passed-under-lock-cancels-before-any-reprice: at the lift the order is cancelled, not moved', async () => {
    const r = runner();
    const id = await chaseResting(r);
    sent = [];
    locks = [STALE];
    top = { bid: 650_005, ask: 650_012 };
    clock.advance(spec.durationMs + 1_000); // the deadline passes while locked
    await r.tick();
    expect(sent).toEqual([]);
    expect(view(r, id).status).toBe('held');
    locks = [];
    await r.tick();
    expect(sent).toEqual(['cancel 500']);
    const decisions = readAlgoJournal(path).records.flatMap((x) => (x.k === 'chase' && x.event.kind === 'sent' ? [x.event.decision.kind] : []));
    expect(decisions).toEqual(['place', 'end']);
  });
});

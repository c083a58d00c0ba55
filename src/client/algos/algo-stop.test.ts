// Ending, pausing and losing sight of an algo's order: a chase's resting order comes off the book when it is
// cancelled or paused, a refused cancel of an order that filled ends it filled, an order that leaves without
// history is settled within a bound, and a stop from outside (panic) says its own reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempAlgoJournal, pendingHandle as handle, removeTempAlgoJournal } from './runner-test-kit.fixtures.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { CommandOutcome, PlaceParams, TradingCommands } from '../../domain/trading/commands.js';
import type { ChaseSpec, BookTop } from '../../domain/algos/chase.js';
import type { TwapSpec } from '../../domain/algos/twap.js';
import type { TrailSpec } from '../../domain/algos/trail.js';
import { OrderStatus } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import type { JournalRecord } from '../trading/journal-record.js';
import { AlgoJournal, readAlgoJournal } from './algo-journal.js';
import { AlgoRunner } from './algo-runner.js';
import { CANCEL_EVERY_MS, CANCEL_LANDED_WAIT_MS, CHASE_GONE_AFTER_MS } from './chase-run.js';

const market = btcTestMarket();
const SIZE = 10_000;
const chaseSpec: ChaseSpec = { marketId: 16, side: 'long', size: SIZE, leverage: 1_000, maxDistance: { unit: 'ticks', ticks: 20 }, durationMs: 60_000, atBound: 'leave' };

let dir: string;
let path: string;
let clock: VirtualTimers;
let journal: AlgoJournal;
let top: BookTop;
let open: Order[];
/** Order rows by rq as order history holds them (none: history has not seen it). */
let history: Map<number, Order>;
let fills: Map<number, number> | null;
let orderJournal: JournalRecord[];
let places: { p: PlaceParams; rq: number; settle(o: CommandOutcome): void }[];
let cancels: { orderId: number; settle(o: CommandOutcome): void }[];
let nextRq: number;

function fakeCommands(): TradingCommands {
  return {
    locks: () => [],
    note: () => undefined,
    place: (p: PlaceParams) => {
      const rq = nextRq++;
      orderJournal.push({ t: 0, k: 'request', key: `k${rq}`, rq, frame: {} as Extract<JournalRecord, { k: 'request' }>['frame'], postedHead: 1, label: 'chase', group: p.group! });
      const { h, settle } = handle(rq);
      places.push({ p, rq, settle });
      return h;
    },
    cancel: (orderId: number) => {
      const { h, settle } = handle(nextRq++);
      cancels.push({ orderId, settle });
      return h;
    },
  } as unknown as TradingCommands;
}

function runner(withFills = true): AlgoRunner {
  return new AlgoRunner({
    commands: fakeCommands(),
    journal,
    timers: clock,
    reads: {
      market: (id) => (id === market.id ? market : undefined),
      mark: () => 650_000,
      orderByRq: (rq) => Promise.resolve(open.find((o) => o.rq === rq) ?? history.get(rq)),
      orderJournal: () => orderJournal,
      sendBudgetLeft: () => 100,
      openOrders: () => open,
      bookTop: () => top,
      ...(withFills ? { orderFills: (_m: number, oid: number) => fills?.get(oid) ?? 0 } : {}),
    },
  });
}

const row = (rq: number, oid: number, p: number, st: number, fs = 0): Order => ({ rq, oid, mkt: 16, p, os: SIZE, fs, st } as unknown as Order);
const resting = (rq: number, oid: number): CommandOutcome => ({ ok: true, message: 'resting', results: [{ kind: 'definitive', rq, st: OrderStatus.Open, oid, os: SIZE, fs: 0, message: 'resting' }] });
const settled = () => new Promise((r) => setTimeout(r, 0));

/** A chase whose first order (oid 500, at the best bid) rests on the exchange. */
async function chaseResting(r: AlgoRunner): Promise<string> {
  const started = r.startChase(chaseSpec);
  if ('refused' in started) throw new Error(started.refused);
  await r.tick();
  const { rq, p } = places[0]!;
  places[0]!.settle(resting(rq, 500));
  open = [row(rq, 500, p.price!, OrderStatus.Open)];
  await settled();
  return started.id;
}

const view = (r: AlgoRunner, id: string) => r.views().find((v) => v.id === id)!;

beforeEach(() => {
  clock = new VirtualTimers(1_000_000);
  top = { bid: 650_000, ask: 650_010 };
  open = [];
  history = new Map();
  fills = new Map();
  orderJournal = [];
  places = [];
  cancels = [];
  nextRq = 1;
  ({ dir, path, journal } = openTempAlgoJournal('perpl-algo-stop-', clock.now));
});
afterEach(() => removeTempAlgoJournal({ dir, journal }));

describe('a chase ended or paused from outside', () => {
  it('chase-end-reason-in-market-units-not-wire-integers: a chase filled ends saying the size in BTC, never in size lots', async () => {
    const r = runner();
    const id = await chaseResting(r);
    const rq = places[0]!.rq;
    open = [];
    history.set(rq, row(rq, 500, 650_000, OrderStatus.Filled, SIZE));
    await r.tick();
    await r.tick();
    await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'ended', complete: true, reason: 'filled: filled 0.1 BTC of 0.1 BTC' });
    expect(readAlgoJournal(path).records.some((l) => JSON.stringify(l).includes(`of ${SIZE}`))).toBe(false);
  });

  it('cancelled-chase-leaves-no-order-resting: cancel sends the cancel of its PostOnly and ends once it is off the book', async () => {
    const r = runner();
    const id = await chaseResting(r);
    expect(r.cancel(id)).toBeNull();
    await r.tick();
    expect(cancels.map((c) => c.orderId)).toEqual([500]);
    // Not ended while the order may still rest.
    expect(view(r, id).status).not.toBe('ended');
    cancels[0]!.settle({ ok: true, message: 'cancelled', results: [{ kind: 'definitive', rq: 9, message: 'cancelled' }] });
    const rq = places[0]!.rq;
    open = [];
    history.set(rq, row(rq, 500, 650_000, OrderStatus.Canceled));
    await settled();
    await r.tick();
    await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'ended', complete: false, reason: 'cancelled by the trader: filled 0 BTC of 0.1 BTC' });
    expect(places).toHaveLength(1);
  });

  it('landed-cancel-not-sent-again-while-the-feed-catches-up: one cancel request while the order still shows, a second only past the wait', async () => {
    const r = runner();
    const id = await chaseResting(r);
    r.cancel(id);
    await r.tick();
    cancels[0]!.settle({ ok: true, message: 'cancelled', results: [{ kind: 'definitive', rq: 9, message: 'cancelled' }] });
    await settled();
    // The order's leaving has not reached the open orders yet (the feed is behind the cancel's outcome).
    clock.advance(CANCEL_EVERY_MS * 3);
    for (let i = 0; i < 3; i++) await r.tick();
    expect(cancels.map((c) => c.orderId)).toEqual([500]);
    expect(view(r, id).reason).toMatch(/cancelling order 500: waiting for the exchange to show it/);
    // Still there long after: the cancel is sent again rather than waiting for ever.
    clock.advance(CANCEL_LANDED_WAIT_MS);
    await r.tick();
    expect(cancels.map((c) => c.orderId)).toEqual([500, 500]);
  });

  it('refused-cancel-sent-again: a cancel refused is sent again after a second', async () => {
    const r = runner();
    const id = await chaseResting(r);
    r.cancel(id);
    await r.tick();
    cancels[0]!.settle({ ok: false, message: 'busy', results: [{ kind: 'rejected', rq: 9, message: 'busy' }] });
    await settled();
    clock.advance(CANCEL_EVERY_MS);
    await r.tick();
    expect(cancels.map((c) => c.orderId)).toEqual([500, 500]);
  });

  it('paused-chase-takes-its-order-off-and-resume-replaces-at-the-top: nothing rests while paused', async () => {
    const r = runner();
    const id = await chaseResting(r);
    expect(r.pause(id)).toBeNull();
    await r.tick();
    expect(cancels.map((c) => c.orderId)).toEqual([500]);
    cancels[0]!.settle({ ok: true, message: 'cancelled', results: [{ kind: 'definitive', rq: 9, message: 'cancelled' }] });
    const rq = places[0]!.rq;
    open = [];
    history.set(rq, row(rq, 500, 650_000, OrderStatus.Canceled));
    top = { bid: 650_005, ask: 650_012 };
    await settled();
    for (let i = 0; i < 3; i++) await r.tick();
    expect(places).toHaveLength(1);
    expect(view(r, id)).toMatchObject({ status: 'paused' });
    expect(r.unpause(id)).toBeNull();
    await r.tick();
    expect(places).toHaveLength(2);
    expect(places[1]!.p).toMatchObject({ kind: 'post-only', price: 650_005, size: SIZE, group: `algo ${id}.2` });
  });

  it('cancel-refused-because-filled-ends-filled: the order that filled before the cancel reached it ends the chase filled, not cancelled', async () => {
    const r = runner();
    const id = await chaseResting(r);
    r.cancel(id);
    await r.tick();
    cancels[0]!.settle({ ok: false, message: 'order not found', results: [{ kind: 'failed', rq: 9, message: 'order not found' }] });
    const rq = places[0]!.rq;
    open = [];
    history.set(rq, row(rq, 500, 650_000, OrderStatus.Filled, SIZE));
    await settled();
    for (let i = 0; i < 3; i++) await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'ended', complete: true, filled: SIZE, reason: 'filled: filled 0.1 BTC of 0.1 BTC' });
  });

  it('chase-order-gone-without-history-does-not-stall: after a bounded wait its fills settle it', async () => {
    const r = runner();
    const id = await chaseResting(r);
    open = []; // left the open orders; order history has no row of it
    fills!.set(500, SIZE);
    await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'running', reason: expect.stringMatching(/waiting for order history/) });
    clock.advance(CHASE_GONE_AFTER_MS);
    for (let i = 0; i < 3; i++) await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'ended', complete: true, filled: SIZE });
    expect(places).toHaveLength(1);
  });

  it('chase-order-gone-without-history-or-fills-ends-saying-so: no second order beside one whose fate is unknown', async () => {
    const r = runner(false);
    const id = await chaseResting(r);
    open = [];
    await r.tick();
    clock.advance(CHASE_GONE_AFTER_MS);
    for (let i = 0; i < 3; i++) await r.tick();
    expect(view(r, id)).toMatchObject({ status: 'ended', complete: false, reason: expect.stringMatching(/^order 500 left the book and no order history says how; its fills unknown/) });
    expect(places).toHaveLength(1);
  });
});

describe('cancel with a reason', () => {
  const twap: TwapSpec = { marketId: 16, side: 'long', size: 1_000, durationMs: 40_000, slices: 4, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };

  it('panic-stop-says-its-own-reason: a TWAP stopped by panic does not read "cancelled by the trader"', () => {
    const r = runner();
    const started = r.startTwap(twap);
    if ('refused' in started) throw new Error(started.refused);
    expect(r.cancel(started.id, 'stopped by panic')).toBeNull();
    expect(view(r, started.id)).toMatchObject({ status: 'ended', reason: 'stopped by panic' });
  });

  it('trail-cancel-keeps-its-stop-on-the-exchange: ending a trail sends no cancel and says the stop stays', async () => {
    const spec: TrailSpec = { marketId: 16, position: { id: 3, side: 'long', size: 100 }, distance: { unit: 'bps', bps: 200 }, on: 'mark', minStepTicks: 10, stop: { price: 637_000, orderId: 77 } };
    journal.append({ k: 'start', id: 'tr1', kind: 'trail', spec }, true);
    const r = runner();
    await r.resume(readAlgoJournal(path).records.filter((x) => x.id === 'tr1'));
    expect(r.cancel('tr1', 'stopped by panic')).toBeNull();
    await r.tick();
    expect(cancels).toEqual([]);
    expect(view(r, 'tr1')).toMatchObject({ status: 'ended', reason: 'stopped by panic: trail ended; stop at 63,700 stays on the exchange' });
  });
});

import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempAlgoJournal, removeTempAlgoJournal } from './runner-test-kit.fixtures.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { CommandHandle, CommandOutcome, PlaceParams, TradingCommands } from '../../domain/trading/commands.js';
import type { SessionLock } from '../../domain/trading/session-locks.js';
import type { TwapSpec } from '../../domain/algos/twap.js';
import type { JournalRecord } from '../trading/journal-record.js';
import { AlgoJournal, readAlgoJournal } from './algo-journal.js';
import { ALGO_ORDER_RESERVE, AlgoRunner, RESUMED_AFTER_RESTART } from './algo-runner.js';

const MARK = 670_000;
const market = btcTestMarket();
const spec: TwapSpec = { marketId: 16, side: 'long', size: 1_000, durationMs: 40_000, slices: 4, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };

interface Sent {
  p: PlaceParams;
  /** The algo journal's last line when place was called. */
  journalTail: string;
  settle(o: CommandOutcome): void;
}

let dir: string;
let path: string;
let clock: VirtualTimers;
let sent: Sent[];
let locks: SessionLock[];
let budget: number;
let journal: AlgoJournal;
let nextRq: number;
/** The lines the runner wrote to the order journal (commands.note): what the Journal tab shows. */
let notes: string[];

function fakeCommands(): TradingCommands {
  const place = (p: PlaceParams): CommandHandle => {
    const rq = nextRq++;
    let settle!: (o: CommandOutcome) => void;
    const outcome = new Promise<CommandOutcome>((r) => (settle = r));
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    sent.push({ p, journalTail: lines[lines.length - 1]!, settle });
    return { rqs: () => [rq], outcome };
  };
  return { place, locks: () => locks, note: (text: string) => notes.push(text) } as unknown as TradingCommands;
}

const filled = (rq: number, size: number): CommandOutcome => ({ ok: true, message: 'filled', results: [{ kind: 'definitive', rq, st: 4, os: size, fs: size, message: 'filled' }] });

function runner(orderJournal: JournalRecord[] | null = []): AlgoRunner {
  return new AlgoRunner({
    commands: fakeCommands(),
    journal,
    timers: clock,
    reads: {
      market: (id) => (id === market.id ? market : undefined),
      mark: () => MARK,
      orderByRq: () => Promise.resolve(undefined),
      orderJournal: () => orderJournal,
      sendBudgetLeft: () => budget,
    },
  });
}

/** Lets the outcome callbacks run. */
const settled = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  clock = new VirtualTimers(1_000_000);
  sent = [];
  notes = [];
  locks = [];
  budget = 100;
  nextRq = 1;
  ({ dir, path, journal } = openTempAlgoJournal('perpl-algos-', clock.now));
});
afterEach(() => removeTempAlgoJournal({ dir, journal }));

describe('AlgoRunner (TWAP)', () => {
  it('child-journaled-before-send: the child line is on disk when place is called, tagged for the order journal', async () => {
    const r = runner();
    const started = r.startTwap(spec);
    expect(started).toHaveProperty('id');
    await r.tick();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.journalTail)).toMatchObject({ k: 'child', size: 250, price: 672_010 });
    expect(sent[0]!.p).toMatchObject({ kind: 'ioc', side: 'long', size: 250, price: 672_010, group: expect.stringMatching(/^algo tw.+\.1$/) });
  });

  it('no-second-child-in-flight: a slice due while the last one has no outcome waits for it', async () => {
    const r = runner();
    r.startTwap(spec);
    await r.tick();
    clock.advance(30_000); // slices 2 and 3 are due
    await r.tick();
    expect(sent).toHaveLength(1);
    sent[0]!.settle(filled(1, 250));
    await settled();
    await r.tick();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.p.size).toBe(250);
  });

  it('a trade lock holds the algo with its reason and it runs again when the lock lifts', async () => {
    const r = runner();
    const { id } = r.startTwap(spec) as { id: string };
    locks = [{ code: 'feed-stale', message: 'feed stale: orders locked', label: 'stale' } as SessionLock];
    await r.tick();
    expect(sent).toHaveLength(0);
    expect(r.views()[0]).toMatchObject({ id, status: 'held', reason: 'feed stale: orders locked' });
    locks = [];
    await r.tick();
    expect(sent).toHaveLength(1);
    expect(r.views()[0]).toMatchObject({ status: 'running', reason: 'trade lock lifted' });
  });

  it('keeps the order budget reserve for panic and closes', async () => {
    const r = runner();
    r.startTwap(spec);
    budget = ALGO_ORDER_RESERVE;
    await r.tick();
    expect(sent).toHaveLength(0);
    expect(r.views()[0]!.reason).toMatch(/order budget/);
    budget = ALGO_ORDER_RESERVE + 1;
    await r.tick();
    expect(sent).toHaveLength(1);
  });

  it('pause, resume and cancel are journaled; a cancelled TWAP sends nothing more', async () => {
    const r = runner();
    const { id } = r.startTwap(spec) as { id: string };
    expect(r.pause(id)).toBeNull();
    await r.tick();
    expect(sent).toHaveLength(0);
    expect(r.unpause(id)).toBeNull();
    await r.tick();
    expect(sent).toHaveLength(1);
    sent[0]!.settle(filled(1, 250));
    await settled();
    expect(r.cancel(id)).toBeNull();
    clock.advance(60_000);
    await r.tick();
    expect(sent).toHaveLength(1);
    const kinds = readAlgoJournal(path).records.map((x) => (x.k === 'state' ? `state:${x.status}` : x.k));
    expect(kinds).toEqual(['start', 'state:paused', 'state:running', 'child', 'child-rqs', 'child-done', 'end']);
    expect(r.views()[0]).toMatchObject({ status: 'ended', filled: 250, reason: 'cancelled by the trader' });
  });

  it('runs to completion, filled exactly the target, then ends complete', async () => {
    const r = runner();
    r.startTwap(spec);
    for (let i = 0; i < 4; i++) {
      await r.tick();
      sent[i]!.settle(filled(i + 1, sent[i]!.p.size));
      await settled();
      clock.advance(10_000);
    }
    await r.tick();
    expect(r.views()[0]).toMatchObject({ status: 'ended', complete: true, filled: 1_000 });
  });

  it('refuses to start without the order journal (a restart could not find its children)', () => {
    expect(runner(null).startTwap(spec)).toEqual({ refused: expect.stringMatching(/order journal/) });
  });

  it('a child the previous run journaled but never sent is settled as unsent before the slice goes again', async () => {
    const first = runner();
    const { id } = first.startTwap(spec) as { id: string };
    journal.append({ k: 'child', id, cid: `${id}.1`, slice: 0, size: 250, price: 672_010 }, true);
    const second = runner([]);
    await second.resume(readAlgoJournal(path).records);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.p.group).toBe(`algo ${id}.2`);
    const done = readAlgoJournal(path).records.find((x) => x.k === 'child-done');
    expect(done).toMatchObject({ cid: `${id}.1`, filled: 0, spent: false, result: 'never-sent' });
  });

  it('resumed-algo-says-resumed-after-restart-once: the row and the Journal say it came back, once per resume, not per tick', async () => {
    const first = runner();
    const { id } = first.startTwap(spec) as { id: string };
    const ended = first.startTwap({ ...spec, size: 2_000 }) as { id: string };
    expect(first.cancel(ended.id)).toBeNull();
    expect(first.views().find((v) => v.id === id)!.reason).toBe('started');
    const second = runner([]);
    await second.resume(readAlgoJournal(path).records);
    expect(second.views().find((v) => v.id === id)).toMatchObject({ status: 'running', reason: RESUMED_AFTER_RESTART });
    for (let i = 0; i < 5; i++) await second.tick();
    const said = readAlgoJournal(path).records.filter((x) => x.k === 'state' && x.reason === RESUMED_AFTER_RESTART);
    // The ended one is not taken up again.
    expect(said.map((x) => x.id)).toEqual([id]);
    expect(notes).toEqual([`algo ${id} (twap): ${RESUMED_AFTER_RESTART}`]);
  });

  it('a paused algo resumed after a restart stays paused and says so', async () => {
    const first = runner();
    const { id } = first.startTwap(spec) as { id: string };
    expect(first.pause(id)).toBeNull();
    const second = runner([]);
    await second.resume(readAlgoJournal(path).records);
    expect(second.views()[0]).toMatchObject({ status: 'paused', reason: `${RESUMED_AFTER_RESTART} (still paused)` });
    expect(sent).toHaveLength(0);
  });

  it('a child found in the order journal but not settled there yet waits: nothing new is sent', async () => {
    const first = runner();
    const { id } = first.startTwap(spec) as { id: string };
    journal.append({ k: 'child', id, cid: `${id}.1`, slice: 0, size: 250, price: 672_010 }, true);
    const frame = {} as Extract<JournalRecord, { k: 'request' }>['frame'];
    const orderJournal: JournalRecord[] = [{ t: 0, k: 'request', key: 'k1', rq: 7, frame, postedHead: 1, label: 'buy', group: `algo ${id}.1` }];
    const second = runner(orderJournal);
    await second.resume(readAlgoJournal(path).records);
    expect(sent).toHaveLength(0);
    expect(second.views()[0]!.reason).toMatch(/reconciling child .*rq 7/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Order } from '../../protocol/frames.js';
import type { MarketWords } from '../../domain/trading/order-words.js';
import type { JournalRecord } from '../trading/journal-record.js';
import type { AlgoChild } from './algo-fold.js';
import { algoOfChildGroup, childGroup, childOutcome } from './child-outcome.js';

const WORDS: MarketWords = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const child: AlgoChild = { cid: 'tw1.2', slice: 1, size: 250, price: 672_010, rqs: [] };
const frame = {} as Extract<JournalRecord, { k: 'request' }>['frame'];
const request = (key: string, rq: number, cid = 'tw1.2'): JournalRecord => ({ t: 0, k: 'request', key, rq, frame, postedHead: 1, label: 'buy 0.00250 BTC IOC', group: `algo ${cid}` });
const resolved = (key: string, rq: number, result: string): JournalRecord => ({ t: 0, k: 'resolved', key, rq, result, message: '' });
const decided = (key: string, rq: number, code: string): JournalRecord => ({ t: 0, k: 'decision', key, rq, action: 'give-up', code, reason: '' });
const row = (rq: number, st: number, fs: number) => ({ rq, st, fs, os: 250 }) as Order;
const history = (rows: Order[]) => (rq: number) => Promise.resolve(rows.find((r) => r.rq === rq));

describe('childOutcome (a child this run did not see settle)', () => {
  it('no request anywhere: it never left the machine, the slice is not spent', async () => {
    expect(await childOutcome(child, [request('k9', 3, 'tw1.20')], history([]), WORDS)).toMatchObject({ kind: 'done', filled: 0, spent: false, result: 'never-sent' });
  });

  it('found by its order group: the order row says what filled, and its rq is reported', async () => {
    expect(await childOutcome(child, [request('k1', 7)], history([row(7, 5, 120)]), WORDS)).toMatchObject({ kind: 'done', filled: 120, spent: true, rqs: [7] });
  });

  it('an rq with no row whose request is still followed waits: never a new child on a guess', async () => {
    expect(await childOutcome(child, [request('k1', 7)], history([]), WORDS)).toMatchObject({ kind: 'pending' });
    expect(await childOutcome(child, [request('k1', 7), resolved('k1', 7, 'definitive')], history([]), WORDS)).toMatchObject({ kind: 'pending' });
  });

  it('given up or refused without a row: nothing filled; unknown: the algo must stop', async () => {
    expect(await childOutcome(child, [request('k1', 7), resolved('k1', 7, 'gave-up')], history([]), WORDS)).toMatchObject({ kind: 'done', filled: 0, spent: true });
    expect(await childOutcome(child, [request('k1', 7), resolved('k1', 7, 'unknown')], history([]), WORDS)).toMatchObject({ kind: 'unknown' });
  });

  it('slice-killed-before-its-frame-left-is-not-skipped: given up because its run died before the exchange saw it, the slice is not spent', async () => {
    const diedUnsent = [request('k1', 7), decided('k1', 7, 'recovered-expired'), resolved('k1', 7, 'gave-up')];
    expect(await childOutcome(child, diedUnsent, history([]), WORDS)).toMatchObject({ kind: 'done', filled: 0, spent: false, result: 'never-reached', rqs: [7] });
    // Given up while its run lived (the exchange never took it on three rqs): that slice had its turn.
    const gaveUpLive = [request('k1', 7), decided('k1', 7, 'expired-after-retries'), resolved('k1', 7, 'gave-up')];
    expect(await childOutcome(child, gaveUpLive, history([]), WORDS)).toMatchObject({ kind: 'done', filled: 0, spent: true });
    // An rq that reached the exchange counts, whatever became of the request after.
    expect(await childOutcome({ ...child, rqs: [5] }, diedUnsent, history([row(5, 4, 250)]), WORDS)).toMatchObject({ kind: 'done', filled: 250, spent: true });
  });

  it('a request moved to a new rq: the spent earlier rq counts nothing, the new one its fill', async () => {
    const journal = [request('k1', 7), request('k1', 9)];
    expect(await childOutcome(child, journal, history([row(9, 4, 250)]), WORDS)).toMatchObject({ kind: 'done', filled: 250, rqs: [7, 9], message: 'filled 0.0025 BTC of 0.0025 BTC (reconciled)' });
  });

  it('an open order of the child is still pending', async () => {
    expect(await childOutcome({ ...child, rqs: [7] }, [], history([row(7, 2, 0)]), WORDS)).toMatchObject({ kind: 'pending' });
  });
});

describe('child order groups', () => {
  it('child-fills-counted-for-another-algo: a child group names its algo; a scale group or none names none', () => {
    expect(algoOfChildGroup(childGroup('tw1.3'))).toBe('tw1');
    expect(algoOfChildGroup(childGroup('ch9.12'))).toBe('ch9');
    expect(algoOfChildGroup('scale-7')).toBeUndefined();
    expect(algoOfChildGroup(undefined)).toBeUndefined();
  });
});

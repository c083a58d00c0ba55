import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../protocol/enums.js';
import type { CommandOutcome } from '../../domain/trading/commands.js';
import { decodeAlgoRecord } from './algo-record.js';
import { foldAlgos } from './algo-fold.js';
import { chaseGroup, placeEvents } from './chase-run.js';

const outcome = (...results: CommandOutcome['results']): CommandOutcome => ({ ok: true, results, message: '' });
const d = { price: 669_950, size: 10 };

describe('placeEvents', () => {
  it('chase-place-rests-with-its-fill: a resting order becomes the live one, its partial fill counted', () => {
    expect(placeEvents(d, outcome({ kind: 'definitive', rq: 1, st: OrderStatus.PartiallyFilled, oid: 5, os: 10, fs: 3, message: '' }))).toEqual([
      { kind: 'placed', orderId: 5, price: 669_950, size: 10 },
      { kind: 'fill', size: 3 },
    ]);
  });

  it('chase-place-filled-leaves-nothing-live: a filled or refused place leaves no live order, an unknown one is asked later', () => {
    expect(placeEvents(d, outcome({ kind: 'definitive', rq: 1, st: OrderStatus.Filled, oid: 5, os: 10, fs: 10, message: 'filled' }))).toEqual([
      { kind: 'fill', size: 10 },
      { kind: 'refused', reason: 'filled' },
    ]);
    expect(placeEvents(d, outcome({ kind: 'failed', rq: 1, message: 'would cross' }))).toEqual([{ kind: 'refused', reason: 'would cross' }]);
    expect(placeEvents(d, outcome({ kind: 'unknown', rq: 1, message: '?' }))).toEqual([]);
  });
});

describe('chase journal lines', () => {
  it('chase-lines-fold-to-its-state: the start and events read back, places counted for the next order group', () => {
    const spec = { marketId: 16, side: 'long', size: 10, leverage: 500, maxDistance: { unit: 'bps', bps: 100 }, durationMs: 60_000, atBound: 'cancel' };
    const lines = [
      { t: 1, id: 'ch1', k: 'start', kind: 'chase', spec, startPrice: 669_950, boundPrice: 676_649, deadlineMs: 61 },
      { t: 2, id: 'ch1', k: 'chase', event: { kind: 'sent', decision: { kind: 'place', price: 669_950, size: 10 } } },
      { t: 3, id: 'ch1', k: 'chase', event: { kind: 'placed', orderId: 5, price: 669_950, size: 10 } },
      { t: 4, id: 'ch1', k: 'chase', event: { kind: 'sent', decision: { kind: 'end', reason: 'deadline', cancel: 5 } } },
    ].map((l) => decodeAlgoRecord(JSON.parse(JSON.stringify(l))));
    const a = foldAlgos(lines)[0]!;
    expect(a.chase).toMatchObject({ places: 1, state: { live: { orderId: 5 }, pending: 'cancel', ended: 'deadline' } });
    expect(chaseGroup('ch1', 2)).toBe('algo ch1.2');
    expect(() => decodeAlgoRecord({ t: 5, id: 'ch1', k: 'chase', event: { kind: 'sent', decision: { kind: 'teleport' } } })).toThrow(/decision/);
  });
});

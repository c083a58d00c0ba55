import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../protocol/enums.js';
import type { CommandOutcome } from '../../domain/trading/commands.js';
import type { JournalRecord } from '../trading/journal-record.js';
import { decodeAlgoRecord } from './algo-record.js';
import { foldAlgos } from './algo-fold.js';
import { armInDoubt, replaceEvents } from './trail-run.js';

const plan = { arm: 640_000, thenCancel: 7 };
const outcome = (...results: CommandOutcome['results']): CommandOutcome => ({ ok: true, results, message: '' });

describe('replaceEvents', () => {
  it('trail-armed-and-old-cancelled: the new stop becomes the held one, the old cancel is recorded', () => {
    const events = replaceEvents(plan, outcome(
      { kind: 'definitive', rq: 1, st: OrderStatus.Untriggered, oid: 9, message: 'armed' },
      { kind: 'definitive', rq: 2, st: OrderStatus.Canceled, message: 'cancelled' },
    ));
    expect(events).toEqual([{ kind: 'armed', orderId: 9 }, { kind: 'cancelled', orderId: 7 }]);
  });

  it('trail-cancel-failed-keeps-both: a failed cancel of the old stop is recorded as such (both armed)', () => {
    const events = replaceEvents(plan, outcome(
      { kind: 'definitive', rq: 1, st: OrderStatus.Untriggered, oid: 9, message: 'armed' },
      { kind: 'failed', rq: 2, message: 'nope' },
    ));
    expect(events).toEqual([{ kind: 'armed', orderId: 9 }, { kind: 'cancel-failed', reason: 'nope' }]);
  });

  it('trail-refused-keeps-old: a refused new stop is arm-refused, an unknown one is left to the exchange', () => {
    expect(replaceEvents(plan, outcome({ kind: 'invalid', rq: 0, message: 'beyond liquidation' }))).toEqual([{ kind: 'arm-refused', reason: 'beyond liquidation' }]);
    expect(replaceEvents(plan, outcome({ kind: 'unknown', rq: 3, message: 'lost' }))).toEqual([]);
  });
});

describe('armInDoubt', () => {
  const request = (key: string, lp: number, tp: number): JournalRecord =>
    ({ t: 1, key, rq: 5, k: 'request', frame: { lp, tp } as never, postedHead: 1, label: 'SL' });
  it('trail-waits-for-unresolved-arm: a new stop request the order journal still follows is in doubt until resolved', () => {
    const records: JournalRecord[] = [request('a', 4, 640_000)];
    expect(armInDoubt(records, 4, 640_000)).toBe(true);
    expect(armInDoubt(records, 4, 641_000)).toBe(false);
    records.push({ t: 2, key: 'a', rq: 5, k: 'resolved', result: 'failed', message: 'x' });
    expect(armInDoubt(records, 4, 640_000)).toBe(false);
  });
});

describe('trail journal lines', () => {
  it('trail-lines-fold-to-the-held-stop: start and events read back and fold to the stop the exchange holds', () => {
    const spec = { marketId: 16, position: { id: 4, side: 'long', size: 100 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 10, stop: { price: 630_000, orderId: 7 } };
    const lines = [
      { t: 1, id: 'tr1', k: 'start', kind: 'trail', spec },
      { t: 2, id: 'tr1', k: 'trail', event: { kind: 'sent', plan, block: 12 } },
      { t: 3, id: 'tr1', k: 'trail', event: { kind: 'armed', orderId: 9 } },
    ].map((l) => decodeAlgoRecord(JSON.parse(JSON.stringify(l))));
    const [a] = foldAlgos(lines);
    expect(a!.trail).toMatchObject({ stop: { price: 640_000, orderId: 9 }, movedAtBlock: 12, phase: { kind: 'cancelling', oldOrderId: 7 } });
    expect(() => decodeAlgoRecord({ t: 4, id: 'tr1', k: 'trail', event: { kind: 'armed' } })).toThrow(/orderId/);
  });
});

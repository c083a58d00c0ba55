import { describe, expect, it } from 'vitest';
import type { Position } from '../../protocol/frames.js';
import { NO_MARKS } from '../../domain/marks.js';
import { positionRow } from '../../domain/trading/rows.js';
import { TradingState } from './trading-state.js';

const position = (over: Partial<Position>): Position => ({ at: { b: 10 }, mkt: 1, acc: 5, pid: 7, st: 1, sr: 21, sd: 1, c: '100000000', ep: 1000, s: 10, lv: 500, fnd: '0', ...over });

describe('funding paid on an open position', () => {
  it('sums the fnd of each update (one funding event each), so a later fill does not reset it to 0', () => {
    const s = new TradingState(5);
    s.applyPositions([position({})]);
    s.applyPositions([position({ at: { b: 20 }, sr: 0, c: '99880000', fnd: '-120000' })]);
    s.applyPositions([position({ at: { b: 30 }, sr: 0, c: '99830000', fnd: '-50000' })]);
    s.applyPositions([position({ at: { b: 40 }, sr: 17, s: 20, c: '150000000', fnd: '0' })]); // an increase
    expect(s.positions.get(7)?.fnd).toBe('-170000');
    expect(positionRow(s.positions.get(7)!, undefined, NO_MARKS.readMark(1)).fundingPaid).toBe('-170000');
  });

  it('a duplicate update is not counted twice, and a new position starts from its own fnd', () => {
    const s = new TradingState(5);
    const funding = position({ at: { b: 20 }, sr: 0, fnd: '-120000' });
    s.applyPositions([position({})]);
    s.applyPositions([funding]);
    s.applyPositions([funding]);
    expect(s.positions.get(7)?.fnd).toBe('-120000');
    s.applyPositions([position({ at: { b: 30 }, pid: 8, fnd: '5' })]);
    expect(s.positions.get(8)?.fnd).toBe('5');
  });

  it('funding-paid-from-event-rows: live leaves the state row\'s fnd at "0" and realizes funding on e[].fnd', () => {
    const s = new TradingState(5);
    const event = (b: number, over: Partial<Position>): Position => position({ at: { b }, rq: 9, oid: 100 + b, ...over });
    s.applyPositions([position({ fnd: '0', e: [event(10, { fnd: '0' })] })]);
    s.applyPositions([position({ at: { b: 20 }, sr: 17, s: 20, fnd: '0', e: [event(20, { sr: 17, s: 10, fnd: '-120000' })] })]);
    s.applyPositions([position({ at: { b: 30 }, sr: 14, s: 15, fnd: '0', e: [event(30, { sr: 14, s: 5, fnd: '-30000' })] })]);
    expect(positionRow(s.positions.get(7)!, undefined, { state: 'unknown', reason: 'no mark needed' }).fundingPaid).toBe('-150000');
  });

  it('reconnect-snapshot-keeps-folded-funding: a reconnect\'s snapshot carries fnd "0" (or none) for an open position; the funding folded stays', () => {
    const s = new TradingState(5);
    s.replacePositions([position({})]);
    s.applyPositions([position({ at: { b: 20 }, sr: 0, c: '99880000', fnd: '-120000' })]);
    // The reconnect: live's snapshot rows have sr 0, at {}, fnd "0" (wire.md 15.5).
    s.replacePositions([position({ at: {}, sr: 0, c: '99880000', fnd: '0' })]);
    expect(s.positions.get(7)?.fnd).toBe('-120000');
    const { fnd: _none, ...withoutFnd } = position({ at: {}, sr: 0, c: '99880000' });
    s.replacePositions([withoutFnd]);
    expect(s.positions.get(7)?.fnd).toBe('-120000');
    // Funding after the reconnect adds to it; a position the snapshot no longer holds is gone, and a new one starts at its own.
    s.applyPositions([position({ at: { b: 30 }, sr: 0, c: '99830000', fnd: '-50000' })]);
    expect(s.positions.get(7)?.fnd).toBe('-170000');
    s.replacePositions([position({ at: {}, pid: 8, sr: 0, fnd: '0' })]);
    expect(s.positions.has(7)).toBe(false);
    expect(s.positions.get(8)?.fnd).toBe('0');
  });
});

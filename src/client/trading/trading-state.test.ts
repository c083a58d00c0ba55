import { describe, expect, it } from 'vitest';
import type { Fill, Order, Position } from '../../protocol/frames.js';
import { TradingState } from './trading-state.js';

const order = (over: Partial<Order>): Order => ({ at: { b: 10, tx: 0, l: 0 }, rq: 1, mkt: 1, acc: 5, oid: 100, st: 2, t: 1, os: 10, fs: 0, fl: 0, lv: 500, ...over });
const position = (over: Partial<Position>): Position => ({ at: { b: 10 }, mkt: 1, acc: 5, pid: 7, st: 1, sr: 21, sd: 1, c: '100', ep: 1000, s: 10, lv: 500, ...over });

function state(): TradingState {
  const s = new TradingState(5);
  s.applyWalletSnapshot({ mt: 19, sn: 10, addr: '0xabc', as: [{ in: 1, id: 5, fr: false, fw: true, lfr: 3, b: '1000', lb: '0' }], sts: [] });
  return s;
}

describe('TradingState', () => {
  it('a late duplicate Open does not resurrect an order a newer frame removed', () => {
    const s = state();
    const open = order({});
    s.applyOrders([open]);
    s.applyOrders([order({ at: { b: 11 }, st: 4, r: true, fs: 10 })]);
    expect(s.orders.has(100)).toBe(false);
    expect(s.applyOrders([open])).toEqual([]); // the duplicate, 700 ms late
    expect(s.orders.has(100)).toBe(false);
  });

  it('a full close (st 2, s 0) drops the position; a late duplicate of the open does not bring it back', () => {
    const s = state();
    const opened = position({});
    s.applyPositions([opened]);
    s.applyPositions([position({ at: { b: 12 }, st: 2, s: 0, c: '0' })]);
    expect(s.positions.size).toBe(0);
    s.applyPositions([opened]);
    expect(s.positions.size).toBe(0);
  });

  it('snapshots replace state instead of patching it', () => {
    const s = state();
    s.applyOrders([order({ oid: 1 }), order({ oid: 2 })]);
    s.replaceOrders([order({ oid: 3 })]);
    expect([...s.orders.keys()]).toEqual([3]);
    s.applyPositions([position({ pid: 1 })]);
    s.replacePositions([position({ pid: 2 }), position({ pid: 3, st: 2 })]);
    expect([...s.positions.keys()]).toEqual([2]);
  });

  it('keeps fills newest first, bounded, without duplicates', () => {
    const s = new TradingState(5, 3);
    const fill = (oid: number): Fill => ({ at: { b: oid, tx: 0, l: 0 }, mkt: 1, acc: 5, oid, t: 1, l: 2, p: 1, s: 1, f: '1' });
    s.applyFills([fill(1), fill(2)]);
    s.applyFills([fill(2), fill(3), fill(4)]);
    expect(s.fills.map((f) => f.oid)).toEqual([4, 3, 2]);
  });

  it('ignores an account update older than the state it has', () => {
    const s = state();
    s.applyAccountUpdate({ mt: 21, sn: 12, in: 1, id: 5, fr: false, fw: true, lfr: 9, b: '900', lb: '0' });
    s.applyAccountUpdate({ mt: 21, sn: 11, in: 1, id: 5, fr: false, fw: true, lfr: 8, b: '950', lb: '0' });
    expect(s.account).toMatchObject({ lfr: 9, b: '900' });
  });

  it('ignores rows of other accounts of the wallet', () => {
    const s = state();
    s.applyOrders([order({ acc: 6 })]);
    expect(s.orders.size).toBe(0);
  });

  it('keeps the position events of each order and transaction (what its fills did), also of a closing row, once per frame', () => {
    const s = state();
    const closeEvent = position({ at: { b: 12, tx: 3, l: 3 }, rq: 4, oid: 900, st: 2, sr: 13, s: 10, dpnl: '-200' });
    const closing = position({ at: { b: 12, tx: 3, l: 3 }, st: 2, sr: 13, s: 0, c: '0', e: [closeEvent] });
    s.applyPositions([closing]);
    s.applyPositions([closing]); // a duplicated frame
    expect(s.positionEventsOf(900, { b: 12, tx: 3, l: 4 })).toEqual([closeEvent]);
    expect(s.positionEventsOf(900, { b: 13, tx: 3 })).toEqual([]);
  });
});

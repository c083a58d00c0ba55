// R multiple: net PnL over the risk the first stop-loss linked to the trip's position set.
import { describe, expect, it } from 'vitest';
import { OrderType, TriggerCondition } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { foldLedgerHistory } from './fold-history.js';
import { LedgerModel } from './ledger-model.fixtures.js';
import { rMultipleText } from './r-multiple.js';

const ETH = 32;

function trigger(m: LedgerModel, oid: number, over: Partial<Order>): Order {
  const b = m.nowMs / 1000;
  return { at: { b, t: m.nowMs, tx: 2 }, rq: oid, mkt: ETH, acc: 7, oid, st: 8, t: OrderType.CloseLong, os: 10, fs: 0, fl: 4, lv: 0, tpc: TriggerCondition.LTEMark, ...over };
}

function session(stops: (m: LedgerModel, pid: number) => Order[]) {
  const m = new LedgerModel();
  m.deposit(10_000_000n);
  m.fill(ETH, 1, 10, 1_000, 40n);
  const pid = m.rows[0]!.pid;
  m.advance();
  const orders = stops(m, pid);
  m.fill(ETH, -1, 10, 1_100, 60n);
  return foldLedgerHistory({ fills: m.fills, events: m.events, positionRows: m.rows, orders }, () => 1n).trips[0]!;
}

describe('R multiple', () => {
  it('r-multiple-from-first-linked-stop: risk |1000 - 950| x 10 = 500, net 900 is 1.80R; a later, tighter stop does not change it', () => {
    const trip = session((m, pid) => [trigger(m, 90, { lp: pid, tp: 950 }), trigger(m, 90, { lp: pid, tp: 950, st: 9, at: { b: 9e6, t: 9e9, tx: 1 } }), { ...trigger(m, 91, { lp: pid, tp: 990 }), at: { b: m.nowMs / 1000, t: m.nowMs, tx: 3 } }]);
    expect(trip.netPnl).toBe(900n);
    expect(trip.stop).toEqual({ price: 950, riskAtoms: 500n });
    expect(rMultipleText(trip)).toBe('1.80');
  });

  it('r-multiple-empty-without-a-stop: a take-profit, a stop of another position or of the other side gives no R', () => {
    const trip = session((m, pid) => [
      trigger(m, 92, { lp: pid, tp: 1_200, tpc: TriggerCondition.GTEMark }),
      trigger(m, 93, { lp: pid + 1000, tp: 950 }),
      trigger(m, 94, { lp: pid, tp: 1_050, t: OrderType.CloseShort, tpc: TriggerCondition.GTEMark }),
    ]);
    expect(trip.stop).toBeUndefined();
    expect(rMultipleText(trip)).toBeNull();
  });

  it('r-multiple-rounds-half-away-from-zero-and-keeps-the-sign', () => {
    const base = session(() => []);
    expect(rMultipleText({ ...base, netPnl: -1_000n, stop: { price: 1, riskAtoms: 300n } })).toBe('-3.33');
    expect(rMultipleText({ ...base, netPnl: -1n, stop: { price: 1, riskAtoms: 200n } })).toBe('-0.01');
    expect(rMultipleText({ ...base, netPnl: 5n, stop: { price: 1, riskAtoms: 0n } })).toBeNull();
  });
});

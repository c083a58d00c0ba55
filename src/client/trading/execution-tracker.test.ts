// The execution tracker on a hand-stepped clock, for every kind of order the terminal sends: a close is
// followed by its rq like an open and trades on the other side; an amend by its order's id (the changed
// order keeps its own rq), counting only fills after the change and taking them back when the change did
// not take effect; a cancel and a TP/SL trigger are timed to their ack only; an amend or a cancel with no
// known target gets no report (no side to judge it from).
import { describe, expect, it } from 'vitest';
import { OrderFlag, OrderType, TriggerCondition } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';
import { executionLine } from '../../domain/trading/execution-words.js';
import { ExecutionTracker } from './execution-tracker.js';

const BTC = btcTestMarket();
const ORIGIN = { keyAtMs: 1_000, markAtKey: 600_000, estimatedPrice: null };

function tracker() {
  const clock = { mono: 1_000, wall: 5_000_000 };
  const t = new ExecutionTracker(() => clock.mono, () => clock.wall);
  const at = (ms: number) => {
    clock.mono = ms;
  };
  const only = () => {
    const all = t.reports([BTC]);
    expect(all).toHaveLength(1);
    return all[0]!;
  };
  return { t, at, only };
}

const draft = (over: Partial<OrderDraft>): OrderDraft => ({ t: OrderType.OpenLong, mkt: 16, s: 1_000, p: 0, fl: OrderFlag.ImmediateOrCancel, lv: 500, lb: 0, ...over });
const row = (over: Partial<Order>): Order => ({ at: {}, rq: 1, mkt: 16, acc: 1, oid: 50, st: 2, t: OrderType.OpenLong, os: 1_000, fs: 0, fl: 0, lv: 500, ...over });

describe('execution tracker, every kind', () => {
  it('close-by-key-timed-like-an-open: send, ack and fill from the key press; a close of a long sells under the mark = worse', () => {
    const { t, at, only } = tracker();
    t.begin('c1', draft({ t: OrderType.CloseLong, lv: 0, lp: 7 }), ORIGIN);
    t.rqAssigned('c1', 12);
    at(1_002);
    t.sent('c1');
    at(1_015);
    t.acked('c1');
    at(1_020);
    t.orderRow(row({ rq: 12, t: OrderType.CloseLong, fs: 1_000, fp: 599_990, st: 4 }));
    const r = only();
    expect(r).toMatchObject({ kind: 'close', side: 'short', rq: 12, toSendMs: 2, toAckMs: 15, toFirstFillMs: 20, filledSize: 1_000 });
    expect(r.vsMark).toEqual({ ticks: 10, bpsHundredths: 16n, atoms: 10_000n });
    expect(r.vsEstimate).toBeNull();
  });

  it('amend-followed-by-order-id: the changed order row keeps its own rq; fills after the change are the amend fills', () => {
    const { t, at, only } = tracker();
    t.begin('a1', draft({ t: OrderType.Change, oid: 50, p: 600_100 }), ORIGIN, { t: OrderType.OpenLong, fs: 0 });
    t.rqAssigned('a1', 20);
    at(1_001);
    t.sent('a1');
    at(1_010);
    t.acked('a1');
    // The order row after the change: same rq 3 (the order's), new price, nothing filled: no fill yet.
    t.orderRow(row({ rq: 3, oid: 50, p: 600_100, fs: 0 }));
    expect(only().toFirstFillMs).toBeNull();
    at(1_030);
    t.orderRow(row({ rq: 3, oid: 50, p: 600_100, fs: 400, fp: 600_100 }));
    t.resolved('a1', true);
    const r = only();
    expect(r).toMatchObject({ kind: 'amend', side: 'long', rq: 20, toSendMs: 1, toAckMs: 10, toFirstFillMs: 30, filledSize: 400, averageFillPrice: 600_100 });
    expect(r.vsMark?.ticks).toBe(100);
  });

  it('amend-after-earlier-fills-has-no-average: 300 filled before the change, 1,000 after: 700 filled, no price, no slippage', () => {
    const { t, only } = tracker();
    t.begin('a2', draft({ t: OrderType.Change, oid: 50, s: 700 }), ORIGIN, { t: OrderType.CloseShort, fs: 300 });
    t.rqAssigned('a2', 21);
    t.orderRow(row({ rq: 3, oid: 50, t: OrderType.CloseShort, fs: 1_000, fp: 600_050 }));
    const r = only();
    expect(r).toMatchObject({ side: 'long', filledSize: 700, averageFillPrice: null, vsMark: null });
  });

  it('amend-that-failed-takes-back-its-fills: a refused change stops following; fills of the old order are not its', () => {
    const { t, only } = tracker();
    t.begin('a3', draft({ t: OrderType.Change, oid: 50, p: 600_100 }), ORIGIN, { t: OrderType.OpenLong, fs: 0 });
    t.rqAssigned('a3', 22);
    t.orderRow(row({ rq: 3, oid: 50, fs: 200, fp: 599_000 }));
    expect(only().filledSize).toBe(200);
    t.resolved('a3', false);
    t.orderRow(row({ rq: 3, oid: 50, fs: 500, fp: 599_000 }));
    expect(only()).toMatchObject({ filledSize: 0, toFirstFillMs: null, averageFillPrice: null, vsMark: null });
  });

  it('cancel-and-trigger-timed-to-the-ack: rows of their rq or target add no fill', () => {
    const { t, at } = tracker();
    t.begin('x1', draft({ t: OrderType.Cancel, oid: 50, s: 0, lv: 0 }), ORIGIN, { t: OrderType.OpenShort, fs: 0 });
    t.begin('s1', draft({ t: OrderType.CloseLong, tp: 590_000, tpc: TriggerCondition.LTEMark, lp: 7, lv: 0 }), ORIGIN);
    t.rqAssigned('x1', 30);
    t.rqAssigned('s1', 31);
    at(1_003);
    t.sent('x1');
    t.sent('s1');
    at(1_012);
    t.acked('x1');
    t.acked('s1');
    t.orderRow(row({ rq: 31, oid: 60, t: OrderType.CloseLong, fs: 1_000, fp: 590_000 }));
    t.orderRow(row({ rq: 3, oid: 50, t: OrderType.OpenShort, fs: 1_000, fp: 600_000 }));
    const [cancel, trigger] = t.reports([BTC]);
    expect(cancel).toMatchObject({ kind: 'cancel', side: 'short', toSendMs: 3, toAckMs: 12, toFirstFillMs: null, filledSize: 0 });
    expect(trigger).toMatchObject({ kind: 'trigger', side: 'short', toSendMs: 3, toAckMs: 12, toFirstFillMs: null, filledSize: 0 });
  });

  it('no-target-no-report: an amend or a cancel of an order the session does not hold, and a collateral top-up, get none', () => {
    const { t } = tracker();
    t.begin('a', draft({ t: OrderType.Change, oid: 99 }), ORIGIN);
    t.begin('c', draft({ t: OrderType.Cancel, oid: 99 }), ORIGIN);
    t.begin('m', draft({ t: OrderType.IncreasePositionCollateral, lp: 7, a: '100' }), ORIGIN);
    expect(t.reports([BTC])).toEqual([]);
  });

  it('reconciled-fill-in-the-report: a status lost and its order found by reconciling counts its fill as any fill, its time unknown', () => {
    const { t, at, only } = tracker();
    t.begin('o1', draft({ s: 500_000 }), ORIGIN);
    t.rqAssigned('o1', 14);
    t.sent('o1');
    at(1_015);
    t.acked('o1');
    // The mt 24 never came; order history has the order cut at its cap.
    t.reconciled('o1', row({ rq: 14, st: 4, sr: 16, os: 500_000, fs: 192_355, fp: 600_010 }));
    const r = only();
    expect(r).toMatchObject({ filledSize: 192_355, averageFillPrice: 600_010, partial: true, fillTimesUnknown: true, toFirstFillMs: null });
    expect(r.vsMark?.ticks).toBe(10);
    expect(executionLine(r)).toContain('fill time unknown (found by reconciling) · vs mark 10 ticks worse');
  });
});

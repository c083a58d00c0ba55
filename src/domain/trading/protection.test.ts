import { describe, expect, it } from 'vitest';
import { OrderType as T, PositionSide, TriggerCondition as C } from '../../protocol/enums.js';
import {
  closeTypeFor,
  isOnRequiredSide,
  protectionOf,
  protectiveTriggerDraft,
  requiredSide,
  roleOfCondition,
  roleOfTrigger,
  triggerConditionFor,
} from './protection.js';
import type { OrderRowView } from './views.js';

describe('the stop-loss / take-profit rule (interface.md 2.4)', () => {
  it('long-stop-is-lte-take-profit-gte: a long stop fires at or below, its take-profit at or above; mirrored for a short', () => {
    expect(triggerConditionFor(true, 'stop-loss')).toBe(C.LTEMark);
    expect(triggerConditionFor(true, 'take-profit')).toBe(C.GTEMark);
    expect(triggerConditionFor(false, 'stop-loss')).toBe(C.GTEMark);
    expect(triggerConditionFor(false, 'take-profit')).toBe(C.LTEMark);
    expect(triggerConditionFor(true, 'stop-loss', 'last')).toBe(C.LTELast);
    expect(triggerConditionFor(false, 'take-profit', 'last')).toBe(C.LTELast);
    expect(closeTypeFor(true)).toBe(T.CloseLong);
    expect(closeTypeFor(false)).toBe(T.CloseShort);
  });

  it('role-round-trips-through-the-condition: the role read back from a tpc is the role it was built for', () => {
    for (const long of [true, false]) {
      for (const role of ['stop-loss', 'take-profit'] as const) {
        for (const on of ['mark', 'last'] as const) expect(roleOfCondition(long, triggerConditionFor(long, role, on))).toBe(role);
      }
    }
    expect(roleOfCondition(true, 0)).toBeNull();
    expect(roleOfCondition(true, 9)).toBeNull();
    // From the order alone: CloseLong protects a long, CloseShort a short; anything else has no role.
    expect(roleOfTrigger({ type: T.CloseShort, triggerCondition: C.GTELast })).toBe('stop-loss');
    expect(roleOfTrigger({ type: T.CloseLong, triggerCondition: C.GTELast })).toBe('take-profit');
    expect(roleOfTrigger({ type: T.OpenLong, triggerCondition: C.GTELast })).toBeNull();
  });

  it('wrong-side-trigger-refused: a long stop must be below the reference, a short stop above (equal is refused)', () => {
    expect(requiredSide(true, 'stop-loss')).toBe('below');
    expect(requiredSide(false, 'stop-loss')).toBe('above');
    expect(isOnRequiredSide(true, 'stop-loss', 99, 100)).toBe(true);
    expect(isOnRequiredSide(true, 'stop-loss', 100, 100)).toBe(false);
    expect(isOnRequiredSide(true, 'take-profit', 101, 100)).toBe(true);
    expect(isOnRequiredSide(false, 'take-profit', 99, 100)).toBe(true);
    expect(isOnRequiredSide(false, 'stop-loss', 99, 100)).toBe(false);
  });

  it('trigger-draft-closes-the-side: lb 0, IOC, the side close type, the size of the spec or the whole target', () => {
    const d = protectiveTriggerDraft({ long: false, marketId: 3, size: 500 }, 'stop-loss', { price: 7_000, on: 'last' }, { lp: 9 });
    expect(d).toMatchObject({ t: T.CloseShort, mkt: 3, s: 500, p: 0, lb: 0, lv: 0, tp: 7_000, tpc: C.GTELast, lp: 9, triggerRole: 'stop-loss' });
    expect(protectiveTriggerDraft({ long: true, marketId: 3, size: 500 }, 'take-profit', { price: 8_000, size: 200 }, { tr: 4 })).toMatchObject({ s: 200, tr: 4, tpc: C.GTEMark });
  });
});

describe('protectionOf: a position row\'s armed triggers', () => {
  const trigger = (orderId: number, price: number, tpc: number, linked: number | null = 7, type: number = T.CloseLong): OrderRowView => ({
    orderId, requestId: orderId, marketId: 1, type, status: 8, price: 0, originalSize: 100, filledSize: 0, flags: 4, leverage: 0,
    triggerPrice: price, triggerCondition: tpc, linkedPositionId: linked, lastBlock: null, blocksLeft: null,
  });

  it('groups the linked triggers by role, the one that fires first leading', () => {
    const orders = [trigger(1, 640, C.LTEMark), trigger(2, 650, C.LTELast), trigger(3, 720, C.GTEMark), trigger(4, 700, C.GTEMark), trigger(5, 600, C.LTEMark, 8)];
    const long = protectionOf({ positionId: 7, side: PositionSide.Long }, orders);
    expect(long.stopLoss.map((t) => [t.orderId, t.on])).toEqual([[2, 'last'], [1, 'mark']]);
    expect(long.takeProfit.map((t) => t.orderId)).toEqual([4, 3]);
    const short = protectionOf({ positionId: 7, side: PositionSide.Short }, orders.map((o) => ({ ...o, type: T.CloseShort })));
    expect(short.stopLoss.map((t) => t.orderId)).toEqual([4, 3]);
    expect(short.takeProfit.map((t) => t.orderId)).toEqual([2, 1]);
  });
});

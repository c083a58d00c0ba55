import { describe, expect, it } from 'vitest';
import {
  AccountEventType,
  AccountEventTypeName,
  MessageType,
  MessageTypeName,
  OrderFailureReason,
  OrderFailureReasonName,
  OrderFlag,
  OrderFlagName,
  OrderStatus,
  OrderStatusName,
  OrderStatusReason,
  OrderStatusReasonName,
  OrderType,
  OrderTypeName,
  PositionStatus,
  PositionStatusName,
  RESERVED_MESSAGE_TYPES,
  TriggerCondition,
  TriggerConditionName,
  enumName,
  hasTradeScope,
} from './enums.js';

const TABLES: [string, Record<string, number>, ReadonlyMap<number, string>][] = [
  ['MessageType', MessageType, MessageTypeName],
  ['OrderType', OrderType, OrderTypeName],
  ['OrderFlag', OrderFlag, OrderFlagName],
  ['TriggerCondition', TriggerCondition, TriggerConditionName],
  ['OrderStatus', OrderStatus, OrderStatusName],
  ['OrderStatusReason', OrderStatusReason, OrderStatusReasonName],
  ['OrderFailureReason', OrderFailureReason, OrderFailureReasonName],
  ['AccountEventType', AccountEventType, AccountEventTypeName],
  ['PositionStatus', PositionStatus, PositionStatusName],
];

describe('enumerations', () => {
  for (const [label, values, names] of TABLES) {
    it(`${label}: every name maps to a distinct value and back`, () => {
      const entries = Object.entries(values);
      expect(new Set(entries.map(([, v]) => v)).size).toBe(entries.length);
      for (const [name, value] of entries) expect(enumName(names, value)).toBe(name);
    });
  }
  it('OrderStatusReason covers every value 0..69 with no gap', () => {
    for (let sr = 0; sr <= 69; sr++) expect(OrderStatusReasonName.has(sr), `sr ${sr}`).toBe(true);
    expect(OrderStatusReasonName.size).toBe(70);
    expect(enumName(OrderStatusReasonName, 32)).toBe('OrderDescIdTooLow');
    expect(enumName(OrderStatusReasonName, 69)).toBe('OrderExtensionRejected');
  });
  it('an unknown value is shown as Unknown(n), never as undefined or a wrong name', () => {
    expect(enumName(OrderStatusReasonName, 70)).toBe('Unknown(70)');
    expect(enumName(OrderStatusName, 0)).toBe('Unknown(0)');
    expect(enumName(MessageTypeName, 13)).toBe('Unknown(13)');
  });
  it('reserved message types are not given a name', () => {
    for (const mt of RESERVED_MESSAGE_TYPES) expect(MessageTypeName.has(mt)).toBe(false);
  });
  it('trade scope is bit 1 (read-only keys cannot trade)', () => {
    expect(hasTradeScope(1)).toBe(false);
    expect(hasTradeScope(2)).toBe(true);
    expect(hasTradeScope(3)).toBe(true);
  });
});

// What an open order would do to the position in its market if it filled now, whole: the label of the
// Open orders tab (a sell of 0.01 while long 0.02 is a reduce, not an "open short"). Pure.

import { OrderType, PositionSide } from '../../protocol/enums.js';
import type { TradeEffect } from './fill-effect.js';

/** Buy-side order types: open long, close short. */
export function isBuyType(type: number): boolean {
  return type === OrderType.OpenLong || type === OrderType.CloseShort;
}

/**
 * `position`: the open position in the order's market, if any (side 1 long / 2 short, scaled size).
 * Null for what no fill can do: a reduce-only close with no position to close, or a non-trading type.
 */
export function restingOrderEffect(
  order: { type: number; originalSize: number; filledSize: number },
  position: { side: number; size: number } | undefined,
): TradeEffect | null {
  const opens = order.type === OrderType.OpenLong || order.type === OrderType.OpenShort;
  const closes = order.type === OrderType.CloseLong || order.type === OrderType.CloseShort;
  if (!opens && !closes) return null;
  const buy = isBuyType(order.type);
  const held = position !== undefined && position.size > 0 ? position : undefined;
  const against = held !== undefined && (held.side === PositionSide.Long) !== buy;
  if (!against) return opens ? 'open' : null;
  const remaining = Math.max(0, order.originalSize - order.filledSize);
  if (remaining < held.size) return 'reduce';
  // A close is clamped to the position; an open larger than the position goes through zero.
  return remaining === held.size || closes ? 'close' : 'flip';
}

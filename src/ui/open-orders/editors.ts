// What the order editors (`e`: change a resting order, move a trigger) mean: typed text -> a request
// (scaled integers, parsed exactly with protocol/scaling, never through a float), plus the confirm question
// of a trigger's move. Pure.

import { conditionSource, isLongSide, roleOfTrigger, roleShort } from '../../domain/trading/protection.js';
import { priceText, refWords } from '../../domain/trading/order-words.js';
import { stopLiquidationProblem } from '../../domain/trading/stop-liquidation.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { parsePrice, parseSize } from '../../protocol/scaling.js';
import { userMessage } from '../../protocol/errors.js';
import { sideProblem, sideWord, type EditorResult } from '../tabs/editor.js';

/** `e`: "PRICE [SIZE]" for an open order; the size is the new remaining size (what the exchange reads `s` of a Change as). */
export function amendIntent(text: string, order: OrderRowView, market: MarketRef): EditorResult {
  const [typedPrice, typedSize, extra] = text.trim().split(/\s+/);
  if (!typedPrice || extra !== undefined) return { error: 'type PRICE or PRICE SIZE' };
  try {
    const price = parsePrice(typedPrice, market.priceDecimals);
    const size = typedSize === undefined ? undefined : parseSize(typedSize, market.sizeDecimals);
    if (price <= 0) return { error: 'price must be above 0' };
    if (size !== undefined && size <= 0) return { error: 'size must be above 0' };
    if (price === order.price && (size === undefined || size === order.originalSize - order.filledSize)) {
      return { error: 'nothing changes' };
    }
    return { intent: { kind: 'change', orderId: order.orderId, price, ...(size !== undefined ? { size } : {}) }, confirm: null };
  } catch (e) {
    return { error: userMessage(e) };
  }
}

/**
 * `e` on a trigger order: "PRICE", its new trigger price. Sent as a replace (the new trigger armed first,
 * then this one cancelled): the exchange changes resting orders only (a Change of an untriggered trigger
 * fails OrderDoesNotExist). Keeps the role, the price source and the size (clamped to the position).
 */
export function triggerMoveIntent(text: string, order: OrderRowView, position: PositionRowView | undefined, market: MarketRef, lastTrade?: number | null): EditorResult {
  const role = roleOfTrigger(order);
  if (order.triggerPrice === null || role === null) return { error: 'not a trigger order' };
  if (!position || order.linkedPositionId !== position.positionId) {
    return { error: 'this trigger is not linked to an open position yet: cancel it (c) and attach a new one with t' };
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length !== 1) return { error: 'type the new trigger PRICE' };
  let price: number;
  try {
    price = parsePrice(words[0]!, market.priceDecimals);
  } catch (e) {
    return { error: userMessage(e) };
  }
  if (price <= 0) return { error: 'price must be above 0' };
  if (price === order.triggerPrice) return { error: 'nothing changes' };
  const on = conditionSource(order.triggerCondition) ?? 'mark';
  const long = isLongSide(position.side);
  const wrongSide = sideProblem(long, position, market, on, lastTrade, [[role, price]]);
  if (wrongSide) return { error: wrongSide };
  // A stop moved past the liquidation price would never fire (stop-liquidation.ts); a take-profit is on the other side.
  const neverFires = role === 'stop-loss' ? stopLiquidationProblem({ name: 'SL', long, price, liquidation: position.liquidationPrice }, refWords(market)) : null;
  if (neverFires) return { error: neverFires };
  const size = Math.min(order.originalSize - order.filledSize, position.size);
  const short = roleShort(role);
  const px = (raw: number) => priceText(raw, refWords(market));
  return {
    intent: { kind: 'protect', positionId: position.positionId, on, [short === 'TP' ? 'tp' : 'sl']: price, replacing: order.orderId, size },
    confirm: `move ${short} ${px(order.triggerPrice)} -> ${px(price)} (on ${on}) of ${sideWord(position.side)} ${market.symbol} #${position.positionId}? (the new one is armed first, then order ${order.orderId} cancelled)`,
  };
}


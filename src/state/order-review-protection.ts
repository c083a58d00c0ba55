// What an order under review does to the protection of its position: a stop it would arm that the liquidation
// beats (refused beside its field, with both figures: stop-liquidation.ts), and TP/SL already armed on the
// position that would cover only part of it after the fill (said in the review, with the offer to re-arm them
// for the new size with the order: the review's `r`, sent through the protect path once the order is accepted).

import type { Coverage } from '../domain/trading/protection-coverage.js';
import { coverageWords, partialCoverage } from '../domain/trading/protection-coverage.js';
import { isLongSide, protectionOf, type ArmedTrigger } from '../domain/trading/protection.js';
import { marketWords } from '../domain/trading/order-words.js';
import type { OrderPreview } from '../domain/trading/preview.js';
import type { ResizeProtection } from '../domain/trading/command-params.js';
import { stopLiquidationProblem } from '../domain/trading/stop-liquidation.js';
import type { ReviewedOrder } from './order-review.js';
import { marketsOf, type TerminalState } from './store.js';

/** A field of the order form and why it is refused. */
export interface StopFieldProblem {
  field: 'sl' | 'trigger';
  message: string;
}

/**
 * The stop `order` would arm that the position's liquidation beats, or null: a bracket's stop-loss against the
 * liquidation of the position after the order's fill (the review's own figure), a stop order on a position's
 * loss side (a sell stop under a long, a buy stop over a short) against the position's liquidation as it stands
 * while the stop waits. `preview` is previewFor's of `order`.
 */
export function stopBeyondLiquidation(state: TerminalState, order: ReviewedOrder, preview: OrderPreview | null): StopFieldProblem | null {
  const market = marketsOf(state).configOf(order.marketId);
  if (!market) return null;
  const words = marketWords(market, order.marketId);
  const long = order.side === 'long';
  if (order.sl) {
    const kind = preview?.effect.kind;
    // The legs protect the position on the order's side: the one it opens, grows or flips into.
    if (preview && (kind === 'open' || kind === 'increase' || kind === 'flip')) {
      const message = stopLiquidationProblem({ name: 'SL', long, price: order.sl.price, liquidation: preview.liquidationPrice }, words);
      if (message) return { field: 'sl', message };
    }
  }
  if (order.trigger) {
    const position = state.trading.positions.find((p) => p.marketId === order.marketId);
    if (position && isLongSide(position.side) !== long) {
      const message = stopLiquidationProblem({ name: 'stop', long: !long, price: order.trigger.price, liquidation: position.liquidationPrice }, words);
      if (message) return { field: 'trigger', message };
    }
  }
  return null;
}

/** The TP/SL of the position an order grows, against its size after the fill. */
export interface CoverageAfterFill {
  /** "TP/SL cover 0.2 of 0.4 BTC". */
  words: string;
  /** The position's size after the fill, scaled. */
  sizeAfter: number;
  tp: Coverage | null;
  sl: Coverage | null;
  /** The re-arm the order can carry (`r`), or why it cannot. */
  resize: ResizeProtection | { refused: string };
}

/**
 * When `order` grows a position whose TP/SL would then cover only part of it: what they cover, and the resize
 * the order can carry (every partial role re-armed for the size after the fill, a stop-loss only where the
 * liquidation after the fill does not beat it). Null for any other order, and for one that brings its own TP/SL.
 */
export function coverageAfterFill(state: TerminalState, order: ReviewedOrder, preview: OrderPreview | null): CoverageAfterFill | null {
  if (!preview || preview.effect.kind !== 'increase' || order.tp || order.sl || order.reduceOnly) return null;
  const position = state.trading.positions.find((p) => p.marketId === order.marketId);
  const market = marketsOf(state).configOf(order.marketId);
  if (!position || !market) return null;
  const size = Number(preview.effect.sizeAfter);
  const armed = protectionOf(position, state.trading.orders);
  const tp = partialCoverage(armed.takeProfit, size);
  const sl = partialCoverage(armed.stopLoss, size);
  const m = marketWords(market, order.marketId);
  const words = coverageWords(tp, sl, m);
  if (!words) return null;
  // Each partial role re-armed at its price and source for the size after the fill; several of a role are not guessed at.
  const several = (list: readonly ArmedTrigger[], name: 'TP' | 'SL') => (list.length > 1 ? `${list.length} ${name}s armed: re-arm them with t` : null);
  const resized = (list: readonly ArmedTrigger[]) => ({ price: list[0]!.price, on: list[0]!.on, size });
  const tpSpec = tp ? resized(armed.takeProfit) : null;
  const slSpec = sl ? resized(armed.stopLoss) : null;
  const refused =
    (tp ? several(armed.takeProfit, 'TP') : null) ??
    (sl ? several(armed.stopLoss, 'SL') : null) ??
    (slSpec ? stopLiquidationProblem({ name: 'SL', long: isLongSide(position.side), price: slSpec.price, liquidation: preview.liquidationPrice }, m) : null);
  if (refused) return { words, sizeAfter: size, tp, sl, resize: { refused } };
  const replacing = [...(tp ? armed.takeProfit : []), ...(sl ? armed.stopLoss : [])].map((t) => t.orderId);
  return { words, sizeAfter: size, tp, sl, resize: { positionId: position.positionId, ...(tpSpec ? { tp: tpSpec } : {}), ...(slSpec ? { sl: slSpec } : {}), replacing } };
}

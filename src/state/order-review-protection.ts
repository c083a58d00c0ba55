// What an order under review does to the protection of its position: a stop it would arm that the liquidation
// beats (refused beside its field, with both figures: stop-liquidation.ts), stops already armed that the
// liquidation after its fill would beat (said in the review, and smart confirm asks), and TP/SL already armed on
// the position that would cover only part of it after the fill (said in the review, with the offer to re-arm them
// for the new size with the order: the review's `r`, run by the client through the protect path once the order
// went through, at the size the exchange reports then).

import type { Coverage } from '../domain/trading/protection-coverage.js';
import { coverageWords } from '../domain/trading/protection-coverage.js';
import { isLongSide, protectionOf } from '../domain/trading/protection.js';
import { type ProtectionResize, protectionResize } from '../domain/trading/protection-resize.js';
import { marketWords } from '../domain/trading/order-words.js';
import type { OrderPreview } from '../domain/trading/preview.js';
import { stopLiquidationProblem, stopsBeatenAfterFill } from '../domain/trading/stop-liquidation.js';
import type { ReviewedOrder } from './trading-slice.js';
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
  resize: ProtectionResize | { refused: string };
}

/** What an order that grows a position does to the TP/SL already armed on it, after its fill. */
export interface ProtectionAfterFill {
  /**
   * The position's armed stops the liquidation after the fill (the preview's figure) would beat: "after this
   * fill liquidation 65,900 beats your SL 65,800: it would never fire", or null. The review says it and smart
   * confirm asks, whether the stops cover the whole position or part of it.
   */
  stopsBeaten: string | null;
  /**
   * The TP/SL that would then cover only part of it, and the resize the order can carry (every partial role
   * re-armed for the size after the fill, a stop-loss only where the liquidation after the fill does not beat
   * it). Null when they cover it whole, and for an order that brings its own TP/SL. Sent, the order carries only
   * the intent: the client re-reads all of it once the order went through.
   */
  coverage: CoverageAfterFill | null;
}

const UNCHANGED: ProtectionAfterFill = { stopsBeaten: null, coverage: null };

/** What `order` does to its position's TP/SL after its fill (`preview`: previewFor's of it); nothing for an order that grows no position. */
export function protectionAfterFill(state: TerminalState, order: ReviewedOrder, preview: OrderPreview | null): ProtectionAfterFill {
  if (!preview || preview.effect.kind !== 'increase' || order.reduceOnly) return UNCHANGED;
  const position = state.trading.positions.find((p) => p.marketId === order.marketId);
  const market = marketsOf(state).configOf(order.marketId);
  if (!position || !market) return UNCHANGED;
  const armed = protectionOf(position, state.trading.orders);
  const m = marketWords(market, order.marketId);
  const long = isLongSide(position.side);
  const stopsBeaten = stopsBeatenAfterFill(long, armed.stopLoss, preview.liquidationPrice, m);
  if (order.tp || order.sl) return { stopsBeaten, coverage: null };
  const size = Number(preview.effect.sizeAfter);
  const need = protectionResize(armed, size);
  const words = need && coverageWords(need.tp, need.sl, m);
  if (!need || !words) return { stopsBeaten, coverage: null };
  const { tp, sl, plan } = need;
  const refused =
    'refused' in plan ? plan.refused : plan.sl ? stopLiquidationProblem({ name: 'SL', long, price: plan.sl.price, liquidation: preview.liquidationPrice }, m) : null;
  return { stopsBeaten, coverage: { words, sizeAfter: size, tp, sl, resize: refused ? { refused } : plan } };
}

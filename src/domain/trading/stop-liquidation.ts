// A stop on a position's loss side that the position's liquidation beats can never fire: the exchange
// liquidates the position before the price reaches the stop. THE rule every path that arms one asks (the
// review of a bracket, `t`, moving a trigger with `e`, a stop order that reduces, the client's protect and
// replace), so a stop is refused at placement with both figures, a stop that becomes so later (the position
// grew, collateral or leverage changed) is flagged on its position row, and the review of an order that would
// grow a position past its stops says so before it is sent.
//
// The liquidation price (risk.ts liquidationPrice) is the last mark at which the position still stands: one
// tick further against it the exchange liquidates. A long's stop fires at or below its price, so a stop
// under the liquidation price never fires first; a stop at it still does. Mirrored for a short.

import type { Market, Position } from '../../protocol/frames.js';
import { marketWords, priceText, type MarketWords } from './order-words.js';
import { isLongSide, type ArmedTrigger } from './protection.js';
import { positionLiquidation } from './risk.js';

/** True when a stop at `stop` protecting a long (`long`) or a short fires only past `liquidation`; never with no liquidation price. */
export function liquidationBeatsStop(long: boolean, stop: number | bigint, liquidation: number | bigint | null): boolean {
  if (liquidation === null) return false;
  const s = BigInt(stop);
  const liq = BigInt(liquidation);
  return long ? s < liq : s > liq;
}

export interface StopAgainstLiquidation {
  /** How the stop is named: `SL` (a stop-loss of a position or a bracket), `stop` (a stop order that reduces). */
  name: 'SL' | 'stop';
  /** The position the stop protects is a long. */
  long: boolean;
  /** The stop's trigger price, ticks. */
  price: number;
  /** The liquidation price of the position as it stands while the stop waits (after the order's fill, for a bracket), ticks; null: none. */
  liquidation: number | bigint | null;
}

/** "SL 64,000 is beyond liquidation 65,268.7: it would never fire", or null when the stop can fire first. */
export function stopLiquidationProblem(stop: StopAgainstLiquidation, words: MarketWords): string | null {
  if (stop.liquidation === null || !liquidationBeatsStop(stop.long, stop.price, stop.liquidation)) return null;
  return `${stop.name} ${priceText(stop.price, words)} is beyond liquidation ${priceText(stop.liquidation, words)}: it would never fire`;
}

/** The rule for a stop on a position as the exchange holds it (the client's protect and replace, a stop order that reduces it). */
export function heldStopProblem(name: StopAgainstLiquidation['name'], pos: Position, market: Market | undefined, price: number): string | null {
  if (!market) return null;
  return stopLiquidationProblem({ name, long: isLongSide(pos.sd), price, liquidation: positionLiquidation(pos, market) }, marketWords(market, pos.mkt));
}

/**
 * "after this fill liquidation 65,900 beats your SL 65,800: it would never fire": the stops armed on a position
 * (`stops`: protection.ts protectionOf's stop-losses, TP/SL and reduce-only stops alike) that its liquidation
 * after an order's fill (`liquidation`) would beat, whatever size they cover; null when it beats none.
 */
export function stopsBeatenAfterFill(long: boolean, stops: readonly Pick<ArmedTrigger, 'price'>[], liquidation: number | bigint | null, words: MarketWords): string | null {
  const beaten = stops.filter((t) => liquidationBeatsStop(long, t.price, liquidation));
  if (liquidation === null || beaten.length === 0) return null;
  const prices = beaten.map((t) => priceText(t.price, words)).join(', ');
  const which = beaten.length === 1 ? `SL ${prices}: it` : `SLs ${prices}: they`;
  return `after this fill liquidation ${priceText(liquidation, words)} beats your ${which} would never fire`;
}

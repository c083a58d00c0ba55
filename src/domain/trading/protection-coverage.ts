// How much of a position its TP/SL cover, and what they do not do. A trigger closes its own size when it fires
// (clamped to the position), so TP/SL armed for 1 ETH on a long that grew to 21 ETH protect 1 of it; a stop
// the liquidation has come to beat (the position grew, collateral or leverage changed) never fires. The row,
// its footer and the review of an order that grows a protected position say so, in the words of order-words.ts.

import { sizeFigure, sizeText, type MarketWords } from './order-words.js';
import { isLongSide, type ArmedTrigger, type PositionProtection } from './protection.js';
import { liquidationBeatsStop, stopLiquidationProblem } from './stop-liquidation.js';

/** Scaled size units: what the triggers of one role close together, and the position's size. */
export interface Coverage {
  covered: number;
  size: number;
}

/** What `armed` (the triggers of one role) cover of a position of `size`; null when none is armed or they cover all of it. */
export function partialCoverage(armed: readonly Pick<ArmedTrigger, 'size'>[], size: number): Coverage | null {
  if (armed.length === 0 || size <= 0) return null;
  const covered = armed.reduce((sum, t) => sum + Math.max(0, t.size), 0);
  return covered >= size ? null : { covered, size };
}

/** "1/21": the covered size over the position's size, for a row's cell. */
export function coverageFraction(c: Coverage, m: Pick<MarketWords, 'sizeDecimals'>): string {
  return `${sizeFigure(c.covered, m)}/${sizeFigure(c.size, m)}`;
}

/**
 * "TP/SL cover 1 of 21 ETH", "SL covers 1 of 21 ETH", "TP covers 1, SL 2 of 21 ETH"; null when neither role
 * is partial. The position's size is the same for both roles.
 */
export function coverageWords(tp: Coverage | null, sl: Coverage | null, m: MarketWords): string | null {
  const some = tp ?? sl;
  if (!some) return null;
  const n = (c: Coverage) => sizeFigure(c.covered, m);
  const of = `of ${sizeText(some.size, m)}`;
  if (tp && sl) return tp.covered === sl.covered ? `TP/SL cover ${n(tp)} ${of}` : `TP covers ${n(tp)}, SL ${n(sl)} ${of}`;
  return `${tp ? 'TP' : 'SL'} covers ${n(some)} ${of}`;
}

/** How a sentence refers to the partial TP/SL: both roles "them", one "it". */
export function coveragePronoun(tp: Coverage | null, sl: Coverage | null): 'it' | 'them' {
  return tp && sl ? 'them' : 'it';
}

/** What a position's TP/SL do not do: a stop its liquidation beats (the first, by how soon it fires), TP/SL that cover part of it. */
export interface ProtectionGaps {
  beyondLiquidation: ArmedTrigger | null;
  tp: Coverage | null;
  sl: Coverage | null;
}

/** The gaps of `armed` (protection.ts protectionOf) on a position of `size` whose liquidation price is `liquidation`. */
export function protectionGaps(position: { side: number; size: number; liquidationPrice: number | null }, armed: PositionProtection): ProtectionGaps {
  const long = isLongSide(position.side);
  return {
    beyondLiquidation: armed.stopLoss.find((t) => liquidationBeatsStop(long, t.price, position.liquidationPrice)) ?? null,
    tp: partialCoverage(armed.takeProfit, position.size),
    sl: partialCoverage(armed.stopLoss, position.size),
  };
}

/** "SL 64,000 is beyond liquidation 65,268.7: it would never fire; TP/SL cover 1 of 21 ETH"; null without a gap. */
export function protectionGapWords(gaps: ProtectionGaps, position: { side: number; liquidationPrice: number | null }, m: MarketWords): string | null {
  const stop = gaps.beyondLiquidation;
  const beyond = stop && stopLiquidationProblem({ name: 'SL', long: isLongSide(position.side), price: stop.price, liquidation: position.liquidationPrice }, m);
  const parts = [beyond, coverageWords(gaps.tp, gaps.sl, m)].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

// The one-line risk preview of order entry (UX.md "Safety"): estimated average fill from a book walk,
// slippage against mark, fee, margin used and the liquidation price after the fill merges into the
// position. Money figures are exact bigint atoms; prices for display are numbers.

import type { Market } from '../../protocol/frames.js';
import { feeAtoms, feeMicros } from './fees.js';
import { type BookLevel, estimateFill, slippageBps } from './fill-estimate.js';
import { type PositionMath, liquidationAfter, marginForOrder } from './risk.js';

export interface PreviewInput {
  market: Market;
  /** 1 Long (buy), 2 Short (sell). */
  side: number;
  /** Scaled size. */
  size: bigint;
  /** Scaled limit price; undefined or 0 = market. */
  limitPrice?: bigint;
  leverageHundredths: number;
  /** The side of the book a buy takes from (asks) or a sell hits (bids), best first. */
  opposite: readonly BookLevel[];
  mark: number | null;
  feeTier: number;
  position: PositionMath | null;
}

export interface OrderPreview {
  /** Ticks (display). Null when the book cannot say. */
  estimatedAveragePrice: number | null;
  slippageBps: number | null;
  /** Whether the visible book covers the size (market orders). */
  bookCovers: boolean;
  feeAtoms: bigint;
  marginAtoms: bigint;
  liquidationPrice: bigint | null;
  /** Percent from mark to the liquidation price after the fill (display). */
  liquidationDistancePct: number | null;
}

export function previewOrder(input: PreviewInput): OrderPreview {
  const scales = { priceDecimals: input.market.config.price_decimals, sizeDecimals: input.market.config.size_decimals };
  const buying = input.side === 1;
  const isLimit = input.limitPrice !== undefined && input.limitPrice > 0n;
  const walk = estimateFill(input.opposite, input.size);
  // A limit that does not cross rests at its price (maker); one that crosses fills like a market order.
  const best = input.opposite[0]?.price;
  const crosses = !isLimit || (best !== undefined && (buying ? input.limitPrice! >= BigInt(best) : input.limitPrice! <= BigInt(best)));
  const fillPrice: number | null = crosses ? walk.averagePrice : Number(input.limitPrice);
  const pricedAt = fillPrice !== null ? BigInt(Math.round(fillPrice)) : (input.limitPrice ?? null);
  const micros = feeMicros(input.market.config, crosses ? 'taker' : 'maker', input.feeTier);
  const fee = pricedAt !== null ? feeAtoms(pricedAt, input.size, micros, scales) : 0n;
  const margin = pricedAt !== null ? marginForOrder(pricedAt, input.size, input.leverageHundredths, scales) : 0n;
  const liq =
    pricedAt !== null
      ? liquidationAfter(input.position, { side: input.side, price: pricedAt, size: input.size, leverageHundredths: input.leverageHundredths }, input.market.config.maintenance_margin, scales)
      : null;
  const mark = input.mark;
  return {
    estimatedAveragePrice: fillPrice,
    slippageBps: fillPrice !== null && mark !== null ? slippageBps(fillPrice, mark, buying) : null,
    bookCovers: !crosses || walk.complete,
    feeAtoms: fee,
    marginAtoms: margin,
    liquidationPrice: liq,
    liquidationDistancePct: liq !== null && mark !== null && mark > 0 ? (Math.abs(mark - Number(liq)) / mark) * 100 : null,
  };
}

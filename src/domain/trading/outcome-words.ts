// How an order ended, in words. Most ends are statusWords ("filled, taker", "resting"); an order the
// exchange ended with only part of it filled is called partial: "partially filled 1.92355 of 5, 3.07645
// cancelled at the 5 bps cap". The facts are the exchange's: the order row's status (the local exchange, like
// the contract, ends an IOC or market order with st 4 Filled, or 5 Canceled when nothing filled, sr 16
// ImmediateOrCancelExecuted), its original size `os` and filled size `fs`; what stopped it is what the order
// was sent with: a market order's slippage cap (`ms`, or the market's default when it named none), an IOC's
// limit. Pure.

import { OrderFlag, OrderStatus } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { type MarketWords, marketWords, priceText, sizeFigure, statusWords } from './order-words.js';

/** What an order row says of its end. */
export interface OrderEnd {
  st: number;
  sr?: number | undefined;
  /** Original and filled size (scaled); absent where the row is not known. */
  os?: number | undefined;
  fs?: number | undefined;
  fl?: number | undefined;
}

/** What stopped an IOC's remainder: a market order's slippage cap (bps, when known) or its limit price. */
export type CutBound = { kind: 'cap'; bps: number | null } | { kind: 'limit'; price: number };

/** The words' context: the market's units and what bounds the order (null: it can rest, nothing cut it). */
export interface OutcomeContext {
  m: MarketWords;
  bound: CutBound | null;
}

/**
 * What bounds an order that cannot rest (IOC, market): its limit, else its cap `ms` (0 or absent: the
 * market's `defaultCapBps`, as the exchange applies it). Null for an order that rests (GTC, post-only) or
 * fills whole or not at all (FOK).
 */
export function cutBoundOf(order: { p?: number | undefined; fl?: number | undefined; ms?: number | undefined }, defaultCapBps: number | null): CutBound | null {
  if (order.fl !== OrderFlag.ImmediateOrCancel) return null;
  if (order.p !== undefined && order.p > 0) return { kind: 'limit', price: order.p };
  return { kind: 'cap', bps: order.ms !== undefined && order.ms > 0 ? order.ms : defaultCapBps };
}

/** The words' context of an order sent as `draft` in `market` (its default cap where the draft names none). */
export function outcomeContextOf(draft: { mkt: number; p?: number | undefined; fl: number; ms?: number | undefined }, market: Market | undefined): OutcomeContext {
  return { m: marketWords(market, draft.mkt), bound: cutBoundOf(draft, market?.order_max_market_slippage_bps ?? null) };
}

/** Part filled and the rest ended: Filled or Canceled with 0 < fs < os, or an IOC still reported partly filled. */
export function isPartialEnd(o: OrderEnd): boolean {
  if (o.os === undefined || o.fs === undefined || !(o.fs > 0 && o.fs < o.os)) return false;
  if (o.st === OrderStatus.Filled || o.st === OrderStatus.Canceled) return true;
  return o.st === OrderStatus.PartiallyFilled && o.fl === OrderFlag.ImmediateOrCancel;
}

function boundWords(bound: CutBound | null, m: MarketWords): string {
  if (bound === null) return '';
  if (bound.kind === 'limit') return ` at its limit ${priceText(bound.price, m)}`;
  return bound.bps === null ? ' at its slippage cap' : ` at the ${bound.bps} bps cap`;
}

/** "partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap". */
export function partialWords(filled: number, original: number, ctx: OutcomeContext): string {
  const { m } = ctx;
  return `partially filled ${sizeFigure(filled, m)} of ${sizeFigure(original, m)}, ${sizeFigure(original - filled, m)} cancelled${boundWords(ctx.bound, m)}`;
}

/** The end of an order as a person says it: partial when it was (see the header), else statusWords. */
export function outcomeWords(o: OrderEnd, ctx: OutcomeContext): string {
  // An order bounded by a cap or an IOC limit cannot rest, whatever flags the row was read without.
  const end = o.fl === undefined && ctx.bound !== null ? { ...o, fl: OrderFlag.ImmediateOrCancel } : o;
  return isPartialEnd(end) ? partialWords(end.fs!, end.os!, ctx) : statusWords(o.st, o.sr);
}

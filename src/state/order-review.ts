// The order as reviewed: one place computes the preview and the smart-confirm reasons of an order as it
// would stand on the exchange, whether it is new (order entry, a typed `:buy`) or a resting order after a
// change (the Open orders tab's `e`, `:amend`). Placing and amending read the same book, mark, position,
// equity and thresholds through the same code, so their guards cannot drift apart. The mark is the order's
// own market's live mark (domain/marks.ts), whichever market is on screen; the book is known only for the
// market on screen: elsewhere the preview says the fill is unknown and a change asks.

import type { OrderPreview, Remainder } from '../domain/trading/preview.js';
import { previewOrder } from '../domain/trading/preview.js';
import { positionMathOf, type PositionMath } from '../domain/trading/risk.js';
import { livePrice } from '../domain/marks.js';
import type { BookView } from '../domain/views.js';
import type { Market } from '../protocol/frames.js';
import { formatAtoms } from '../protocol/scaling.js';
import { protectionAfterFill } from './order-review-protection.js';
import { confirmReasons, thresholdsFrom } from './smart-confirm.js';
import { marketsOf, type TerminalState } from './store.js';
import type { PlaceKind } from '../domain/trading/commands.js';
import type { ReviewedOrder } from './trading-slice.js';

export type { ReviewedOrder } from './trading-slice.js';

export interface OrderReview {
  /** Null when the market's config is not loaded (nothing to price the order with). */
  preview: OrderPreview | null;
  /** Why to stop and ask (default Cancel); empty for a routine order. */
  reasons: string[];
}

function marketOf(state: TerminalState, marketId: number): Market | undefined {
  return marketsOf(state).configOf(marketId);
}

/** The position in `marketId` as the risk math takes it: built as the row's own figures are (positionMathOf, entry residue included). */
export function positionMath(state: TerminalState, marketId: number): PositionMath | null {
  const p = state.trading.positions.find((r) => r.marketId === marketId);
  return p ? positionMathOf({ sd: p.side, ep: p.entryPrice, ...(p.entryResidue !== undefined ? { epr: p.entryResidue } : {}), s: p.size, c: p.collateral }) : null;
}

const REMAINDER: Record<PlaceKind, Remainder> = { limit: 'rest', 'post-only': 'rest', ioc: 'cancel', market: 'cancel', fok: 'all-or-none' };

/**
 * The mark a review of `marketId` is judged by, live or null: the market's reading among the store's prices
 * of the markets held or ordered in (domain/marks.ts decides whether it is live), else the header's mark of
 * the market on screen (an order entered there, in a market with nothing held or open yet).
 */
export function reviewMark(state: TerminalState, marketId: number): number | null {
  const reading = state.trading.marketPrices[marketId]?.mark;
  if (reading) return livePrice(reading);
  return state.header?.marketId === marketId ? state.header.mark : null;
}

/** The book of `marketId` when it is the one on screen and loaded; null when not known. */
function bookOf(state: TerminalState, marketId: number): BookView | null {
  return state.book?.marketId === marketId ? state.book : null;
}

/** The risk preview of `order` against its market's book (when on screen) and live mark, or null without the market's config. */
export function previewFor(state: TerminalState, order: ReviewedOrder): OrderPreview | null {
  const market = marketOf(state, order.marketId);
  if (!market) return null;
  // A stop meets the book only when it fires, later: priced at its limit (or its trigger), the book unknown.
  const book = order.trigger ? null : bookOf(state, order.marketId);
  const opposite = (order.side === 'long' ? book?.asks : book?.bids) ?? [];
  const limit = order.price ?? order.trigger?.price;
  // A market order (an IOC or FOK without a price too) is bounded by its cap from the mark, as the exchange bounds it.
  const isMarket = limit === undefined && (order.kind === 'market' || order.kind === 'ioc' || order.kind === 'fok');
  return previewOrder({
    market,
    side: order.side === 'long' ? 1 : 2,
    size: BigInt(order.size),
    ...(limit !== undefined ? { limitPrice: BigInt(limit) } : {}),
    remainder: REMAINDER[order.kind],
    reduceOnly: order.reduceOnly ?? false,
    leverageHundredths: order.leverage,
    opposite: opposite.map((l) => ({ price: l.price, size: l.size })),
    bookKnown: book !== null,
    mark: reviewMark(state, order.marketId),
    feeTier: state.trading.account?.feeTier ?? 0,
    position: positionMath(state, order.marketId),
    ...(isMarket ? { slippageCapBps: order.slippageBps ?? market.order_max_market_slippage_bps } : {}),
  });
}

/**
 * Preview and smart-confirm reasons of `order`. For a change (`change`: the size the order has open now),
 * the duplicate check does not apply (it is not a second order), and crossing the book and a size grown past
 * the threshold do: a resting limit moved across it fills at once as a taker. `opts.preview`: previewFor's
 * of `order` when the caller has it already.
 */
export function reviewOrder(state: TerminalState, order: ReviewedOrder, opts: { nowMs: number; change?: { sizeBefore: number }; preview?: OrderPreview | null }): OrderReview {
  const preview = opts.preview !== undefined ? opts.preview : previewFor(state, order);
  const position = state.trading.positions.find((p) => p.marketId === order.marketId);
  const equity = state.trading.account?.equity;
  const market = marketOf(state, order.marketId);
  const mark = reviewMark(state, order.marketId);
  const change = opts.change !== undefined;
  const reasons = confirmReasons(
    {
      intent: order,
      mark,
      stopsBeaten: protectionAfterFill(state, order, preview).stopsBeaten,
      marketName: market ? market.symbol || market.name : `market ${order.marketId}`,
      markUnknown: mark === null,
      // A change in a market whose book is not on screen may cross it unseen: ask rather than call it routine.
      changeBookUnknown: change && bookOf(state, order.marketId) === null,
      marginAtoms: preview?.marginAtoms ?? null,
      equityAtoms: equity ? BigInt(equity) : null,
      position: position && !order.reduceOnly ? { side: position.side === 2 ? 'short' : 'long', size: position.size } : null,
      recent: change ? [] : state.tradingUi.recent,
      nowMs: opts.nowMs,
      // A post-only does not take: moved across the book, its change is refused instead.
      changeCrossesBook: change && preview !== null && preview.crosses && order.kind !== 'post-only',
      changeRefusedPostOnly: change && preview !== null && preview.crosses && order.kind === 'post-only',
      ...(opts.change && market ? { changeFrom: { size: opts.change.sizeBefore, sizeDecimals: market.config.size_decimals } } : {}),
    },
    thresholdsFrom(state.workspace.confirmPrefs),
  );
  return { preview, reasons };
}

/**
 * Why the exchange is certain to refuse `order`, or null: an order that adds to a position needs its margin
 * and taker fee from the available balance (the exchange fails it with AmountExceedsAvailableBalance
 * otherwise), and the margin and fee alone of what it opens already exceed what is available. Such an order
 * is blocked before review instead of offered as "send anyway?". `preview` is previewFor's of `order`.
 */
export function certainRefusal(state: TerminalState, order: ReviewedOrder, preview: OrderPreview | null): string | null {
  const available = state.trading.account?.available;
  if (order.reduceOnly || available === undefined) return null;
  if (!preview || preview.marginAtoms === 0n) return null;
  const needs = preview.marginAtoms + (preview.feeAtoms > 0n ? preview.feeAtoms : 0n);
  if (needs <= BigInt(available)) return null;
  return `the margin and fee (${formatAtoms(needs)}) are more than the available ${formatAtoms(available)}: the exchange would refuse it`;
}

// Executing one open or close order against the book: the contract-side checks (balance, post-only,
// fill-or-kill, reduce-only size), matching, then the order's final or resting status.

import { OrderFailureReason, OrderFlag, OrderStatus, OrderStatusReason } from '../../protocol/enums.js';
import { publishOrder } from './accounts.js';
import { remaining } from './book.js';
import type { EngineCore } from './core.js';
import { priceInRange, sizeInRange } from './limits.js';
import { closableSize, match } from './matching.js';
import { feeFor, marginFor, maxBig, notional, priceWithBps, tierFeeMicros } from './money.js';
import type { OrderRecord } from './records.js';
import { rest } from './resting.js';

/** Per-fill rounding (margin and fee round up per fill) may exceed the up-front estimate by a few atoms. */
export const ROUNDING_SLACK = 16n;

/** The price an opening order's margin is checked at: a buy's bound; a sell fills at or above its bound (up to the best bid), so the dearest of the two. */
export function admissionPrice(side: 'buy' | 'sell', bound: number, bestBid: number | null): number {
  return side === 'buy' ? bound : Math.max(bound, bestBid ?? 0);
}

/** What an opening order of notional `value` needs of the available balance: margin and taker fee, each rounded up, and the slack. */
export function openRequirement(value: bigint, lv: number, takerFeeMicros: number): bigint {
  return marginFor(value, lv) + maxBig(feeFor(value, takerFeeMicros), 0n) + ROUNDING_SLACK;
}

/** Fails an order that reached the contract: st 7 with the reason, removed from views. */
export function failOrder(core: EngineCore, order: OrderRecord, sr: number, fr?: number): void {
  order.st = OrderStatus.Failed;
  order.sr = sr;
  if (fr !== undefined) order.fr = fr;
  publishOrder(core, order);
  core.noteOutcome(order, 'failed');
}

/** Market orders are IOC bounded by `ms` bps (default: the market's cap) from the mark price. */
export function priceBound(core: EngineCore, order: OrderRecord): number {
  if (order.price > 0) return order.price;
  const market = core.market(order.mkt);
  const bps = order.ms !== undefined && order.ms > 0 ? order.ms : market.spec.maxMarketSlippageBps;
  return priceWithBps(market.mark, order.side === 'buy' ? bps : -bps);
}

/** Size already promised by the account's other resting close orders on this market. */
function committedCloseSize(core: EngineCore, order: OrderRecord): number {
  let total = 0;
  for (const o of core.account(order.acc).openOrders.values()) {
    if (o !== order && o.mkt === order.mkt && o.reduceOnly && o.tp === 0 && o.side === order.side) total += remaining(o);
  }
  return total;
}

/** Default `mnp` (bps of notional) of a market that names none (mainnet's 300); the context advertises it. */
export const DEFAULT_MAX_NEG_PNL_BPS = 300;

/** The market's `order_max_neg_pnl_collat_bps`: the `mnp` of a request that omits it. */
export function marketMaxNegPnlBps(spec: { maxNegPnlCollatBps?: number }): number {
  return spec.maxNegPnlCollatBps ?? DEFAULT_MAX_NEG_PNL_BPS;
}

/**
 * An open may collateralise at most `mnp` bps of its notional as loss against the mark, so it
 * stops matching where a fill would start deeper in the red than that.
 */
function negativePnlBound(core: EngineCore, order: OrderRecord, bound: number): number {
  const mnp = order.mnp ?? marketMaxNegPnlBps(core.market(order.mkt).spec);
  const mark = core.market(order.mkt).mark;
  return order.side === 'buy' ? Math.min(bound, priceWithBps(mark, mnp)) : Math.max(bound, priceWithBps(mark, -mnp));
}

/**
 * Minimum order value (getMinimumPostCNS / getMinimumSettleCNS): resting orders below the posting
 * minimum fail sr 39, immediate orders below the settle minimum sr 17; a full close is exempt.
 */
function belowMinimumValue(core: EngineCore, order: OrderRecord, bound: number, ioc: boolean): number | undefined {
  const spec = core.market(order.mkt).spec;
  const minPost = BigInt(spec.minPostingAmount ?? '0');
  const minSettle = BigInt(spec.minSettleAmount ?? '0');
  if (minPost === 0n && minSettle === 0n) return undefined;
  if (order.reduceOnly && order.size >= closableSize(core, order)) return undefined;
  const value = notional(bound, order.size, core.market(order.mkt).scale);
  if (!ioc && value < minPost) return OrderStatusReason.PostOrderUnderMinimum;
  if (ioc && value < minSettle) return OrderStatusReason.ImmediateOrderUnderMinimum;
  return undefined;
}

/**
 * Runs an open (t 1/2) or close (t 3/4) order; `forceIoc` runs it as IOC whatever its flags.
 * Close orders: market/IOC closes are clamped to the position; a resting limit close larger than what is
 * left after the account's other resting closes fails with sr 38 (OrderSizeExceedsAvailableSize).
 */
export function executeTrade(core: EngineCore, order: OrderRecord, forceIoc = false): void {
  const account = core.account(order.acc);
  const market = core.market(order.mkt);
  const book = core.book(order.mkt);
  if (!sizeInRange(order.size)) return failOrder(core, order, OrderStatusReason.SizeOutOfRange);
  if (!priceInRange(order.price)) return failOrder(core, order, OrderStatusReason.PriceOutOfRange);
  const isMarket = order.price === 0;
  const ioc = isMarket || forceIoc || order.fl === OrderFlag.ImmediateOrCancel;
  const bound = priceBound(core, order);

  if (order.reduceOnly) {
    const closable = closableSize(core, order);
    if (closable === 0) {
      return failOrder(core, order, OrderStatusReason.TakerOrderSettlementFailed, OrderFailureReason.NoPositionToClose);
    }
    if (ioc || order.fl === OrderFlag.FillOrKill) order.size = Math.min(order.size, closable);
    else if (order.size > closable - committedCloseSize(core, order)) {
      return failOrder(core, order, OrderStatusReason.OrderSizeExceedsAvailableSize);
    }
  }
  if (!order.reduceOnly && !market.spec.isOpen) return failOrder(core, order, OrderStatusReason.ContractNotOperational);
  const underMinimum = belowMinimumValue(core, order, bound, ioc);
  if (underMinimum !== undefined) return failOrder(core, order, underMinimum);
  if (order.fl === OrderFlag.PostOnly && book.crosses(order.side, bound)) {
    return failOrder(core, order, OrderStatusReason.CrossesBook);
  }
  if (!order.reduceOnly) {
    const value = notional(admissionPrice(order.side, bound, book.bestBid() ?? null), order.size, market.scale);
    const required = openRequirement(value, order.lv, tierFeeMicros(market.spec, account.ft, 'taker'));
    // The collateralised loss against the mark (cpnl) is taken only from what is left after this.
    if (required > account.balance - account.locked) {
      return failOrder(core, order, OrderStatusReason.AmountExceedsAvailableBalance);
    }
  }
  const limit = order.reduceOnly ? bound : negativePnlBound(core, order, bound);
  if (limit !== bound && book.crosses(order.side, bound) && !book.crosses(order.side, limit)) {
    // Every available fill would start further below the mark than `mnp` allows to collateralise.
    return failOrder(core, order, OrderStatusReason.TakerOrderSettlementFailed, OrderFailureReason.ExceedsMaxNegPnlCollat);
  }
  if (order.fl === OrderFlag.FillOrKill && book.fillableSize(order.side, limit, order.size, order.acc) < order.size) {
    return failOrder(core, order, OrderStatusReason.UnmatchedLotRemainsInFillOrKill);
  }

  match(core, order, limit);
  if (remaining(order) === 0) {
    order.st = OrderStatus.Filled;
    order.sr = OrderStatusReason.TakerOrderFilled;
  } else if (ioc || book.crosses(order.side, order.price)) {
    // (A remainder stopped by the mnp bound would rest crossed: it is cancelled like an IOC's.)
    order.st = order.filled > 0 ? OrderStatus.Filled : OrderStatus.Canceled;
    order.sr = OrderStatusReason.ImmediateOrCancelExecuted;
  } else {
    rest(core, order);
    if (order.tif > 0) core.expiring.add(order);
    order.st = order.filled > 0 ? OrderStatus.PartiallyFilled : OrderStatus.Open;
    order.sr = OrderStatusReason.OrderPlaced;
  }
  publishOrder(core, order);
  core.noteOutcome(order, order.filled > 0 ? 'filled' : order.st === OrderStatus.Open ? 'open' : 'failed');
}

// View rows of the history tabs (order history, position history, account events), built from the
// REST history records. Money stays atoms strings; prices and sizes scaled integers.

import { OrderStatus, OrderStatusReason, OrderType } from '../../protocol/enums.js';
import type { AccountEvent, Order } from '../../protocol/frames.js';
import type { TradeEffect } from './fill-effect.js';
import type { MarketWords } from './order-words.js';
import { cutBoundOf, isPartialEnd, outcomeWords } from './outcome-words.js';

export interface OrderHistoryRowView {
  key: string;
  timeMs: number | null;
  marketId: number;
  orderId: number;
  requestId: number;
  type: number;
  status: number;
  /** OrderStatusReason sr, null when absent. */
  reason: number | null;
  price: number;
  originalSize: number;
  filledSize: number;
  /** Order flags `fl` (an IOC cannot rest: a part it did not fill was cancelled). */
  flags?: number;
  /** The slippage cap (bps) this client sent the order with, when it was this client's (the row does not say it). */
  capBps?: number;
  /** Fee atoms (negative = rebate), null when absent. */
  fee: string | null;
  /** What this update's fill did to the position, when this session saw its position events. */
  effect?: TradeEffect | null;
}

/** One row per position: the endpoint's per-event rows folded (client/history/fold-positions.ts). */
export interface PositionHistoryRowView {
  positionId: number;
  marketId: number;
  /** 1 Long, 2 Short (of the latest row). */
  side: number;
  /** Latest PositionStatus (1 Open, 2 Closed, 3 Liquidated, ...). */
  status: number;
  openedAtMs: number | null;
  lastEventAtMs: number | null;
  /** Largest size the position reached (scaled; the running sum of its events' traded sizes). */
  maxSize: number;
  /** Entry price of the latest row with one (scaled). */
  entryPrice: number | null;
  /** Exit price when closed (scaled). */
  exitPrice: number | null;
  /** Realized PnL (sum of the events' dpnl), funding (sum of their fnd) and the fees the ledger charged, atoms. */
  realizedPnl: string;
  funding: string;
  fees: string;
  events: number;
}

export interface AccountEventRowView {
  key: string;
  timeMs: number | null;
  /** AccountEventType et. */
  type: number;
  marketId: number | null;
  amount: string;
  balance: string;
  fee: string;
}

export function orderHistoryRow(o: Order): OrderHistoryRowView {
  return {
    key: `${o.oid}:${o.rq}:${o.at.b ?? ''}:${o.at.tx ?? ''}:${o.at.l ?? ''}`,
    timeMs: o.at.t ?? null,
    marketId: o.mkt,
    orderId: o.oid,
    requestId: o.rq,
    type: o.t,
    status: o.st,
    reason: o.sr ?? null,
    price: o.p ?? 0,
    originalSize: o.os,
    filledSize: o.fs,
    flags: o.fl,
    fee: o.f ?? null,
  };
}

/** A collateral top-up (t 6) as live reports it when done: st 7 sr 32 blocks after the credit (wire.md 15.3). */
export function isTopUpReport(r: Pick<OrderHistoryRowView, 'type' | 'status' | 'reason'>): boolean {
  return r.type === OrderType.IncreasePositionCollateral && r.status === OrderStatus.Failed && r.reason === OrderStatusReason.OrderDescIdTooLow;
}

/**
 * The status of an order-history row in words where the wire's names would mislead, else null (the wire's
 * names are shown): a partial fill ("partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap"),
 * a top-up's report ("top-up done": its credit is the account event et 3; the st 7 sr 32 is its report).
 */
export function orderHistoryWords(r: OrderHistoryRowView, m: MarketWords): string | null {
  if (isTopUpReport(r)) return 'top-up done';
  const end = { st: r.status, sr: r.reason ?? undefined, os: r.originalSize, fs: r.filledSize, fl: r.flags };
  if (!isPartialEnd(end)) return null;
  return outcomeWords(end, { m, bound: cutBoundOf({ p: r.price, fl: r.flags, ms: r.capBps }, null) });
}

export function accountEventRow(e: AccountEvent): AccountEventRowView {
  return {
    key: `${e.id}:${e.at.b ?? ''}:${e.at.tx ?? ''}:${e.at.l ?? ''}`,
    timeMs: e.at.t ?? null,
    type: e.et,
    marketId: e.m ?? null,
    amount: e.a,
    balance: e.b,
    fee: e.f,
  };
}

/** What the History tab shows; each is paged from REST on demand. */
export const HISTORY_VIEWS = ['orders', 'positions', 'events'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];
/** A REST history list: the Fills tab's or one of the History tab's views. */
export type HistoryFeedKind = 'fills' | HistoryView;

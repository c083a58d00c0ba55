// View rows of the history tabs (order history, position history, account events), built from the
// REST history records. Money stays atoms strings; prices and sizes scaled integers.

import type { AccountEvent, Order } from '../../protocol/frames.js';

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
  /** Fee atoms (negative = rebate), null when absent. */
  fee: string | null;
}

/** One row per position (the endpoint's per-event rows folded; same shape as client/history FoldedPosition). */
export interface PositionHistoryRowView {
  positionId: number;
  marketId: number;
  side: number;
  status: number;
  openedAtMs: number | null;
  lastEventAtMs: number | null;
  maxSize: number;
  entryPrice: number | null;
  exitPrice: number | null;
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
    fee: o.f ?? null,
  };
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

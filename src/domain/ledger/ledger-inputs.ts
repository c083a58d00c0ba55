// What the ledger folds, in its own words: fills, funding payments and the exchange's realized PnL per
// fill, read once from the wire shapes (wire.md 8.4, 8.7, 8.8). Amounts are bigint atoms; prices and
// sizes stay the exchange's scaled integers.

import { AccountEventType, OrderType, PositionStatus, PositionStatusReason } from '../../protocol/enums.js';
import type { AccountEvent, Fill, Order, Position } from '../../protocol/frames.js';
import { atomsOrZero } from '../../protocol/scaling.js';
import { protectsLong, roleOfTrigger } from '../trading/protection.js';

/** Where a record sits in the chain: block, transaction, log position (missing parts count as 0). */
export interface LedgerStamp {
  block: number;
  tx: number;
  log: number;
  ms: number;
}

export interface LedgerFill {
  at: LedgerStamp;
  marketId: number;
  oid: number;
  /** +1 a buy (opens a long or closes a short), -1 a sell. */
  direction: 1 | -1;
  price: number;
  size: number;
  /** Gross fee of the fill (protocol + builder), negative for a rebate. */
  fee: bigint;
}

/** Funding paid (negative) or received on a position, in either of the forms live sends (see fundingOf*). */
export interface LedgerFunding {
  at: LedgerStamp;
  marketId: number;
  positionId: number | null;
  amount: bigint;
}

/** The exchange's realized PnL of one order's fills in one transaction (position rows `dpnl`). */
export interface LedgerRealized {
  at: LedgerStamp;
  marketId: number;
  oid: number;
  pnl: bigint;
}

export function stampOf(at: { b?: number; t?: number; tx?: number; l?: number } | undefined): LedgerStamp {
  return { block: at?.b ?? 0, tx: at?.tx ?? 0, log: at?.l ?? 0, ms: at?.t ?? 0 };
}

/** Chain order: block, transaction, log position. */
export function compareStamps(a: LedgerStamp, b: LedgerStamp): number {
  return a.block - b.block || a.tx - b.tx || a.log - b.log;
}

/** Buys are opens of a long and closes of a short (wire.md 8.6 order types). */
export function fillDirection(orderType: number): 1 | -1 {
  return orderType === OrderType.OpenLong || orderType === OrderType.CloseShort ? 1 : -1;
}

export function ledgerFillOf(f: Fill): LedgerFill | null {
  if (f.p === undefined || f.s <= 0) return null;
  return { at: stampOf(f.at), marketId: f.mkt, oid: f.oid, direction: fillDirection(f.t), price: f.p, size: f.s, fee: atomsOrZero(f.f) };
}

/** A funding account event (et 8): `a` is the payment, taken from or added to the position's collateral. */
export function fundingOfAccountEvent(e: AccountEvent): LedgerFunding | null {
  if (e.et !== AccountEventType.Funding || e.m === undefined) return null;
  return { at: stampOf(e.at), marketId: e.m, positionId: e.p ?? null, amount: atomsOrZero(e.a) };
}

/** Funding realized on a position row (`fnd` of an event row: live realizes it at settlements, wire.md 15.5). */
export function fundingOfPositionRow(r: Position): LedgerFunding | null {
  const amount = atomsOrZero(r.fnd);
  if (amount === 0n) return null;
  return { at: stampOf(r.at), marketId: r.mkt, positionId: r.pid, amount };
}

/** The realized PnL a position event row reports for the order that moved it (none on opens and funding rows). */
export function realizedOfPositionRow(r: Position): LedgerRealized | null {
  if ((r.oid ?? 0) <= 0) return null;
  return { at: stampOf(r.at), marketId: r.mkt, oid: r.oid!, pnl: atomsOrZero(r.dpnl) };
}

/**
 * Funding in one list from both forms: per position, the account's et 8 events when it has any (the local
 * exchange and any live account that books each interval), else the `fnd` its position rows realized. Never
 * both for one position: the local exchange reports each interval in both places.
 */
export function fundingFromBoth(events: readonly AccountEvent[], positionRows: readonly Position[]): LedgerFunding[] {
  const booked = events.map(fundingOfAccountEvent).filter((f): f is LedgerFunding => f !== null);
  const bookedPositions = new Set(booked.map((f) => f.positionId));
  const realized = positionRows
    .filter((r) => !bookedPositions.has(r.pid))
    .map(fundingOfPositionRow)
    .filter((f): f is LedgerFunding => f !== null);
  return [...booked, ...realized];
}

/**
 * What an order's fills in one transaction did to a position, from its position event row (wire.md 8.8):
 * how a window that starts mid-position is known (a decrease or close of a position whose open was not read).
 */
export interface LedgerPositionMove {
  at: LedgerStamp;
  marketId: number;
  oid: number;
  pid: number;
  reason: number;
  /** The position's side: +1 long, -1 short. */
  side: 1 | -1;
  /** The size this event moved (event rows carry the event's own size). */
  size: number;
  /** The position ended here (closed, liquidated, deleveraged, unwound). */
  ends: boolean;
}

export function positionMoveOfRow(r: Position): LedgerPositionMove | null {
  if ((r.oid ?? 0) <= 0) return null;
  const ends = r.st !== PositionStatus.Open || r.sr === PositionStatusReason.PositionClosed;
  return { at: stampOf(r.at), marketId: r.mkt, oid: r.oid!, pid: r.pid, reason: r.sr, side: r.sd === 2 ? -1 : 1, size: r.s, ends };
}

/** A stop-loss trigger order linked to a position (`lp`) at trigger price `tp` (wire.md 8.6; interface.md). */
export interface LedgerStop {
  at: LedgerStamp;
  oid: number;
  pid: number;
  price: number;
  /** The side of the position it protects. */
  long: boolean;
}

/** The stop-loss an order-history record is, if it is one: a close trigger linked to a position, on the losing side. */
export function stopOfOrder(o: Order): LedgerStop | null {
  if (!o.lp || !o.tp || roleOfTrigger({ type: o.t, triggerCondition: o.tpc ?? null }) !== 'stop-loss') return null;
  return { at: stampOf(o.at), oid: o.oid, pid: o.lp, price: o.tp, long: protectsLong(o.t) === true };
}

/** The stop-loss orders of an order history, each once at its earliest record (a record per status change). */
export function stopsOfOrders(orders: readonly Order[]): LedgerStop[] {
  const first = new Map<number, LedgerStop>();
  for (const o of orders) {
    const stop = stopOfOrder(o);
    if (!stop) continue;
    const seen = first.get(o.oid);
    if (!seen || compareStamps(stop.at, seen.at) < 0) first.set(o.oid, stop);
  }
  return [...first.values()].sort((a, b) => compareStamps(a.at, b.at));
}

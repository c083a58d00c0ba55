// What the ledger folds, in its own words: fills, funding payments and the exchange's realized PnL per
// fill, read once from the wire shapes (wire.md 8.4, 8.7, 8.8). Amounts are bigint atoms; prices and
// sizes stay the exchange's scaled integers.

import { AccountEventType, OrderType } from '../../protocol/enums.js';
import type { AccountEvent, Fill, Position } from '../../protocol/frames.js';
import { atomsOrZero } from '../../protocol/scaling.js';

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

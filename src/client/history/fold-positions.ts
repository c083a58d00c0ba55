// Position-history rows are per event (open, increase, decrease, top-up, funding, close), each the
// position's `e[]` row of that event (wire.md 8.8): `s` and `c` are this event's deltas. Fold them per
// pid into one summary row; amounts are summed as bigint atoms.
//
// Fees, as live sends them (captures of open / increase / decrease / close on testnet): a row that
// opens or adds carries that fill's fee in `fee`; a row that decreases or closes carries its own fee in
// `cfee` and, in `fee`, the entry fees of the size it closed PLUS that close fee (a plain open + close:
// the position's lifetime fees). Summing `fee` and `cfee` of every row counts each fee twice; the fees
// the account ledger charged (AccountEvent `f`) are `fee` of the adding rows plus `cfee` of every row.

import { PositionStatus, PositionStatusReason } from '../../protocol/enums.js';
import { atomsOrZero } from '../../protocol/scaling.js';
import type { Position } from '../../protocol/frames.js';
import type { PositionHistoryRowView } from '../../domain/trading/history-views.js';

/** One summary row per position: the history tab's row view. */
export type FoldedPosition = PositionHistoryRowView;

/** Rows whose `fee` is the fee of size they added (opened, increased, or the new side of a flip). */
const ADDING: ReadonlySet<number> = new Set([PositionStatusReason.PositionOpened, PositionStatusReason.PositionIncreased, PositionStatusReason.PositionInverted]);
/** Rows whose `s` is size taken off the position. */
const REDUCING: ReadonlySet<number> = new Set([PositionStatusReason.PositionDecreased, PositionStatusReason.PositionClosed]);

/** Fee the ledger charged for this event (see the header): what one row adds to the position's fees. */
export function ledgerFeeOfRow(r: Position): bigint {
  return (ADDING.has(r.sr) ? atomsOrZero(r.fee) : 0n) + atomsOrZero(r.cfee);
}

/** Oldest first by block, tx, log position; rows without a stamp keep their place (stable sort). */
function byStamp(a: Position, b: Position): number {
  return (a.at.b ?? 0) - (b.at.b ?? 0) || (a.at.tx ?? 0) - (b.at.tx ?? 0) || (a.at.l ?? 0) - (b.at.l ?? 0);
}

interface Running extends FoldedPosition {
  pnl: bigint;
  fnd: bigint;
  fee: bigint;
  size: number;
}

export function foldPositionHistory(rowsNewestFirst: readonly Position[]): FoldedPosition[] {
  const acc = new Map<number, Running>();
  const oldestFirst = [...rowsNewestFirst].reverse();
  if (oldestFirst.every((r) => r.at.b !== undefined)) oldestFirst.sort(byStamp);
  for (const r of oldestFirst) {
    let f = acc.get(r.pid);
    if (!f) {
      f = {
        positionId: r.pid, marketId: r.mkt, side: r.sd, status: r.st, openedAtMs: r.ots?.t ?? r.at.t ?? null,
        lastEventAtMs: null, maxSize: 0, entryPrice: null, exitPrice: null,
        realizedPnl: '0', funding: '0', fees: '0', events: 0, pnl: 0n, fnd: 0n, fee: 0n, size: 0,
      };
      acc.set(r.pid, f);
    }
    f.side = r.sd;
    f.status = r.st;
    f.lastEventAtMs = r.at.t ?? f.lastEventAtMs;
    // `s` is the size this event traded: the position's size is their running sum (a page of history
    // may start mid-position, so never below 0).
    if (ADDING.has(r.sr)) f.size += r.s;
    else if (REDUCING.has(r.sr)) f.size = Math.max(0, f.size - r.s);
    if (r.st !== PositionStatus.Open) f.size = 0;
    f.maxSize = Math.max(f.maxSize, f.size);
    if (r.ep > 0) f.entryPrice = r.ep;
    // A decrease carries its own exit price too; the position's exit is the price that ended it.
    if (r.st !== PositionStatus.Open && r.xp !== undefined && r.xp > 0) f.exitPrice = r.xp;
    f.pnl += atomsOrZero(r.dpnl);
    f.fnd += atomsOrZero(r.fnd);
    f.fee += ledgerFeeOfRow(r);
    f.events += 1;
  }
  return [...acc.values()]
    .map(({ pnl, fnd, fee, size: _size, ...f }) => ({ ...f, realizedPnl: pnl.toString(), funding: fnd.toString(), fees: fee.toString() }))
    .sort((a, b) => (b.lastEventAtMs ?? 0) - (a.lastEventAtMs ?? 0));
}


// Position-history rows are per event (open, increase, decrease, top-up, close); fold them per pid into
// one summary row. Input is newest first (as served); amounts are summed as bigint atoms.

import { PositionStatus } from '../../protocol/enums.js';
import type { Position } from '../../protocol/frames.js';
import type { PositionHistoryRowView } from '../../domain/trading/history-views.js';

/** One summary row per position: the history tab's row view. */
export type FoldedPosition = PositionHistoryRowView;

function atoms(v: string | undefined): bigint {
  return v !== undefined && /^-?\d+$/.test(v) ? BigInt(v) : 0n;
}

export function foldPositionHistory(rowsNewestFirst: readonly Position[]): FoldedPosition[] {
  const acc = new Map<number, FoldedPosition & { pnl: bigint; fnd: bigint; fee: bigint }>();
  for (const r of [...rowsNewestFirst].reverse()) {
    let f = acc.get(r.pid);
    if (!f) {
      f = {
        positionId: r.pid, marketId: r.mkt, side: r.sd, status: r.st, openedAtMs: r.ots?.t ?? r.at.t ?? null,
        lastEventAtMs: null, maxSize: 0, entryPrice: null, exitPrice: null,
        realizedPnl: '0', funding: '0', fees: '0', events: 0, pnl: 0n, fnd: 0n, fee: 0n,
      };
      acc.set(r.pid, f);
    }
    f.side = r.sd;
    f.status = r.st;
    f.lastEventAtMs = r.at.t ?? f.lastEventAtMs;
    f.maxSize = Math.max(f.maxSize, r.s);
    if (r.ep > 0) f.entryPrice = r.ep;
    if (r.xp !== undefined && r.xp > 0) f.exitPrice = r.xp;
    f.pnl += atoms(r.dpnl);
    f.fnd += atoms(r.fnd);
    f.fee += atoms(r.fee) + atoms(r.cfee);
    f.events += 1;
  }
  return [...acc.values()]
    .map(({ pnl, fnd, fee, ...f }) => ({ ...f, realizedPnl: pnl.toString(), funding: fnd.toString(), fees: fee.toString() }))
    .sort((a, b) => (b.lastEventAtMs ?? 0) - (a.lastEventAtMs ?? 0));
}

export function isClosedStatus(status: number): boolean {
  return status !== PositionStatus.Open;
}

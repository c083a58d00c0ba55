// What a fill actually did to the position in its market (open / reduce / close / flip), from the position
// events of the same order in the same transaction (mt 27 `e[]` rows carry `oid`, `sr` and `dpnl`): an
// order that sells 0.01 of a 0.02 long is an "open short" by type, and a reduce by effect. Pure.

import { PositionStatusReason as R } from '../../protocol/enums.js';
import { atomsOrZero } from '../../protocol/scaling.js';
import type { BlockTxLogTimestamp, Fill, Position } from '../../protocol/frames.js';

/** What a trade does to the position in its market. */
export type TradeEffect = 'open' | 'reduce' | 'close' | 'flip';

export interface FillEffect {
  effect: TradeEffect;
  /** PnL the fill realized (its events' `dpnl`, atoms) when it reduced, closed or flipped; null for an open. */
  realizedPnl: string | null;
}

/** The effect of one fill's position events; null when none says (a top-up, funding). */
export function effectOfEvents(events: readonly Position[]): TradeEffect | null {
  const reasons = new Set(events.map((e) => e.sr));
  if (reasons.has(R.PositionInverted)) return 'flip';
  if (reasons.has(R.PositionClosed)) return 'close';
  if (reasons.has(R.PositionDecreased)) return 'reduce';
  if (reasons.has(R.PositionOpened) || reasons.has(R.PositionIncreased)) return 'open';
  return null;
}

function effectOf(events: readonly Position[]): FillEffect | null {
  const effect = effectOfEvents(events);
  if (effect === null) return null;
  return { effect, realizedPnl: effect === 'open' ? null : events.reduce((sum, e) => sum + atomsOrZero(e.dpnl), 0n).toString() };
}

const byLog = <T extends { at: BlockTxLogTimestamp }>(a: T, b: T) => (a.at.l ?? 0) - (b.at.l ?? 0);

/**
 * One settlement per fill: an order that matched three makers in one transaction has three fills and
 * three events. A flip is one fill reported as two events (the close, sr 13, then the new side, sr 18).
 */
function perFill(events: readonly Position[]): Position[][] {
  const slots: Position[][] = [];
  for (const e of [...events].sort(byLog)) {
    const last = slots[slots.length - 1];
    if (e.sr === R.PositionInverted && last?.some((x) => x.sr === R.PositionClosed)) last.push(e);
    else slots.push([e]);
  }
  return slots;
}

/**
 * The effect of each fill (same order as `fills`), null when no position event of its order and
 * transaction was seen (a fill from before this session, or one whose events have not arrived yet).
 * When the fills and events of one transaction do not pair one to one, they share the combined effect
 * and the realized PnL shows once, on the first of them.
 */
export function fillEffects(fills: readonly Fill[], eventsOf: (oid: number, at: BlockTxLogTimestamp) => readonly Position[]): (FillEffect | null)[] {
  const out: (FillEffect | null)[] = fills.map(() => null);
  const groups = new Map<string, number[]>();
  fills.forEach((f, i) => {
    const key = `${f.oid}:${f.at.b ?? ''}:${f.at.tx ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indices of groups.values()) {
    const first = fills[indices[0]!]!;
    const events = eventsOf(first.oid, first.at);
    if (events.length === 0) continue;
    const ordered = [...indices].sort((a, b) => byLog(fills[a]!, fills[b]!));
    const slots = perFill(events);
    if (slots.length === ordered.length) {
      ordered.forEach((fillIndex, k) => (out[fillIndex] = effectOf(slots[k]!)));
      continue;
    }
    const combined = effectOf(events);
    ordered.forEach((fillIndex, k) => (out[fillIndex] = combined && k > 0 ? { ...combined, realizedPnl: null } : combined));
  }
  return out;
}

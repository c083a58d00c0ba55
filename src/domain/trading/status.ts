// Outcome of one request id, per interface.md 3 ("client rules for several updates on one rq").
// This is about the REQUEST's outcome only. An order that resolved (e.g. Open) keeps living: its later
// fills and cancel still update the open-orders view, which is tracked elsewhere (by oid), not here.

import { DEFINITIVE_ORDER_STATUSES, OrderStatus, OrderStatusReasonName, enumName } from '../../protocol/enums.js';

export interface StatusUpdate {
  st: number;
  sr?: number;
  fr?: number;
  oid?: number;
  /** The order's original and filled size (an order row carries them): what says a fill was partial. */
  os?: number;
  fs?: number;
}

export type RequestOutcome =
  /** A status in {2,3,4,5,8,9,10}: final for this rq; nothing later changes it. */
  | { kind: 'definitive'; st: number; sr: number | undefined; oid: number | undefined; os?: number; fs?: number }
  /** Only failures so far: the first one is kept; a later definitive status still wins. */
  | { kind: 'failed'; st: number; sr: number | undefined; fr: number | undefined; oid: number | undefined };

export interface ResolveResult {
  outcome: RequestOutcome | undefined;
  /** False when the update was ignored by the rules. */
  applied: boolean;
}

export function isDefinitiveStatus(st: number): boolean {
  return DEFINITIVE_ORDER_STATUSES.has(st);
}

/**
 * Folds one update into the outcome of its rq.
 * - a definitive outcome never changes (duplicate Filled then late Failed keeps Filled);
 * - only the first failure is processed;
 * - statuses that are neither (Pending 1, Expired 6) are ignored for the outcome.
 */
export function resolveStatus(current: RequestOutcome | undefined, update: StatusUpdate): ResolveResult {
  if (current?.kind === 'definitive') return { outcome: current, applied: false };
  if (isDefinitiveStatus(update.st)) {
    const sizes = update.os !== undefined && update.fs !== undefined ? { os: update.os, fs: update.fs } : {};
    return { outcome: { kind: 'definitive', st: update.st, sr: update.sr, oid: update.oid, ...sizes }, applied: true };
  }
  if (update.st === OrderStatus.Failed) {
    if (current?.kind === 'failed') return { outcome: current, applied: false };
    return {
      outcome: { kind: 'failed', st: update.st, sr: update.sr, fr: update.fr, oid: update.oid },
      applied: true,
    };
  }
  // Expired (6) and Pending (1) say nothing final about the request under the spec's rules;
  // expiry is handled by the retry rules through lb.
  return { outcome: current, applied: false };
}

/** Name of a reject reason for display, e.g. "OrderDescIdTooLow (32)". */
export function reasonName(sr: number | undefined): string | undefined {
  if (sr === undefined) return undefined;
  return `${enumName(OrderStatusReasonName, sr)} (${sr})`;
}

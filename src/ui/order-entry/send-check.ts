// What the review's `y` sends now, decided in one place: by sendEntry when the key reaches the screen,
// and by the key thread's arm (issue 35) ahead of the key, so the order armed is the order `y` would send.

import type { PlaceParams } from '../../domain/trading/commands.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import { inputMode } from '../../state/input-mode.js';
import { reviewOrder } from '../../state/order-review.js';
import type { TerminalState } from '../../state/store.js';
import { tradingLocks } from '../../state/trading-locks.js';
import { withResize } from './review-resize.js';
import { entryView } from './view.js';

/** Why no order can be sent at all right now (no key, read-only, a session lock), or null. */
export function disabledReason(state: TerminalState): string | null {
  return describeLocks(tradingLocks(state));
}

/** The order the form's send would place now (with the review's TP/SL resize), or why it cannot be sent. */
export function entryToSend(state: TerminalState): { intent: PlaceParams } | { refused: string } {
  // Checked again at send time (the view of this state): the session can lock (stale feed, fw off) while the review is open.
  const entry = entryView(state).entry;
  const check = entry?.check ?? null;
  const reason = check?.disabled ?? null;
  if (!entry || !check?.result.intent || reason) return { refused: reason ?? disabledReason(state) ?? 'the order is incomplete' };
  // The review's `r`: the position's TP/SL re-armed for its new size with the order, when that can still be made.
  const sent = withResize(state, entry, check.result.intent);
  return typeof sent === 'string' ? { refused: sent } : { intent: sent };
}

/**
 * The order a lone `y` read now would send without another question (the key thread may send it the
 * instant it reads that key), or null: no review owns the keys, the order cannot be sent, or smart confirm
 * would ask first (acceptReview's rules, at `nowMs`).
 */
export function armableReview(state: TerminalState, nowMs: number): PlaceParams | null {
  if (inputMode(state) !== 'review') return null;
  const entry = entryView(state).entry;
  if (!entry) return null;
  const { result, preview, disabled } = entry.check;
  if (!result.intent || disabled) return null;
  if (reviewOrder(state, result.intent, { nowMs, preview }).reasons.length > 0) return null;
  const toSend = entryToSend(state);
  return 'intent' in toSend ? toSend.intent : null;
}

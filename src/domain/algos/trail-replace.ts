// How a trailing stop's move goes, as a small state machine (issue 31: a protective stop is never removed
// before its replacement is on the exchange). holding -> sent: arming (the old stop stays armed) -> the new
// one armed: cancelling the old (both protect meanwhile) -> the old cancelled: holding the new. A refused
// new stop keeps the old and the trail tries again in a later block; a stop of the trail that leaves the
// exchange another way (it fired, filled or was cancelled by hand) ends the trail with that reason. Pure:
// the runner feeds it what the exchange said and journals the state it returns.

import type { TrailReplacePlan, TrailState } from './trail.js';

/** Why an order of the trail left the exchange other than by the trail's own cancel. */
export type StopGoneWhy = 'triggered' | 'filled' | 'cancelled';

export type TrailReplaceEvent =
  /** The plan's new trigger was sent in head block `block`. */
  | { kind: 'sent'; plan: TrailReplacePlan; block: number }
  /** The new trigger is on the exchange (Untriggered) as order `orderId`. */
  | { kind: 'armed'; orderId: number }
  /** The new trigger was refused or failed: the old one still protects; a later block may try again. */
  | { kind: 'arm-refused'; reason: string }
  /** The old trigger's cancel is confirmed. */
  | { kind: 'cancelled'; orderId: number }
  /** The old trigger's cancel failed: both stay armed (both protect) until a retried cancel lands. */
  | { kind: 'cancel-failed'; reason: string }
  /** Order `orderId` left the exchange: it fired, filled or was cancelled outside the trail. */
  | { kind: 'stop-gone'; orderId: number; why: StopGoneWhy };

function ended(state: TrailState, orderId: number, why: StopGoneWhy): TrailState {
  const what = why === 'cancelled' ? 'was cancelled outside the trail' : why;
  return { ...state, phase: { kind: 'ended', reason: `stop order ${orderId} ${what}: the trail ends` } };
}

/** The trail after `event`; the same state when the event does not apply to where it stands. */
export function trailReplaceStep(state: TrailState, event: TrailReplaceEvent): TrailState {
  const phase = state.phase;
  switch (phase.kind) {
    case 'ended':
      return state;
    case 'holding':
      if (event.kind === 'sent') return { ...state, movedAtBlock: event.block, phase: { kind: 'arming', plan: event.plan } };
      if (event.kind === 'stop-gone' && event.orderId === state.stop?.orderId) return ended(state, event.orderId, event.why);
      return state;
    case 'arming': {
      const { plan } = phase;
      if (event.kind === 'armed') {
        const stop = { price: plan.arm, orderId: event.orderId };
        if (plan.thenCancel === null) return { ...state, stop, phase: { kind: 'holding' } };
        return { ...state, stop, phase: { kind: 'cancelling', oldOrderId: plan.thenCancel } };
      }
      if (event.kind === 'arm-refused') return { ...state, phase: { kind: 'holding', note: event.reason } };
      // The old stop fired or went while the new one was on its way: the position it protected is closing
      // (its linked triggers, the new one too, go with it) or unprotected by the trader's own hand.
      if (event.kind === 'stop-gone' && event.orderId === plan.thenCancel) return ended(state, event.orderId, event.why);
      return state;
    }
    case 'cancelling':
      if (event.kind === 'cancelled' && event.orderId === phase.oldOrderId) return { ...state, phase: { kind: 'holding' } };
      if (event.kind === 'cancel-failed') return { ...state, phase: { ...phase, note: event.reason } };
      if (event.kind === 'stop-gone' && event.orderId === phase.oldOrderId) {
        // Cancelled by someone else is what the trail was doing anyway; fired or filled ends it.
        return event.why === 'cancelled' ? { ...state, phase: { kind: 'holding' } } : ended(state, event.orderId, event.why);
      }
      if (event.kind === 'stop-gone' && event.orderId === state.stop?.orderId) return ended(state, event.orderId, event.why);
      return state;
  }
}

// A chase's state as the exchange answers its requests: the runner applies each event here and journals the
// state it gets back. A request on its way blocks the next decision (chase.ts), and a cancel clears the live
// order only once it is definitive, so the chase never holds two live orders where it means one.

import type { ChaseDecision, ChaseState } from './chase.js';

export type ChaseEvent =
  /** The runner sent what `decision` asked (a `wait` changes nothing; an `end` ends the chase). */
  | { kind: 'sent'; decision: ChaseDecision }
  /** The placed order rests as `orderId` at `price` with `size` open. */
  | { kind: 'placed'; orderId: number; price: number; size: number }
  /** The Change landed: the live order rests at `price`. */
  | { kind: 'changed'; price: number }
  /** The live order's cancel is definitive (its fills come as `fill` events). */
  | { kind: 'cancelled' }
  /** The request on its way was refused or failed: nothing changed on the exchange (e.g. a PostOnly that would have crossed). */
  | { kind: 'refused'; reason: string }
  /** `size` units of the chase's order filled. */
  | { kind: 'fill'; size: number }
  /** The live order left the book another way (expired, cancelled by hand): nothing rests now. */
  | { kind: 'gone' };

function sent(state: ChaseState, decision: ChaseDecision): ChaseState {
  switch (decision.kind) {
    case 'wait':
      return state;
    case 'place':
      return { ...state, pending: 'place' };
    case 'change':
      return { ...state, pending: 'change' };
    case 'cancel-then-place':
      return { ...state, pending: 'cancel' };
    case 'end':
      // A place or change still on its way stays pending: the chase ends once it resolves (its order then cancelled).
      return { ...state, ended: decision.reason, pending: decision.cancel === null ? state.pending : 'cancel' };
  }
}

/** The chase after `event`. */
export function chaseStep(state: ChaseState, event: ChaseEvent): ChaseState {
  switch (event.kind) {
    case 'sent':
      return sent(state, event.decision);
    case 'placed':
      return { ...state, pending: null, live: { orderId: event.orderId, price: event.price, remaining: event.size } };
    case 'changed':
      return state.live ? { ...state, pending: null, live: { ...state.live, price: event.price } } : { ...state, pending: null };
    case 'cancelled':
    case 'gone':
      // A change still on its way stays pending: it resolves (refused) before anything new is placed.
      return { ...state, pending: state.pending === 'cancel' ? null : state.pending, live: null };
    case 'refused':
      return { ...state, pending: null };
    case 'fill': {
      const live = state.live;
      const remaining = live ? live.remaining - event.size : 0;
      const stillLive = live !== null && remaining > 0;
      // An order filled whole needs no cancel: one on its way is moot (the exchange refuses it), so nothing waits for it.
      const pending = !stillLive && state.pending === 'cancel' ? null : state.pending;
      return { ...state, filled: state.filled + event.size, pending, live: stillLive ? { ...live, remaining } : null };
    }
  }
}

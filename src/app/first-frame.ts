// When the screen mounts. Painting the empty layout first cost the main thread a whole mount and paint
// (100-170 ms) while the context, the market-data socket and the first book were on their way, and then
// a second full paint once they came. So the screen mounts once the first frame is worth painting: the
// book's first levels live, or a state the trader has to see (the context or the market-data socket
// failing, a notice start-up set); and at the latest after a short bound, showing the connection state.

import type { TerminalState, TerminalStore } from '../state/store.js';
import { realTimers, type Timers } from '../lib/timers.js';

/** At the latest this long after start-up began, the screen shows whatever it has. */
export const FIRST_FRAME_BOUND_MS = 1_000;

/** The first frame worth painting: a live book with levels, a failure to show, or a notice set since `startNotice`. */
export function firstFrameReady(s: TerminalState, startNotice: string | null): boolean {
  const book = s.book;
  if (s.connection.health === 'live' && book !== null && (book.bids.length > 0 || book.asks.length > 0)) return true;
  if (s.connection.health === 'disconnected') return true;
  return s.notice !== null && s.notice !== startNotice;
}

/**
 * Calls `mount` once: when the store first holds a frame worth painting, or `boundMs` after now. Returns
 * the cancel (quit before the screen showed).
 */
export function mountWhenReady(store: TerminalStore, mount: () => void, o: { boundMs?: number; timers?: Timers } = {}): () => void {
  const timers = o.timers ?? realTimers;
  const startNotice = store.getState().notice;
  let done = false;
  const fire = (): void => {
    if (done) return;
    done = true;
    off();
    timers.clearTimeout(bound);
    mount();
  };
  const off = store.subscribe((s) => {
    if (firstFrameReady(s, startNotice)) fire();
  });
  const bound = timers.setTimeout(fire, o.boundMs ?? FIRST_FRAME_BOUND_MS);
  if (firstFrameReady(store.getState(), startNotice)) fire();
  return () => {
    done = true;
    off();
    timers.clearTimeout(bound);
  };
}

/** How long the off-screen warm-up waits for the market-data socket to send its subscription. */
export const WARM_WAIT_MS = 50;

/**
 * Runs `warm` once, a turn after `subscribed()` is called or `waitMs` after now, whichever comes first. The
 * warm-up is one long synchronous render: run while the socket's handshake was under way, it held the
 * handshake's replies for its whole length (the socket opened only after it); run once the subscription
 * is sent, the exchange builds the snapshots while it runs.
 */
export function warmWhenSubscribed(warm: () => void, o: { waitMs?: number; timers?: Timers } = {}): { subscribed: () => void; cancel: () => void } {
  const timers = o.timers ?? realTimers;
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    timers.clearTimeout(bound);
    warm();
  };
  const bound = timers.setTimeout(run, o.waitMs ?? WARM_WAIT_MS);
  return {
    subscribed: () => {
      if (!done) timers.setTimeout(run, 0);
    },
    cancel: () => {
      done = true;
      timers.clearTimeout(bound);
    },
  };
}

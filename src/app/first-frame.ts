// When the screen mounts. Painting the empty layout first cost the main thread a whole mount and paint
// (100-170 ms) while the context, the market-data socket and the first book were on their way, and then
// a second full paint once they came. So the screen mounts once the first frame is worth painting: the
// book's first levels live, or a state the trader has to see (the context or the market-data socket
// failing, a notice start-up set); and at the latest after a short bound, showing the connection state.

import type { TerminalState, TerminalStore } from '../state/store.js';
import { showsLiveBook } from '../domain/market-data-snapshot.js';
import { realTimers, type TimerHandle, type Timers } from '../lib/timers.js';

/** At the latest this long after start-up began, the screen shows whatever it has. */
export const FIRST_FRAME_BOUND_MS = 1_000;

/** The first frame worth painting: a live book with levels, a failure to show, or a notice set since `startNotice`. */
export function firstFrameReady(s: TerminalState, startNotice: string | null): boolean {
  if (showsLiveBook(s)) return true;
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

/** How long the off-screen warm-up waits, once the market-data socket is opening, for its subscription to be sent. */
export const WARM_WAIT_MS = 50;

export interface WarmUp {
  /** The market-data socket starts opening: a warm-up not yet run waits for the subscription (or WARM_WAIT_MS). */
  handshakeStarted(): void;
  /** The subscription is sent: a warm-up not yet run runs a turn later. */
  subscribed(): void;
  cancel(): void;
}

/**
 * Runs `warm` once, a turn from now, unless the market-data socket starts opening first: then a turn after
 * its subscription is sent, or WARM_WAIT_MS after it started opening. The warm-up is one long synchronous
 * render: run while the handshake was under way, it held the handshake's replies for its whole length (the
 * socket opened only after it); run while the exchange is still starting, or once the subscription is sent,
 * it costs the first frame nothing (the exchange builds the snapshots meanwhile).
 */
export function warmBesideHandshake(warm: () => void, o: { waitMs?: number; timers?: Timers } = {}): WarmUp {
  const timers = o.timers ?? realTimers;
  let done = false;
  let pending: TimerHandle | null = null;
  const run = (): void => {
    if (done) return;
    done = true;
    warm();
  };
  const runIn = (ms: number): void => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = timers.setTimeout(run, ms);
  };
  runIn(0);
  return {
    handshakeStarted: () => {
      if (!done) runIn(o.waitMs ?? WARM_WAIT_MS);
    },
    subscribed: () => {
      if (!done) runIn(0);
    },
    cancel: () => {
      done = true;
      if (pending !== null) timers.clearTimeout(pending);
    },
  };
}

/** The market-data session as the warm-up follows it: its connections so far, and its change cue. */
export interface HandshakeSource {
  readonly epoch: number;
  onChange(listener: () => void): () => void;
}

/**
 * Tells `warmUp` that `session` starts opening now (call it just before the session starts), and that its
 * subscription is sent once its first connection is open (its epoch past 0; the subscription goes out on open).
 */
export function followHandshake(warmUp: WarmUp, session: HandshakeSource): void {
  const off = session.onChange(() => {
    if (session.epoch === 0) return;
    off();
    warmUp.subscribed();
  });
  warmUp.handshakeStarted();
}

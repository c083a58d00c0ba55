// Attaches a perf meter to the pipeline's two ends without changing either class: the session's frame
// handler (the socket calls it through `this` on every message) and the publisher's tick (its timer
// calls it through `this`). Both are wrapped on the instance, and every wrapper comes with its undo.
// createAppPerf is the app's meter (the F12 overlay reads it): nothing is wrapped, counted or timed
// until the overlay is shown, and all of it comes off again when it is hidden, so with the overlay off
// the pipeline runs exactly as unmetered. Paint times arrive through Ink's public `onRender` option
// (mountScreen calls `painted`), counted only while started. The benchmark uses the parts.

import type { MarketDataSession } from '../../client/market-data/session.js';
import type { Publisher } from '../../state/publisher.js';
import { meterWrites, type WritableLike } from './write-meter.js';
import { PerfMeter, type PerfFigures } from './perf-meter.js';

interface FrameHandler {
  handleFrame(text: string, receivedAt: number): void;
}

/**
 * Replaces `obj[key]` (a method called through `this`) by `wrapper` on the instance; the undo removes
 * it again (back to the prototype's, or to an own one that was there before) while it is still the one
 * installed, and otherwise leaves the later wrapper alone.
 */
function wrapOwn<T extends object, K extends keyof T>(obj: T, key: K, wrapper: T[K]): () => void {
  const hadOwn = Object.prototype.hasOwnProperty.call(obj, key);
  const before = obj[key];
  obj[key] = wrapper;
  return () => {
    if (obj[key] !== wrapper) return;
    if (hadOwn) obj[key] = before;
    else delete obj[key];
  };
}

/**
 * Counts every market-data frame on arrival; `after` runs once it is applied (the baseline publishes
 * there). Per frame: one clock read and a store into the meter's ring. Returns the undo.
 */
export function meterFrames(session: MarketDataSession, meter: PerfMeter, hooks: { onText?: (text: string) => void; after?: () => void } = {}): () => void {
  const target = session as unknown as FrameHandler;
  const handle = target.handleFrame.bind(session);
  const { onText, after } = hooks;
  // Undone while another wrapper sits on top: this one stays in the chain, counting nothing.
  let active = true;
  const wrapped =
    onText || after
      ? (text: string, receivedAt: number): void => {
          if (active) meter.frameArrived();
          onText?.(text);
          handle(text, receivedAt);
          after?.();
        }
      : (text: string, receivedAt: number): void => {
          if (active) meter.frameArrived();
          handle(text, receivedAt);
        };
  const undo = wrapOwn(target, 'handleFrame', wrapped);
  return () => {
    active = false;
    undo();
  };
}

/** Marks every store write: the source has applied every arrived frame when the publisher reads it. Returns the undo. */
export function meterPublisher(publisher: Publisher, meter: PerfMeter): () => void {
  const tick = publisher.tick.bind(publisher);
  let active = true;
  const undo = wrapOwn(publisher, 'tick', (): boolean => {
    if (active) meter.publishing();
    return tick();
  });
  return () => {
    active = false;
    undo();
  };
}

export interface AppPerf {
  /** Starts metering (idempotent): a fresh meter on the terminal, Ink, the publisher and the session. */
  start(): void;
  /** Takes every hook off again and stops the meter (idempotent). */
  stop(): void;
  /** The last complete second's figures; null while stopped or before the first second is measured. */
  read(): PerfFigures | null;
  /** Call once the market-data session exists (metered from then on while started). */
  attachSession(session: MarketDataSession): void;
  /** One Ink paint took `renderTimeMs` (mountScreen passes Ink's onRender here); counted while started. */
  painted(renderTimeMs: number): void;
  /** True while started (tests). */
  readonly running: boolean;
}

/** The app's meter on `stdout` (terminal writes), Ink's paints and `publisher` (store writes); idle until start(). */
export function createAppPerf(stdout: WritableLike & object, publisher: Publisher): AppPerf {
  let meter: PerfMeter | null = null;
  let session: MarketDataSession | null = null;
  let undo: (() => void)[] = [];
  let undoSession: (() => void) | null = null;
  return {
    start() {
      if (meter) return;
      const m = new PerfMeter();
      meter = m;
      undo = [meterWrites(stdout, m), meterPublisher(publisher, m)];
      if (session) undoSession = meterFrames(session, m);
    },
    stop() {
      if (!meter) return;
      undoSession?.();
      undoSession = null;
      for (const f of undo.reverse()) f();
      undo = [];
      meter.stop();
      meter = null;
    },
    read() {
      if (!meter) return null;
      const figures = meter.figures();
      return meter.windows > 0 ? figures : null;
    },
    attachSession(next) {
      undoSession?.();
      undoSession = null;
      session = next;
      if (meter) undoSession = meterFrames(next, meter);
    },
    painted(renderTimeMs) {
      meter?.paintRendered(renderTimeMs);
    },
    get running() {
      return meter !== null;
    },
  };
}

// Attaches a perf meter to the pipeline's two ends without changing either class: the session's frame
// handler (the socket calls it through `this` on every message) and the publisher's tick (its timer
// calls it through `this`). Both are wrapped on the instance. startAppPerf wires all of it for the app
// (the overlay reads it); the benchmark uses the parts.

import type { MarketDataSession } from '../../client/market-data/session.js';
import type { Publisher } from '../../state/publisher.js';
import { meterInkRenders, meterWrites, type WritableLike } from './ink-hook.js';
import { PerfMeter, type PerfFigures } from './perf-meter.js';

interface FrameHandler {
  handleFrame(text: string, receivedAt: number): void;
}

/** Counts every market-data frame on arrival; `after` runs once it is applied (the baseline publishes there). */
export function meterFrames(session: MarketDataSession, meter: PerfMeter, hooks: { onText?: (text: string) => void; after?: () => void } = {}): void {
  const target = session as unknown as FrameHandler;
  const handle = target.handleFrame.bind(session);
  target.handleFrame = (text, receivedAt) => {
    meter.frameArrived();
    hooks.onText?.(text);
    handle(text, receivedAt);
    hooks.after?.();
  };
}

/** Marks every store write: the source has applied every arrived frame when the publisher reads it. */
export function meterPublisher(publisher: Publisher, meter: PerfMeter): void {
  const tick = publisher.tick.bind(publisher);
  publisher.tick = (): boolean => {
    meter.publishing();
    return tick();
  };
}

export interface AppPerf {
  meter: PerfMeter;
  /** For the overlay. */
  read: () => PerfFigures;
  /** Call once the market-data session exists. */
  attachSession(session: MarketDataSession): void;
  stop(): void;
}

export interface AppPerfOptions {
  /** The benchmark's meter (it keeps every sample); by default a fresh one for the overlay. */
  meter?: PerfMeter;
  /** Sees every market-data frame text on arrival (the benchmark's backlog check). */
  onFrameText?: (text: string) => void;
}

/** The app's meter: terminal writes and Ink renders on `stdout`, store writes by `publisher`. */
export function startAppPerf(stdout: WritableLike & object, publisher: Publisher, opts: AppPerfOptions = {}): AppPerf {
  const meter = opts.meter ?? new PerfMeter();
  const undoWrites = meterWrites(stdout, meter);
  void meterInkRenders(stdout, meter);
  meterPublisher(publisher, meter);
  return {
    meter,
    read: () => meter.figures(),
    attachSession: (session) => meterFrames(session, meter, opts.onFrameText ? { onText: opts.onFrameText } : {}),
    stop: () => {
      meter.stop();
      undoWrites();
    },
  };
}

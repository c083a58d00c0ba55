// Attaches a perf meter to the pipeline's two ends without changing either class: the session's frame
// handler (the socket calls it through `this` on every message) and the publisher's tick (its timer
// calls it through `this`). Both are wrapped on the instance.

import type { MarketDataSession } from '../../client/market-data/session.js';
import type { Publisher } from '../../state/publisher.js';
import type { PerfMeter } from './perf-meter.js';

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

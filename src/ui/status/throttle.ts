// The status bar's throttle notice: "throttled 2s" while the client holds requests back.

import type { ThrottleView } from '../../state/throttle.js';

/** Null when nothing waits. A wait that overran its estimate still reads 1s until it ends. */
export function throttleText(throttle: ThrottleView | null, nowMs: number): string | null {
  if (!throttle) return null;
  const seconds = Math.max(1, Math.ceil((throttle.untilMs - nowMs) / 1000));
  return `throttled ${seconds}s`;
}

// Collects "waiting because of a rate limit" from every limiter of the client (REST gates, 429
// back-off, socket send queues) into one notice: the longest wait still running, and who waits.

import type { ThrottleReport } from './rate-gate.js';

export interface ThrottleNotice {
  /** Wall-clock ms when the longest current wait is expected to end. */
  untilMs: number;
  /** What is waiting, e.g. ["rest public", "trading socket"]. */
  sources: string[];
}

export type ThrottleListener = (notice: ThrottleNotice | null) => void;

export class ThrottleMonitor {
  private readonly waits = new Map<string, number>();
  private readonly listeners = new Set<ThrottleListener>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The report function one limiter calls; `source` names it in the notice. */
  reporter(source: string): ThrottleReport {
    return (waitMs) => {
      if (waitMs === null) {
        if (!this.waits.delete(source)) return;
      } else {
        this.waits.set(source, this.now() + waitMs);
      }
      const notice = this.current();
      for (const listener of this.listeners) listener(notice);
    };
  }

  /** Null when nothing waits. A wait that overran its estimate stays until its limiter says it ended. */
  current(): ThrottleNotice | null {
    if (this.waits.size === 0) return null;
    return { untilMs: Math.max(...this.waits.values()), sources: [...this.waits.keys()] };
  }

  subscribe(listener: ThrottleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

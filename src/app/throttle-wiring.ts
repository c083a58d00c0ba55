// "Tells the user when it is throttling": one throttle monitor and one set of REST budgets for the whole
// app (the exchange counts per IP and per key, not per client object), and the monitor's notice copied
// into the store's `throttle` field that the status bar shows as "throttled 2s".

import type { TerminalStore } from '../state/store.js';
import type { ThrottleView } from '../state/throttle.js';
import { setThrottle } from '../state/link-actions.js';
import { ThrottleMonitor, type ThrottleNotice, type ThrottleReport } from '../transport/rate/index.js';
import { RestRateLimits, type RestRateLimitsOptions } from '../transport/rest/rate-limits.js';

export interface ThrottleWiring {
  /** Shared by every REST client of the app. */
  restLimits: RestRateLimits;
  /** A report function for one more limiter (a socket's send queue, a client's 429 back-off). */
  reporter(source: string): ThrottleReport;
  stop(): void;
}

/** The store is written only when what the status bar shows could change: on/off, the second, who waits. */
function sameView(a: ThrottleView | null, b: ThrottleNotice | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.ceil(a.untilMs / 1000) === Math.ceil(b.untilMs / 1000) && a.sources.join() === b.sources.join();
}

export function startThrottleNotice(store: TerminalStore, opts: { now?: () => number; rest?: Omit<RestRateLimitsOptions, 'onThrottle'> } = {}): ThrottleWiring {
  const monitor = new ThrottleMonitor(opts.now);
  const rest = { public: monitor.reporter('rest public'), authenticated: monitor.reporter('rest signed') };
  const restLimits = new RestRateLimits({ ...opts.rest, onThrottle: (budget, ms) => rest[budget](ms) });
  const unsubscribe = monitor.subscribe((notice) => {
    if (sameView(store.getState().throttle, notice)) return;
    setThrottle(store, notice ? { untilMs: notice.untilMs, sources: notice.sources } : null);
  });
  return {
    restLimits,
    reporter: (source) => monitor.reporter(source),
    stop: () => {
      unsubscribe();
      setThrottle(store, null);
    },
  };
}

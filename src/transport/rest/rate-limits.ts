// The REST budgets of interface.md 8, kept by the client itself: public endpoints (/v1/pub/*, market
// data) about 100 requests a minute, authenticated ones (profile, trading history) about 60. Every
// request waits for a token of its bucket instead of running into a 429. One instance is shared by
// every REST client of a process: the server counts per IP (public) and per API key (signed).

import { RateGate, type ThrottleReport } from '../rate/rate-gate.js';
import type { TokenBucketLimit } from '../../lib/token-bucket.js';
import type { Timers } from '../../lib/timers.js';

/** 90 % of the documented 100/min, with a burst well under the server's (which starts full at 100). */
export const REST_PUBLIC_LIMIT: TokenBucketLimit = { capacity: 80, refillPerSec: 90 / 60 };
/** 90 % of the documented 60/min. */
export const REST_AUTHENTICATED_LIMIT: TokenBucketLimit = { capacity: 50, refillPerSec: 54 / 60 };

export type RestBudget = 'public' | 'authenticated';

export interface RestRateLimitsOptions {
  public?: TokenBucketLimit;
  authenticated?: TokenBucketLimit;
  timers?: Timers;
  /** Told how long requests wait for a token (per budget), null once none waits. */
  onThrottle?: (budget: RestBudget, waitMs: number | null) => void;
}

/** Signed requests are exactly the profile / trading endpoints; everything unsigned is public. */
export function restBudgetOf(signed: boolean | undefined): RestBudget {
  return signed ? 'authenticated' : 'public';
}

export class RestRateLimits {
  private readonly gates: Record<RestBudget, RateGate>;

  constructor(opts: RestRateLimitsOptions = {}) {
    const gate = (budget: RestBudget, limit: TokenBucketLimit): RateGate => {
      const report: ThrottleReport | undefined = opts.onThrottle ? (ms) => opts.onThrottle?.(budget, ms) : undefined;
      return new RateGate({ limits: [limit], ...(opts.timers ? { timers: opts.timers } : {}), ...(report ? { onThrottle: report } : {}) });
    };
    this.gates = {
      public: gate('public', opts.public ?? REST_PUBLIC_LIMIT),
      authenticated: gate('authenticated', opts.authenticated ?? REST_AUTHENTICATED_LIMIT),
    };
  }

  gate(budget: RestBudget): RateGate {
    return this.gates[budget];
  }

  /** Waits (FIFO) for a token of the request's budget; rejects if `signal` aborts first. */
  acquire(budget: RestBudget, signal?: AbortSignal): Promise<void> {
    return this.gates[budget].acquire(signal);
  }
}

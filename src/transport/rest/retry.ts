// When a read is retried, and after how long. Writes are never retried automatically: a POST that
// timed out may have been executed.

import { RateLimitedError, HttpTransientError } from './errors.js';

export const MAX_RETRIES = 3;
/** 429 back-off documented by the service: 1 s, 2 s, 4 s. */
export const RATE_LIMIT_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
/** 5xx and network failures: shorter, the UI is waiting. */
export const SERVER_ERROR_DELAYS_MS: readonly number[] = [500, 1000, 2000];
/** A Retry-After longer than this is not waited out: the error goes to the caller. */
export const MAX_RETRY_AFTER_MS = 30_000;

export function isRetryableMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD';
}

/** Delay before retry number `retry` (0-based), or undefined when this error is not retried. */
export function retryDelayMs(error: unknown, retry: number): number | undefined {
  if (retry >= MAX_RETRIES) return undefined;
  if (error instanceof RateLimitedError) {
    const after = error.retryAfterMs;
    if (after !== undefined) return after <= MAX_RETRY_AFTER_MS ? after : undefined;
    return RATE_LIMIT_DELAYS_MS[retry];
  }
  if (error instanceof HttpTransientError) return SERVER_ERROR_DELAYS_MS[retry];
  return undefined;
}

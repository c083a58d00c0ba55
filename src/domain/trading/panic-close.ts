// Panic closes a position until it is flat: after each close attempt whose outcome is known and which left
// the position open (an IOC that found no liquidity inside its cap, a failure, a gateway reject), it sends a
// NEW close with a wider slippage cap, a bounded number of times. Each attempt is an ordinary request of the
// order engine (journaled, under the retry table); this only decides whether a further attempt is safe.
// A close whose outcome is unknown is never followed by another: it may still be what moves the position.
// A close that filled all it was sent for and left the position open did not miss inside its cap: the position
// grew after it was sized (a resting order filled before its cancel landed). It is re-sent at the same cap,
// not counted as an attempt (a bounded number of times too): widening would only pay more slippage.

/** Result kinds of one close request (client/trading/tracked-request.ts RequestResultKind). */
export type CloseResultKind = 'definitive' | 'failed' | 'rejected' | 'invalid' | 'credited' | 'check-position' | 'unknown' | 'gave-up';

export interface PanicClosePolicy {
  /** Close requests per position, the first included. */
  attempts: number;
  /** Each further attempt multiplies the slippage cap by this. */
  slippageGrowth: number;
  /** The cap never goes beyond this (bps). */
  maxSlippageBps: number;
  /** Closes re-sent at the same cap after one filled whole and the position was still open (it grew). */
  grownResends: number;
}

export const DEFAULT_PANIC_CLOSE_POLICY: PanicClosePolicy = { attempts: 4, slippageGrowth: 2, maxSlippageBps: 5_000, grownResends: 4 };

/** Slippage cap (bps) of attempt `attempt` (0 = the first close, at the market's own cap). */
export function panicSlippageBps(baseBps: number, attempt: number, policy: PanicClosePolicy = DEFAULT_PANIC_CLOSE_POLICY): number {
  const base = Math.max(1, Math.floor(baseBps));
  const widened = Math.floor(base * policy.slippageGrowth ** Math.max(0, attempt));
  // The market's own cap may already be above the ceiling: never narrow below it.
  return Math.max(base, Math.min(widened, policy.maxSlippageBps));
}

/** Results that say for certain that the request can no longer change the position. */
const KNOWN_DONE: ReadonlySet<CloseResultKind> = new Set(['definitive', 'failed', 'rejected', 'invalid']);

export type PanicCloseStep =
  | { action: 'flat' }
  | { action: 'retry'; slippageBps: number }
  /** The same cap again: the last close filled whole, the position grew after it was sized. */
  | { action: 'resend' }
  | { action: 'stop'; reason: string };

export interface PanicCloseFacts {
  /** Kind of the latest close request's result. */
  lastResult: CloseResultKind;
  /** The position is still open, read at a block boundary after that result. */
  stillOpen: boolean;
  /** Close requests sent for this position so far, not counting the re-sends after a growth. */
  attemptsMade: number;
  /** The latest close filled all it was sent for (fs == os, as the exchange reported it). */
  lastFilledWhole?: boolean;
  /** Closes re-sent at the same cap so far. */
  grownResendsMade?: number;
  /** The market's slippage cap (bps) the first attempt used. */
  baseSlippageBps: number;
}

export function nextPanicCloseStep(f: PanicCloseFacts, policy: PanicClosePolicy = DEFAULT_PANIC_CLOSE_POLICY): PanicCloseStep {
  if (!f.stillOpen) return { action: 'flat' };
  if (!KNOWN_DONE.has(f.lastResult)) {
    return { action: 'stop', reason: `the last close's outcome is ${f.lastResult}: not re-sent` };
  }
  if (f.lastResult === 'definitive' && f.lastFilledWhole) {
    const made = f.grownResendsMade ?? 0;
    if (made < policy.grownResends) return { action: 'resend' };
    return { action: 'stop', reason: `the position grew again after ${made + 1} closes filled whole` };
  }
  if (f.attemptsMade >= policy.attempts) {
    return { action: 'stop', reason: `gave up after ${f.attemptsMade} close${f.attemptsMade === 1 ? '' : 's'}` };
  }
  return { action: 'retry', slippageBps: panicSlippageBps(f.baseSlippageBps, f.attemptsMade, policy) };
}

// Fetches the exchange context until it arrives, showing "disconnected, retrying in Ns" meanwhile.
// No network is a state to show, never a crash.

import { marketLabel } from '../domain/market-label.js';
import { userMessage } from '../protocol/errors.js';
import type { Context } from '../protocol/frames.js';
import { decodeContext } from '../protocol/decode/index.js';
import { createMarketDirectory } from '../domain/market-directory.js';
import type { MarketListing, TerminalStore } from '../state/store.js';
import { contextLoadFailed } from '../state/link-actions.js';

export interface ContextSource {
  context(): Promise<Context>;
}

/**
 * The in-process exchange's context, handed over its thread's port as the JSON text its REST endpoint
 * serves, decoded as that answer is; every later load (a retry) asks `rest`.
 */
export function handedContextFirst(text: string | undefined, rest: ContextSource): ContextSource {
  let handed = text;
  return {
    context: async () => {
      const first = handed;
      handed = undefined;
      return first === undefined ? rest.context() : decodeContext(JSON.parse(first));
    },
  };
}

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000];

/** Resolves with the context, or null when `signal` aborts first. `onError` sees each failed attempt (the app log). */
export async function loadContextWithRetry(
  source: ContextSource,
  store: TerminalStore,
  signal: AbortSignal,
  onError?: (error: unknown, retryInMs: number) => void,
): Promise<Context | null> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      return await source.context();
    } catch (error) {
      if (signal.aborted) return null;
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 10_000;
      onError?.(error, delay);
      contextLoadFailed(store, delay, userMessage(error), Date.now());
      await abortableSleep(delay, signal);
    }
  }
  return null;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The picker's list: every market of the context, in context order. */
export function marketListings(context: Context): MarketListing[] {
  return context.markets.map((m) => ({
    id: m.id,
    symbol: marketLabel(m),
    name: m.name,
    priceDecimals: m.config.price_decimals,
    sizeDecimals: m.config.size_decimals,
    fundingIntervalSec: m.funding_interval_sec || null,
  }));
}

/** The market to open: `--market SYMBOL` (case-insensitive, or a numeric id) or the first listed. */
export function chooseMarket(markets: readonly MarketListing[], wanted: string | undefined): { market: MarketListing | null; unknown: boolean } {
  if (wanted) {
    // The one rule a typed market name is read by (`:market`, `:close`, `:alert` read it the same way).
    const hit = createMarketDirectory(markets).resolve(wanted);
    if (hit) return { market: hit, unknown: false };
    return { market: markets[0] ?? null, unknown: true };
  }
  return { market: markets[0] ?? null, unknown: false };
}

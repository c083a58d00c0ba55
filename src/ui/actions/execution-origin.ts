// What an order's execution report measures from (domain/trading/execution-report.ts): the key press that
// sent it (monotonic ms, stamped by the keys' dispatcher), the mark on screen at that moment, and the
// average fill the review estimated from the book then. A request that is not one reviewed new order (a
// close, an amend, a cancel, TP/SL, panic) carries a KeyStamp: the key press and every live mark then.

import type { ExecutionOrigin, KeyStamp } from '../../domain/trading/execution-report.js';
import type { PlaceParams } from '../../domain/trading/commands.js';
import { livePrice } from '../../domain/marks.js';
import type { TerminalState } from '../../state/store.js';
import { previewFor } from '../../state/order-review.js';

export function executionOrigin(state: TerminalState, intent: PlaceParams, keyAtMs: number): ExecutionOrigin {
  const header = state.header;
  const mark = header && header.marketId === intent.marketId ? header.mark : null;
  const preview = previewFor(state, intent);
  const estimate = preview?.averagePrice ?? null;
  // The walk goes along: a fill cut short is compared with the estimate of what filled (execution-report.ts).
  return { keyAtMs, markAtKey: mark ?? null, estimatedPrice: estimate === null ? null : Number(estimate), ...(estimate !== null && preview ? { estimateWalk: preview.walk } : {}) };
}

/** The key press at `keyAtMs` with the marks it saw: live marks of every market held, the header's for the one on screen. */
export function keyStamp(state: TerminalState, keyAtMs: number): KeyStamp {
  const marks: Record<number, number> = {};
  for (const [id, prices] of Object.entries(state.trading.marketPrices)) {
    const price = livePrice(prices.mark);
    if (price !== null) marks[Number(id)] = price;
  }
  const header = state.header;
  if (header && header.mark !== null) marks[header.marketId] = header.mark;
  return { keyAtMs, marks };
}

/** The stamp of `keyAtMs`, or none when the key's time is not known (a test, a bot). */
export function keyStampOf(state: TerminalState, keyAtMs: number | undefined): KeyStamp | undefined {
  return keyAtMs === undefined ? undefined : keyStamp(state, keyAtMs);
}

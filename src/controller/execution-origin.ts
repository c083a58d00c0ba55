// What an order's execution report measures from (domain/trading/execution-report.ts): the key press that
// sent it (monotonic ms, stamped by the keys' dispatcher), the mark on screen at that moment, and the
// average fill the review estimated from the book then.

import type { ExecutionOrigin } from '../domain/trading/execution-report.js';
import type { PlaceParams } from '../domain/trading/commands.js';
import type { TerminalState } from '../state/store.js';
import { previewFor } from '../state/order-review.js';

export function executionOrigin(state: TerminalState, intent: PlaceParams, keyAtMs: number): ExecutionOrigin {
  const header = state.header;
  const mark = header && header.marketId === intent.marketId ? header.mark : null;
  const estimate = previewFor(state, intent)?.averagePrice ?? null;
  return { keyAtMs, markAtKey: mark ?? null, estimatedPrice: estimate === null ? null : Number(estimate) };
}

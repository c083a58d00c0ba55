// The order form as checked before review and send: its fields read against the market, the mark and the
// position (state/order-entry.ts evaluateEntry), then the stops it would arm against the liquidation
// (state/order-review-protection.ts). Every path that reviews or sends the form reads it here.

import type { Market } from '../protocol/frames.js';
import { evaluateEntry, type EntryContext, type EntryResult, type OrderEntryForm } from '../state/order-entry.js';
import { stopBeyondLiquidation } from '../state/order-review-protection.js';
import { marketsOf, type TerminalState } from '../state/store.js';

export function currentMarket(state: TerminalState, marketId?: number): Market | undefined {
  const id = marketId ?? state.market?.id;
  return id === undefined ? undefined : marketsOf(state).configOf(id);
}

export function entryContext(state: TerminalState, form: OrderEntryForm): EntryContext {
  const header = state.header;
  const available = state.trading.account?.available;
  const position = state.trading.positions.find((p) => p.marketId === form.marketId);
  return {
    market: currentMarket(state, form.marketId),
    mark: header && header.marketId === form.marketId ? header.mark : null,
    last: header && header.marketId === form.marketId ? header.last : null,
    head: state.trading.health?.headBlock ?? state.headBlock,
    available: available !== undefined && /^-?\d+$/.test(available) ? BigInt(available) : null,
    position: position ? { side: position.side, size: position.size } : null,
    feeTier: state.trading.account?.feeTier ?? 0,
    bestBid: state.book && state.book.marketId === form.marketId ? (state.book.bids[0]?.price ?? null) : null,
    msPerBlock: state.msPerBlock,
  };
}

/**
 * The form's fields read (state/order-entry.ts evaluateEntry), then the stops it would arm against the
 * liquidation (state/order-review-protection.ts): a stop the liquidation beats is refused beside its field,
 * with both figures, so the order cannot be reviewed or sent (the form, a typed `:buy`, skipReview alike).
 */
export function evaluateForm(state: TerminalState, form: OrderEntryForm): EntryResult {
  const result = evaluateEntry(form, entryContext(state, form));
  if (!result.intent) return result;
  const beyond = stopBeyondLiquidation(state, result.intent);
  return beyond ? { ...result, problems: { ...result.problems, [beyond.field]: beyond.message }, intent: null } : result;
}


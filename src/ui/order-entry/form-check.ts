// The order form as checked before review and send: its fields read against the market, the mark and the
// position (state/order-entry.ts evaluateEntry), then the stops it would arm against the liquidation
// (state/order-review-protection.ts), and whether it can be sent now. Every path that shows, reviews or sends
// the form reads it here (order-entry/view.ts): made once per form and the store slices it reads, so a key's
// handler, the pane's paint and a repaint for anything else (a notice, a toast) walk the book once.

import { describeLocks } from '../../domain/trading/session-locks.js';
import { lastResult } from '../../lib/last-result.js';
import type { OrderPreview } from '../../domain/trading/preview.js';
import type { Market } from '../../protocol/frames.js';
import { evaluateEntry, type EntryContext, type EntryResult, type OrderEntryForm } from '../../state/order-entry.js';
import { certainRefusal, previewFor } from '../../state/order-review.js';
import { stopBeyondLiquidation } from '../../state/order-review-protection.js';
import { marketsOf, type TerminalState } from '../../state/store.js';
import { newOrderLocks } from '../../state/trading-locks.js';

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

/** The form as checked against one state. */
export interface EntryCheck {
  /**
   * The form's fields read, then the stops it would arm against the liquidation: a stop the liquidation beats
   * is refused beside its field, with both figures, so the order cannot be reviewed or sent (the form, a typed
   * `:buy`, skipReview alike).
   */
  result: EntryResult;
  /** The risk preview of the order (its walk of the book), null while the form holds no order. */
  preview: OrderPreview | null;
  /**
   * Why the order cannot be sent now: the session's locks, a market-data feed that is not live (the book,
   * mark and preview the trader decides on would be stale), a closed market, or an order the exchange is
   * certain to refuse (more margin than the account has: blocked here, not asked about). Null when it can.
   */
  disabled: string | null;
}

export function checkEntry(state: TerminalState, form: OrderEntryForm): EntryCheck {
  const fields = evaluateEntry(form, entryContext(state, form));
  const preview = fields.intent ? previewFor(state, fields.intent) : null;
  const beyond = fields.intent ? stopBeyondLiquidation(state, fields.intent, preview) : null;
  const result = beyond ? { ...fields, problems: { ...fields.problems, [beyond.field]: beyond.message }, intent: null } : fields;
  const locked = describeLocks(newOrderLocks(state, form.marketId));
  const disabled = locked ?? (result.intent ? certainRefusal(state, result.intent, preview) : null);
  return { result, preview: result.intent ? preview : null, disabled };
}

/**
 * What a check reads: the form and the store slices its reads start from (the fields' context, the preview's
 * book and marks, the locks). A state is never changed, only replaced, so the same slices give the same check.
 * order-entry/view.test.tsx proves the list whole: a check reads nothing of the state beyond it.
 */
export function checkInputs(state: TerminalState, form: OrderEntryForm): readonly unknown[] {
  return [form, state.trading, state.markets, state.header, state.book, state.headBlock, state.msPerBlock, state.keyScope, state.connection.health];
}

const lastCheck = lastResult<EntryCheck>();

/** The form checked against `state`: made once per form and input slices, however many readers ask. */
export function entryCheck(state: TerminalState, form: OrderEntryForm): EntryCheck {
  return lastCheck(checkInputs(state, form), () => checkEntry(state, form));
}

/** The form's fields and stops read (EntryCheck.result). */
export function evaluateForm(state: TerminalState, form: OrderEntryForm): EntryResult {
  return entryCheck(state, form).result;
}

// Reconciling a request that reached the contract (rq <= lfr) but whose status never arrived:
// look for it among the open orders (resting / untriggered), then in order history. Never resend it.

import { OrderStatus, OrderStatusReason, OrderType } from '../../protocol/enums.js';
import type { Order } from '../../protocol/frames.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';
import type { OutcomeContext } from '../../domain/trading/outcome-words.js';
import { resolveStatus } from '../../domain/trading/status.js';
import type { TradingState } from './trading-state.js';
import { type RequestResult, resultOf } from './tracked-request.js';

/** Finds the order-history record of an rq (newest first), or undefined. */
export type OrderLookup = (rq: number) => Promise<Order | undefined>;

/** The result of the order row found for `rq`, saying where (`where`); null when the row tells no outcome. */
function foundResult(rq: number, row: Order, where: string, words: OutcomeContext | undefined, onFound: ((row: Order) => void) | undefined): RequestResult | null {
  const { outcome } = resolveStatus(undefined, row);
  if (!outcome) return null;
  onFound?.(row);
  const result = resultOf(rq, outcome, words);
  return { ...result, message: `${result.message} ${where}` };
}

export async function reconcileRequest(
  rq: number,
  draft: Pick<OrderDraft, 't' | 'oid' | 'p' | 's'>,
  state: TradingState,
  lookup?: OrderLookup,
  /** The market's units and what bounds the order: a partial fill found is called partial. */
  words?: OutcomeContext,
  /** Told the order row found (its fills, for the execution report). */
  onFound?: (row: Order) => void,
): Promise<RequestResult> {
  // A cancel that reached the contract and whose target is gone did what it was for (or found it gone).
  if (draft.t === OrderType.Cancel && draft.oid !== undefined && !state.orders.has(draft.oid)) {
    return { kind: 'definitive', rq, st: OrderStatus.Canceled, oid: draft.oid, message: `rq ${rq}: order ${draft.oid} is no longer open` };
  }
  // A change shows on its target: still open with the price / size asked for.
  if (draft.t === OrderType.Change && draft.oid !== undefined) {
    const target = state.orders.get(draft.oid);
    const priceOk = !draft.p || target?.p === draft.p;
    const sizeOk = !draft.s || target?.os === draft.s;
    if (target && priceOk && sizeOk) {
      return { kind: 'definitive', rq, st: target.st, sr: OrderStatusReason.OrderChanged, oid: target.oid, message: `rq ${rq}: order ${target.oid} shows the change` };
    }
  }
  const open = state.orderByRq(rq);
  if (open) {
    const found = foundResult(rq, open, '(found among open orders)', words, onFound);
    if (found) return found;
  }
  if (lookup) {
    try {
      const found = await lookup(rq);
      const result = found ? foundResult(rq, found, '(from order history)', words, onFound) : null;
      if (result) return result;
    } catch {
      // fall through: the outcome stays unknown rather than guessed
    }
  }
  return {
    kind: 'unknown',
    rq,
    message: `rq ${rq} reached the contract but its status was lost; not resent — check order history`,
  };
}

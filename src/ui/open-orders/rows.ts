// The Open orders tab's rows: each order with what it would do to its market's position if it filled now,
// and a bracket leg with the entry it waits for. Pure, worked out once per change of the orders or positions.

import { restingOrderEffect } from '../../domain/trading/resting-order-effect.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';
import { memoLast } from '../../lib/memo-last.js';
import { tabList, type TabList } from '../tabs/selection.js';

/** The order with what it would do to its market's position if it filled now (reduce, close, open, flip). */
export function withOrderEffect(order: OrderRowView, positions: readonly PositionRowView[]): OrderRowView {
  return { ...order, effect: restingOrderEffect(order, positions.find((p) => p.marketId === order.marketId)) };
}

/**
 * A bracket leg (linked by `tr` to its entry's request, not yet to a position) whose entry is still open: the
 * entry's order id. Null once the entry filled (the exchange links the leg to the position) or is gone.
 */
export function entryWaitedFor(order: OrderRowView, orders: readonly OrderRowView[]): number | null {
  if (order.linkedPositionId !== null || !order.linkedRequestId) return null;
  return orders.find((o) => o.requestId === order.linkedRequestId && o.orderId !== order.orderId)?.orderId ?? null;
}

const rowsOf = memoLast((orders: readonly OrderRowView[], positions: readonly PositionRowView[]): OrderRowView[] =>
  orders.map((o) => ({ ...withOrderEffect(o, positions), waitsForEntry: entryWaitedFor(o, orders) })),
);

/** The open orders as the tab lists them, and the selected one (while the tab is shown). */
export function openOrderList(state: TerminalState): TabList<OrderRowView> {
  return tabList(rowsOf(state.trading.orders, state.trading.positions), state.tabs.tab, 'orders', state.tabs.selected.orders);
}

/** The selected order of the Open orders tab, or undefined (another tab, or no rows). */
export function selectedOrder(state: TerminalState): OrderRowView | undefined {
  return openOrderList(state).selected;
}

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { createTerminalStore } from '../../state/store.js';
import { pushToast } from '../../state/trading-actions.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { INITIAL_TRADING_TABS, moveSelection } from '../../state/trading-tabs.js';
import { openOrderList, selectedOrder } from './rows.js';

const order = (orderId: number): OrderRowView => ({
  orderId, requestId: orderId, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
});

describe('the open orders as listed', () => {
  it('order-rows-worked-out-once: a store write elsewhere (a toast) keeps the very rows the pane drew; the key acts on the one it selected', () => {
    const store = createTerminalStore({ tabs: { ...INITIAL_TRADING_TABS, tab: 'orders' }, trading: { ...EMPTY_TRADING, orders: [order(41), order(42)] } });
    const drawn = openOrderList(store.getState()).rows;
    pushToast(store, 'elsewhere', 'info', 0);
    expect(openOrderList(store.getState()).rows).toBe(drawn);
    moveSelection(store, 1, drawn.length);
    expect(openOrderList(store.getState()).rows).toBe(drawn);
    expect(selectedOrder(store.getState())?.orderId).toBe(42);
  });

  it('no-selected-order-on-another-tab: the rows are there, no order key acts on them', () => {
    const store = createTerminalStore({ tabs: { ...INITIAL_TRADING_TABS, tab: 'positions' }, trading: { ...EMPTY_TRADING, orders: [order(41)] } });
    expect(openOrderList(store.getState()).rows).toHaveLength(1);
    expect(selectedOrder(store.getState())).toBeUndefined();
  });
});

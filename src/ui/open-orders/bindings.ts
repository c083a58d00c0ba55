// The keys of the Open orders tab: `c` cancel the selected order, `C` every order in this market, `A` every
// order (each asks first), `e` change the selected order (flow.ts). Each is off on another tab, with no order,
// or while orders are locked.

import type { TerminalState } from '../../state/store.js';
import { tradingLocks } from '../../state/trading-locks.js';
import type { Binding, Disabled, PaneScope } from '../keys/binding.js';
import { fromLock, off, onTab } from '../keys/binding-helpers.js';
import { askCancel, openOrderEditor } from './flow.js';
import { selectedOrder } from './rows.js';

const TABS: PaneScope = ['trading'];

/** An order key: on Open orders, with one selected (unless `any`), the session unlocked. */
function orderKey(state: TerminalState, any = false): Disabled | null {
  const wrongTab = onTab(state, ['orders']);
  if (wrongTab) return wrongTab;
  if (any ? state.trading.orders.length === 0 : !selectedOrder(state)) return off('no open order');
  return fromLock(tradingLocks(state)[0]);
}

/** `c`: early in the table (its footer hint comes before the tab keys'). */
export const ORDER_CANCEL_BINDINGS: readonly Binding[] = [
  {
    action: 'cancelOrder', keys: ['c'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel the selected order (confirm)', hint: 'cancel', tabHint: 'cancel',
    run: (ctx) => askCancel(ctx.store, 'selected'), disabledReason: (state) => orderKey(state),
  },
];

export const ORDER_BINDINGS: readonly Binding[] = [
  {
    action: 'cancelMarketOrders', keys: ['C'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel every order in this market (confirm)', tabHint: 'cancel all in market',
    run: (ctx) => askCancel(ctx.store, 'market'),
    disabledReason: (state) => orderKey(state, true) ?? (state.market && state.trading.orders.some((o) => o.marketId === state.market?.id) ? null : off('none in market', 'no open order in this market')),
  },
  {
    action: 'cancelAllOrders', keys: ['A'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'cancel every open order in every market (confirm)', tabHint: 'cancel all',
    run: (ctx) => askCancel(ctx.store, 'all'), disabledReason: (state) => orderKey(state, true),
  },
  {
    action: 'amendOrder', keys: ['e'], mode: 'panes', panes: TABS, tabs: ['orders'], description: 'change (amend) the selected order', tabHint: 'change',
    run: (ctx) => openOrderEditor(ctx.store), disabledReason: (state) => orderKey(state),
  },
];

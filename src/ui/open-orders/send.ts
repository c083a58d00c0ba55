// A confirmed request of the open orders (a cancel, every cancel, a change) sent through TerminalActions,
// with the toast's words for it.

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { KeyStamp } from '../../domain/trading/execution-report.js';
import { type MarketWords, cancelWords, changeWords, refWords } from '../../domain/trading/order-words.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import type { TabIntent } from '../../state/trading-tabs.js';
import { marketOf } from '../tabs/markets.js';
import { sendIntentsWith } from '../tabs/owners.js';

export type OrderIntent = Extract<TabIntent, { kind: 'cancel' | 'cancelAll' | 'change' }>;

/** The toast's words for an order's request: the market's name and units, not wire integers. */
function describe(state: TerminalState, intent: OrderIntent): string {
  const words = (marketId: number | undefined): MarketWords => {
    const ref = marketId === undefined ? undefined : marketOf(state, marketId);
    return ref ? refWords(ref) : { label: 'market', priceDecimals: 0, sizeDecimals: 0 };
  };
  const orderMarket = (orderId: number) => state.trading.orders.find((o) => o.orderId === orderId)?.marketId;
  switch (intent.kind) {
    case 'cancel':
      return cancelWords(intent.orderId, words(orderMarket(intent.orderId)));
    case 'cancelAll':
      return intent.marketId === undefined ? 'cancel all' : `cancel all in ${words(intent.marketId).label}`;
    case 'change':
      return changeWords(intent.orderId, intent, words(orderMarket(intent.orderId)));
  }
}

/** Sends a confirmed request of the open orders (`key`: the key press that sent it). */
export function runOrderIntent(store: TerminalStore, actions: TerminalActions, intent: OrderIntent, key: KeyStamp | undefined): Promise<ActionResult> {
  const label = describe(store.getState(), intent);
  switch (intent.kind) {
    case 'cancel':
      return actions.cancel(intent.orderId, label, key);
    case 'cancelAll':
      return actions.cancelAll(intent.marketId, label, key);
    case 'change':
      return actions.amend(intent.orderId, { ...(intent.price !== undefined ? { price: intent.price } : {}), ...(intent.size !== undefined ? { size: intent.size } : {}) }, label, key);
  }
}

sendIntentsWith(['cancel', 'cancelAll', 'change'], (store, actions, intent, key) => runOrderIntent(store, actions, intent as OrderIntent, key));

// The flows of an open order's row: open its editor (`e`: a change "PRICE SIZE", or a trigger's new price),
// ask the one confirm for cancels (`c`, `C`, `A`) and read the editor's text into a request (editors.ts); a
// confirmed one is sent by send.ts. A change is reviewed like a new order (amend-review.ts).

import { formatScaled } from '../../protocol/scaling.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { openEditor, type TabIntent, type TradingTabsState } from '../../state/trading-tabs.js';
import { cancelAllQuestion } from '../confirm/cancel-all.js';
import type { EditorResult } from '../tabs/editor.js';
import { ownEditors } from '../tabs/owners.js';
import { marketOf } from '../tabs/markets.js';
import { openAmendReview } from './amend-review.js';
import { amendIntent, triggerMoveIntent } from './editors.js';
import { selectedOrder } from './rows.js';
// The cancels asked here are answered (sent) by the tabs' answer to their confirm: loaded with the question.
import '../tabs/intent.js';
// Its requests' sender registers with the tabs when this flow loads (send.ts).
import './send.js';

type OrderPrompt = NonNullable<TradingTabsState['prompt']> & { mode: 'amend' | 'trigger' };

/** `e` on an order: its change ("PRICE SIZE"), or on a trigger its new trigger price (a replace). */
export function openOrderEditor(store: TerminalStore): void {
  const state = store.getState();
  const order = selectedOrder(state);
  if (!order) return;
  const market = marketOf(state, order.marketId);
  if (order.triggerPrice !== null) {
    openEditor(store, 'trigger', order.orderId, market ? formatScaled(order.triggerPrice, market.priceDecimals) : '');
    return;
  }
  const prefill = market ? `${formatScaled(order.price, market.priceDecimals)} ${formatScaled(order.originalSize - order.filledSize, market.sizeDecimals)}` : '';
  openEditor(store, 'amend', order.orderId, prefill);
}

/** `c`, `C`, `A`: the confirm of a cancel (the selected order, every order in this market, every order). */
export function askCancel(store: TerminalStore, which: 'selected' | 'market' | 'all'): void {
  const state = store.getState();
  if (which === 'all') {
    askConfirm(store, { text: cancelAllQuestion(state, 'cancel every open order in every market'), action: { kind: 'tab', intent: { kind: 'cancelAll' } }, at: 'tabs' });
    return;
  }
  if (which === 'market') {
    const market = state.market;
    if (market) askConfirm(store, { text: cancelAllQuestion(state, `cancel every order in ${market.symbol}`, market.id), action: { kind: 'tab', intent: { kind: 'cancelAll', marketId: market.id } }, at: 'tabs' });
    return;
  }
  const order = selectedOrder(state);
  if (order) askConfirm(store, { text: `cancel order ${order.orderId}?`, action: { kind: 'tab', intent: { kind: 'cancel', orderId: order.orderId } }, at: 'tabs' });
}

/** A trigger's change moves its trigger, not a resting price: it keeps the TP/SL path. */
export function isTrigger(state: TerminalState, orderId: number): boolean {
  return state.trading.orders.find((o) => o.orderId === orderId)?.triggerPrice != null;
}

/** What the open order editor's text asks for, against the order (and a trigger's position) as they are now. */
export function orderEditorResult(state: TerminalState, prompt: OrderPrompt): EditorResult {
  const order = state.trading.orders.find((o) => o.orderId === prompt.targetId);
  const market = order && marketOf(state, order.marketId);
  if (!order || !market) return { error: 'that row is gone' };
  if (prompt.mode === 'amend') return amendIntent(prompt.text, order, market);
  const position = state.trading.positions.find((p) => p.positionId === order.linkedPositionId);
  return triggerMoveIntent(prompt.text, order, position, market, state.trading.marketPrices[order.marketId]?.lastTrade);
}

/**
 * Enter on a change of a resting order: reviewed like a new order (the order entry pane shows the order as it
 * would stand, the confirm asks). The refusal's words when it cannot be reviewed, else null.
 */
export function reviewChange(store: TerminalStore, intent: Extract<TabIntent, { kind: 'change' }>): string | null {
  const { orderId, price, size } = intent;
  return openAmendReview(store, orderId, { ...(price !== undefined ? { price } : {}), ...(size !== undefined ? { size } : {}) }, Date.now());
}

// The change and move-trigger editors are this context's: Enter on a change of a resting order opens its review.
ownEditors(['amend', 'trigger'], {
  result: (state, prompt) => orderEditorResult(state, { ...prompt, mode: prompt.mode === 'trigger' ? 'trigger' : 'amend' }),
  takeOver: (store, intent) => (intent.kind === 'change' && !isTrigger(store.getState(), intent.orderId) ? { refused: reviewChange(store, intent) } : null),
});

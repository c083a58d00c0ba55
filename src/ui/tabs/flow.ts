// The flows of the trading tabs' rows: open the inline editor of a position (close, collateral, TP/SL) or an
// order (change, move a trigger), ask the one confirm for cancels, read the editor's text into a request
// (editors.ts) and send it through TerminalActions once confirmed.

import { type MarketWords, cancelWords, changeWords, collateralWords, refWords } from '../../domain/trading/order-words.js';
import { WHOLE_POSITION_BPS, formatClosePercent } from '../../domain/trading/close-share.js';
import { protectionOf } from '../../domain/trading/protection.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { formatScaled, formatScaledTrim } from '../../protocol/scaling.js';
import { marketsOf, type TerminalState, type TerminalStore } from '../../state/store.js';
import { askConfirm, patchTradingUi } from '../../state/trading-actions.js';
import { openEditor, setPrompt, setPromptError, type TabIntent } from '../../state/trading-tabs.js';
import { selectedIndex, tabRows } from './rows.js';
import { openAmendReview } from '../open-orders/amend-review.js';
import { cancelAllQuestion } from '../confirm/cancel-all.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';
import { amendIntent, closeIntent, collateralIntent, protectIntent, triggerMoveIntent, type EditorResult } from './editors.js';

function marketOf(state: TerminalState, marketId: number): MarketRef | undefined {
  return marketsOf(state).byId(marketId) ?? (state.market?.id === marketId ? state.market : undefined);
}

/** The selected position of the Positions tab, or undefined (another tab, or no rows). */
export function selectedPosition(state: TerminalState): PositionRowView | undefined {
  const rows = tabRows(state);
  return rows.tab === 'positions' ? rows.rows[selectedIndex(state, rows.rows.length)] : undefined;
}

/** The selected order of the Open orders tab, or undefined. */
export function selectedOrder(state: TerminalState): OrderRowView | undefined {
  const rows = tabRows(state);
  return rows.tab === 'orders' ? rows.rows[selectedIndex(state, rows.rows.length)] : undefined;
}

/** The toast's words for a tab's request: the market's name and units, not wire integers. */
function describe(state: TerminalState, intent: TabIntent): string {
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
    case 'close':
      return `close position ${intent.positionId}`;
    case 'collateral':
      return collateralWords(intent.positionId, intent.amount);
    case 'protect':
      return `TP/SL for position ${intent.positionId}`;
  }
}

/** Sends a confirmed request of the tabs; `keyAtMs`: the key press that sent it (its execution report's start). */
export function runTabIntent(store: TerminalStore, actions: TerminalActions, intent: TabIntent, keyAtMs?: number): Promise<ActionResult> {
  setPrompt(store, null);
  const label = describe(store.getState(), intent);
  const key = keyStampOf(store.getState(), keyAtMs);
  switch (intent.kind) {
    case 'cancel':
      return actions.cancel(intent.orderId, label, key);
    case 'cancelAll':
      return actions.cancelAll(intent.marketId, label, key);
    case 'change':
      return actions.amend(intent.orderId, { ...(intent.price !== undefined ? { price: intent.price } : {}), ...(intent.size !== undefined ? { size: intent.size } : {}) }, label, key);
    case 'close':
      return actions.close(intent.positionId, intent.opts, label, key);
    case 'collateral':
      rememberCollateral(store, intent.positionId, intent.amount);
      return actions.addCollateral(intent.positionId, intent.amount, label);
    case 'protect': {
      // One replace in the client: the new trigger is armed first, the old of its role cancelled after.
      const spec = (price: number) => ({ price, on: intent.on, ...(intent.size !== undefined ? { size: intent.size } : {}) });
      return actions.replaceProtection(
        intent.positionId,
        { ...(intent.tp !== undefined ? { tp: spec(intent.tp) } : {}), ...(intent.sl !== undefined ? { sl: spec(intent.sl) } : {}) },
        intent.replacing !== undefined ? { replacing: [intent.replacing] } : {},
        label,
        key,
      );
    }
  }
}

/** The amount of a top-up as sent, in collateral units: where the next `a` in that position's market starts. */
function rememberCollateral(store: TerminalStore, positionId: number, amount: string): void {
  const { trading, tradingUi } = store.getState();
  const marketId = trading.positions.find((p) => p.positionId === positionId)?.marketId;
  if (marketId === undefined) return;
  patchTradingUi(store, { lastCollateral: { ...tradingUi.lastCollateral, [marketId]: formatScaledTrim(BigInt(amount), COLLATERAL_DECIMALS) } });
}

/**
 * `x`, `a`, `t` on a position: its editor, prefilled (selected, so typing replaces it): `x` with 100% (what
 * an empty line means), `a` with the amount last added in that market this session, TP/SL with the triggers it has.
 */
export function openPositionEditor(store: TerminalStore, mode: 'close' | 'collateral' | 'tpsl'): void {
  const state = store.getState();
  const position = selectedPosition(state);
  if (!position) return;
  if (mode === 'close') return openEditor(store, mode, position.positionId, formatClosePercent(WHOLE_POSITION_BPS));
  if (mode === 'collateral') return openEditor(store, mode, position.positionId, state.tradingUi.lastCollateral[position.marketId] ?? '');
  const market = marketOf(state, position.marketId);
  const { stopLoss, takeProfit } = protectionOf(position, state.trading.orders);
  const price = (raw: number) => (market ? formatScaled(raw, market.priceDecimals) : '');
  const words = [...stopLoss.map((t) => `sl ${price(t.price)}`), ...takeProfit.map((t) => `tp ${price(t.price)}`)];
  openEditor(store, 'tpsl', position.positionId, words.join(' '));
}

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
function isTrigger(state: TerminalState, orderId: number): boolean {
  return state.trading.orders.find((o) => o.orderId === orderId)?.triggerPrice != null;
}

function editorResult(state: TerminalState): EditorResult {
  const prompt = state.tabs.prompt;
  if (!prompt) return { error: 'no editor open' };
  const gone: EditorResult = { error: 'that row is gone' };
  if (prompt.mode === 'amend' || prompt.mode === 'trigger') {
    const order = state.trading.orders.find((o) => o.orderId === prompt.targetId);
    const market = order && marketOf(state, order.marketId);
    if (!order || !market) return gone;
    if (prompt.mode === 'amend') return amendIntent(prompt.text, order, market);
    const position = state.trading.positions.find((p) => p.positionId === order.linkedPositionId);
    return triggerMoveIntent(prompt.text, order, position, market, state.trading.marketPrices[order.marketId]?.lastTrade);
  }
  const position = state.trading.positions.find((p) => p.positionId === prompt.targetId);
  const market = position && marketOf(state, position.marketId);
  if (!position || !market) return gone;
  if (prompt.mode === 'close') return closeIntent(prompt.text, position, market);
  if (prompt.mode === 'collateral') return collateralIntent(prompt.text, position, market);
  return protectIntent(prompt.text, position, market, protectionOf(position, state.trading.orders), state.trading.marketPrices[position.marketId]?.lastTrade);
}

/** Enter in the editor (at `keyAtMs`): an error on its line, the review of a change, the confirm, or (none needed) the send. */
export function submitEditor(store: TerminalStore, actions: TerminalActions, keyAtMs?: number): void {
  const state = store.getState();
  const result = editorResult(state);
  if ('error' in result) return setPromptError(store, result.error);
  if (result.intent.kind === 'change' && !isTrigger(state, result.intent.orderId)) {
    // Reviewed like a new order: the order entry pane shows the order as it would stand, the confirm asks.
    const { orderId, price, size } = result.intent;
    const refused = openAmendReview(store, orderId, { ...(price !== undefined ? { price } : {}), ...(size !== undefined ? { size } : {}) }, Date.now());
    if (refused) setPromptError(store, refused);
    else setPrompt(store, null);
    return;
  }
  if (result.confirm) {
    setPrompt(store, null);
    askConfirm(store, { text: result.confirm, action: { kind: 'tab', intent: result.intent }, at: 'tabs' });
    return;
  }
  void runTabIntent(store, actions, result.intent, keyAtMs);
}

// `y` on a question of the tabs (close, collateral, TP/SL, cancel, cancel all) runs its intent.
answerConfirmWith('tab', { yes: ({ store, actions, keyAtMs }, action) => void runTabIntent(store, actions, action.intent, keyAtMs) });

// A change of a resting order (`e` on Open orders, `:amend`) is reviewed like a new order: the order as it
// would stand after the change must pass the rules of placing it (domain/trading/change-rules.ts), is
// previewed and judged by smart confirm through the same code as order entry (order-review.ts), and is
// shown in the order entry pane with a confirm whose default is Cancel. Only `y` sends the Change.

import { changeProblems, type ChangeTarget } from '../../domain/trading/change-rules.js';
import type { PlaceKind } from '../../domain/trading/commands.js';
import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import { OrderFlag, OrderType } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { setNotice } from '../../state/actions.js';
import { previewFor, reviewOrder, type ReviewedOrder } from '../../state/order-review.js';
import { marketsOf, type TerminalState, type TerminalStore } from '../../state/store.js';
import { askConfirm, showAmendReview } from '../../state/trading-actions.js';
import { newOrderLocks } from '../../state/trading-locks.js';
import type { AmendReview } from '../../state/trading-slice.js';
import { marketLabel } from '../../domain/market-label.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';

export type OrderChange = AmendReview['change'];

const KIND_OF_FLAGS: Record<number, PlaceKind> = {
  [OrderFlag.GoodTillCancel]: 'limit',
  [OrderFlag.PostOnly]: 'post-only',
  [OrderFlag.FillOrKill]: 'fok',
  [OrderFlag.ImmediateOrCancel]: 'ioc',
};

const isClose = (type: number) => type === OrderType.CloseLong || type === OrderType.CloseShort;

function openSize(order: OrderRowView): number {
  return order.originalSize - order.filledSize;
}

/** The order as it would stand after `change`: a buy or sell of the new size at the new price, as placed. */
export function amendedOrder(order: OrderRowView, change: OrderChange): ReviewedOrder {
  // CloseLong sells, CloseShort buys; both only reduce.
  const buys = order.type === OrderType.OpenLong || order.type === OrderType.CloseShort;
  return {
    marketId: order.marketId,
    kind: KIND_OF_FLAGS[order.flags] ?? 'limit',
    side: buys ? 'long' : 'short',
    size: change.size ?? openSize(order),
    price: change.price ?? order.price,
    leverage: order.leverage,
    ...(isClose(order.type) ? { reduceOnly: true } : {}),
  };
}

function changeTarget(order: OrderRowView): ChangeTarget {
  return {
    t: order.type, mkt: order.marketId, p: order.price, remaining: openSize(order), fl: order.flags, lv: order.leverage,
    ...(order.triggerPrice !== null ? { tp: order.triggerPrice } : {}),
  };
}

/** "price 66,500 → 66,000.5, size 0.15 BTC → 0.3 BTC": only what moves, in the Journal's words. */
function describeChange(order: OrderRowView, change: OrderChange, market: Market): string {
  const words = marketWords(market, market.id);
  const px = (v: number) => priceText(v, words);
  const sz = (v: number) => sizeText(v, words);
  return [
    change.price !== undefined && change.price !== order.price ? `price ${px(order.price)} → ${px(change.price)}` : null,
    change.size !== undefined && change.size !== openSize(order) ? `size ${sz(openSize(order))} → ${sz(change.size)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function fullCloseAfter(state: TerminalState, order: OrderRowView, size: number): boolean {
  const position = state.trading.positions.find((p) => p.marketId === order.marketId);
  return isClose(order.type) && position !== undefined && size >= position.size;
}

/** Why no change can be sent now: the session's reason, or a market-data feed that is not live (the book and mark the review reads would be old). */
function amendBlocked(state: TerminalState): string | null {
  return describeLocks(newOrderLocks(state, null));
}

/**
 * Opens the review of `change` to resting order `orderId` with its confirm (default Cancel). Returns why it
 * cannot be reviewed (nothing opens then), or null.
 */
export function openAmendReview(store: TerminalStore, orderId: number, change: OrderChange, nowMs: number, said = ''): string | null {
  const state = store.getState();
  const order = state.trading.orders.find((o) => o.orderId === orderId);
  if (!order) return `order ${orderId} is not open`;
  const market = marketsOf(state).configOf(order.marketId);
  if (!market) return `the config of market ${order.marketId} is not loaded: nothing to review the change with`;
  // A trigger's change moves its trigger price: a limit order's review would misstate it.
  if (order.triggerPrice !== null) return `order ${orderId} is a TP/SL trigger: change it with t on its position`;
  const blocked = amendBlocked(state);
  if (blocked) return `cannot amend: ${blocked}`;
  const after = amendedOrder(order, change);
  const problems = changeProblems(changeTarget(order), change, market, fullCloseAfter(state, order, after.size));
  if (problems.length > 0) return problems.map((p) => p.message).join('; ');
  const { reasons } = reviewOrder(state, after, { nowMs, change: { sizeBefore: openSize(order) } });
  const what = describeChange(order, change, market);
  const question = `change ${marketLabel(market)} order ${orderId}: ${what}${said}${reasons.length > 0 ? ` — ${reasons.join('; ')}: send anyway` : ''}?`;
  const review: AmendReview = { orderId, marketId: order.marketId, before: { price: order.price, size: openSize(order) }, change, after, reasons };
  showAmendReview(store, review);
  askConfirm(store, { text: question, action: { kind: 'amend' }, at: 'entry', yes: 'send the change' });
  return null;
}

export function closeAmendReview(store: TerminalStore): void {
  showAmendReview(store, null);
}

/** The answer to the amend's confirm: `y` (at `keyAtMs`, its execution report's start) sends the change (if the order is still as reviewed), anything else cancels. */
export function answerAmend(store: TerminalStore, actions: TerminalActions, yes: boolean, keyAtMs?: number): void {
  const review = store.getState().tradingUi.amend;
  closeAmendReview(store);
  if (!review) return;
  if (!yes) {
    setNotice(store, `cancelled: order ${review.orderId} not changed`);
    return;
  }
  const state = store.getState();
  const order = state.trading.orders.find((o) => o.orderId === review.orderId);
  if (!order) {
    setNotice(store, `amend: order ${review.orderId} is no longer open: nothing sent`);
    return;
  }
  // What was reviewed must still be what would change: a fill or another client moved it otherwise.
  if (order.price !== review.before.price || openSize(order) !== review.before.size) {
    setNotice(store, `amend: order ${review.orderId} changed during the review: nothing sent, review it again`);
    return;
  }
  // Checked again at send time: the session can lock, or the feed stall, while the review is open.
  const blocked = amendBlocked(state);
  if (blocked) {
    setNotice(store, `cannot amend: ${blocked}`);
    return;
  }
  // Timed from this y; the review's estimate of the order as it stands after the change goes with it.
  const key = keyStampOf(state, keyAtMs);
  const estimate = key ? (previewFor(state, review.after)?.averagePrice ?? null) : null;
  void actions.amend(review.orderId, review.change, `amend ${review.orderId}`, key && estimate !== null ? { ...key, estimatedPrice: Number(estimate) } : key);
}

answerConfirmWith('amend', {
  yes: ({ store, actions, keyAtMs }) => answerAmend(store, actions, true, keyAtMs),
  no: ({ store, actions, keyAtMs }) => answerAmend(store, actions, false, keyAtMs),
  // Another question (a quit) replaced the change's: answering it ends the review, nothing sent.
  otherAnswered: ({ store }) => {
    if (store.getState().tradingUi.amend) closeAmendReview(store);
  },
});

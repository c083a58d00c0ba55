// What the ladder's keys ask, acting only through the one order path: a limit or a stop at the cursor is a
// typed order with the order form's remembered size (the `:buy` review, its confirm and guards); a cancel
// at a row is the confirm `c` asks in Open orders; a move of a picked order is the amend review `e` opens.

import { formatScaled } from '../../protocol/scaling.js';
import { setNotice } from '../../state/actions.js';
import { pickLadderOrder, placeLadder } from '../../state/ladder.js';
import { focusField, newEntryForm } from '../../state/order-entry.js';
import { openEntryForm } from '../../state/order-entry-actions.js';
import type { TerminalState } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { keyStampOf } from '../actions/execution-origin.js';
import type { TypedOrder } from '../command-line/parse.js';
import { answerConfirmWith } from '../confirm/answers.js';
import type { KeyContext } from '../keys/binding.js';
import { openAmendReview } from '../open-orders/amend-review.js';
import { currentMarket, defaultLeverage, disabledReason, entryFromCommand } from '../order-entry/flow.js';
import { moveLadderCursor, type LadderRow } from './rows.js';
import { ladderModel } from './view.js';
// The single-order cancel asked here is answered (sent) by the tabs, as `c` in Open orders is.
import '../tabs/intent.js';
import '../open-orders/send.js';

/** The ladder rows the keys act on (the pane's, from the key's view of the layout). */
function rowsOf(ctx: KeyContext): number {
  return ctx.view.ladderRows ?? 1;
}

/** The row under the cursor as the pane shows it, or null (no cursor, no book). */
export function cursorRow(state: TerminalState, rows: number): LadderRow | null {
  return ladderModel(state, rows).model?.rows.find((r) => r.cursor) ?? null;
}

/** j k PgUp PgDn g G: the cursor a step; the ladder scrolls only when it passes an edge. */
export function moveInLadder(ctx: KeyContext, step: (page: number) => number): void {
  const rows = rowsOf(ctx);
  const state = ctx.store.getState();
  const { model, group } = ladderModel(state, rows);
  if (!model) return;
  const cursor = state.ladder.group === group ? state.ladder.cursor : null;
  const next = moveLadderCursor(cursor, model.centre, step(Math.max(1, rows - 1)), rows, group);
  placeLadder(ctx.store, group, next.centre, next.cursor);
}

/** The price the keys place at: the cursor's, as the market writes it; or why there is none. */
function cursorPrice(ctx: KeyContext): { row: LadderRow; text: string } | string {
  const state = ctx.store.getState();
  const market = currentMarket(state);
  if (!market) return `orders disabled: ${disabledReason(state) ?? 'no market loaded yet'}`;
  const row = cursorRow(state, rowsOf(ctx));
  if (!row) return 'no cursor on the ladder: move it with j / k first';
  return { row, text: formatScaled(row.price, market.config.price_decimals) };
}

/** Sends the typed order to the one review (and its confirm); says why not when it cannot open. */
function review(ctx: KeyContext, order: TypedOrder): void {
  const refused = entryFromCommand(ctx.store, order, { actions: ctx.actions, nowMs: ctx.nowMs, ...(ctx.keyAtMs !== undefined ? { keyAtMs: ctx.keyAtMs } : {}) });
  if (refused) setNotice(ctx.store, refused);
}

/** The order form's remembered size for the market; without one the form opens at the cursor's price on its size. */
function sizeOrForm(ctx: KeyContext, side: 'long' | 'short', price: string): string | null {
  const state = ctx.store.getState();
  const market = currentMarket(state);
  if (!market) return null;
  const size = state.tradingUi.lastSize[market.id];
  if (size) return size;
  openEntryForm(ctx.store, focusField(newEntryForm(market.id, side, price, defaultLeverage(state, market)), 'size'));
  setNotice(ctx.store, 'no size yet for this market: type it (the ladder uses it from now on)');
  return null;
}

/** B / S: a limit buy or sell at the cursor with the remembered size, through the review. */
export function limitAtCursor(ctx: KeyContext, side: 'long' | 'short'): void {
  const at = cursorPrice(ctx);
  if (typeof at === 'string') return setNotice(ctx.store, at);
  const size = sizeOrForm(ctx, side, at.text);
  if (size) review(ctx, { kind: 'order', side, type: 'limit', size, price: at.text, tif: 'gtc' });
}

/** o: a stop-market at the cursor: a buy stop above the mark, a sell stop below it (the review says the rest). */
export function stopAtCursor(ctx: KeyContext): void {
  const at = cursorPrice(ctx);
  if (typeof at === 'string') return setNotice(ctx.store, at);
  const mark = ctx.store.getState().header?.mark ?? null;
  if (mark === null) return setNotice(ctx.store, 'no mark price yet: a stop needs one to know its side');
  if (at.row.price === mark) return setNotice(ctx.store, 'the cursor is at the mark: move it above (buy stop) or below (sell stop)');
  const side = at.row.price > mark ? 'long' : 'short';
  const size = sizeOrForm(ctx, side, '');
  if (size) review(ctx, { kind: 'order', side, type: 'market', size, stop: at.text, tif: 'gtc' });
}

/** c: cancel the own orders at the cursor row (the confirm `c` asks in Open orders; several: one question for all). */
export function cancelAtCursor(ctx: KeyContext): void {
  const row = cursorRow(ctx.store.getState(), rowsOf(ctx));
  const own = row?.own ?? [];
  const first = own[0];
  if (!row || !first) return setNotice(ctx.store, 'no order of yours at the cursor row');
  if (own.length === 1) {
    askConfirm(ctx.store, { text: `cancel order ${first.orderId}?`, action: { kind: 'tab', intent: { kind: 'cancel', orderId: first.orderId } }, at: 'tabs' });
    return;
  }
  askConfirm(ctx.store, { text: `cancel your ${own.length} orders at this row (${own.map((o) => o.orderId).join(', ')})?`, action: { kind: 'cancel-orders', orderIds: own.map((o) => o.orderId) }, at: 'tabs' });
}

/**
 * m: pick up the own resting order at the cursor row; m again on another row moves it there, through the
 * amend review (its confirm and guards). A trigger is moved from its position (`t`), as the review says.
 */
export function moveToCursor(ctx: KeyContext): void {
  const state = ctx.store.getState();
  const row = cursorRow(state, rowsOf(ctx));
  if (!row) return setNotice(ctx.store, 'no cursor on the ladder: move it with j / k first');
  const picked = state.ladder.picked;
  const order = picked === null ? undefined : state.trading.orders.find((o) => o.orderId === picked);
  if (!order) {
    const own = row.own.find((o) => o.trigger === null) ?? row.own[0];
    if (!own) return setNotice(ctx.store, 'no order of yours at the cursor row to move');
    pickLadderOrder(ctx.store, own.orderId);
    setNotice(ctx.store, `order ${own.orderId} picked: move the cursor to its new price and press m (Esc drops it)`);
    return;
  }
  if (row.own.some((o) => o.orderId === order.orderId)) {
    pickLadderOrder(ctx.store, null);
    return setNotice(ctx.store, `order ${order.orderId} is already at this row: dropped`);
  }
  const refused = openAmendReview(ctx.store, order.orderId, { price: row.price }, ctx.nowMs);
  if (refused) return setNotice(ctx.store, refused);
  pickLadderOrder(ctx.store, null);
}

// `y` on the question for several orders at a row: each cancelled (read again now: one may have filled since).
answerConfirmWith('cancel-orders', {
  yes: ({ store, actions, keyAtMs }, action) => {
    const state = store.getState();
    const open = action.orderIds.filter((id) => state.trading.orders.some((o) => o.orderId === id));
    if (open.length === 0) return setNotice(store, 'cancel: none of those orders is open now');
    void actions.cancelGroup(open, 'cancel at ladder row', keyStampOf(state, keyAtMs));
  },
});

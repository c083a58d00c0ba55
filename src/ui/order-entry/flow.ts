// The order entry flow on the store: open (prefilled from the book cursor or best price), edit, review,
// smart confirm (default Cancel), and the send through TerminalActions. A typed `:buy` enters here too.

import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import type { PlaceParams, Side } from '../../domain/trading/commands.js';
import type { OrderPreview } from '../../domain/trading/preview.js';
import { describeLocks } from '../../domain/trading/session-locks.js';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import { shownLevels } from '../../domain/views.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { setNotice } from '../../state/actions.js';
import { questionLapse, refusalLapse } from '../../state/notice.js';
import { focusField, maxLeverageHundredths, newEntryForm, type EntryNote, type EntryResult, type OrderEntryForm } from '../../state/order-entry.js';
import { previewFor, reviewOrder } from '../../state/order-review.js';
import { currentMarket, entryCheck } from './form-check.js';
import { disabledReason, entryToSend } from './send-check.js';
import { entryView } from './view.js';
import { orderSignature } from '../../state/smart-confirm.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { closeEntryForm, closeSentEntry, editEntryForm, openEntryForm, setEntryReviewing } from '../../state/order-entry-actions.js';
import { newOrderLocks } from '../../state/trading-locks.js';
import type { TypedOrder } from '../command-line/parse.js';
import { executionOrigin } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';

export { currentMarket, entryContext, evaluateForm } from './form-check.js';

export { disabledReason };

/** Why the order in the form cannot be sent now (EntryCheck.disabled), or null. */
export function entryDisabledReason(state: TerminalState, form: OrderEntryForm): string | null {
  return entryCheck(state, form).disabled;
}

function prefillPrice(state: TerminalState, side: Side, pd: number): string {
  const book = state.book;
  const cursor = state.bookCursor;
  // The cursor is on a level as the pane shows it: grouped, that is the group's price, its passive edge (a
  // bid group rounded down, an ask group up: a buy there rests at or under every bid in it, a sell at or over every ask).
  const levels = book ? shownLevels(book) : null;
  const row = cursor ? (cursor.side === 'ask' ? levels?.asks : levels?.bids)?.[cursor.level] : undefined;
  // Without a cursor a buy starts at the best bid and a sell at the best ask: the passive side, so a
  // "limit" order rests as a maker unless the trader moves it across (the review then says it crosses).
  const price = row?.price ?? (side === 'long' ? book?.bids[0]?.price : book?.asks[0]?.price) ?? state.header?.mark ?? null;
  return price === null || price === undefined ? '' : formatScaledTrim(price, pd);
}

export function defaultLeverage(state: TerminalState, market: Market): string {
  const typed = state.tradingUi.leverage;
  if (typed !== '') return typed;
  return formatScaledTrim(Math.min(500, maxLeverageHundredths(market)), 2);
}

/** b / s: opens order entry for the current market; false (with a notice) when there is nothing to trade. */
export function openEntry(store: TerminalStore, side: Side): boolean {
  const state = store.getState();
  const market = currentMarket(state);
  if (!market) {
    const locked = disabledReason(state);
    setNotice(store, `orders disabled: ${locked ?? 'no market loaded yet'}`, locked ? { kind: 'orders-enabled', marketId: null } : null);
    return false;
  }
  const fresh = newEntryForm(market.id, side, prefillPrice(state, side, market.config.price_decimals), defaultLeverage(state, market));
  const remembered = state.tradingUi.lastSize[market.id];
  // The form opens on the size: a remembered one is selected, so the first character typed replaces it.
  const form = remembered ? focusField({ ...fresh, size: remembered, sizeRemembered: true }, 'size') : fresh;
  openEntryForm(store, form);
  const reason = entryDisabledReason(state, form);
  // A lock lapses with its cause (state/notice.ts); an order the exchange would refuse stays said until Esc.
  const locked = describeLocks(newOrderLocks(state, form.marketId)) !== null;
  if (reason) setNotice(store, `orders disabled: ${reason}`, locked ? { kind: 'orders-enabled', marketId: form.marketId } : null);
  return true;
}

export function closeEntry(store: TerminalStore): void {
  closeEntryForm(store);
}

export function updateEntry(store: TerminalStore, form: OrderEntryForm): void {
  editEntryForm(store, form);
}

/** Esc in the review: back to the form, nothing sent. */
export function backToForm(store: TerminalStore): void {
  setEntryReviewing(store, false);
}

/** The risk preview of a valid form (the same one an amend is reviewed with), or null. */
export function entryPreview(state: TerminalState, intent: PlaceParams): OrderPreview | null {
  return previewFor(state, intent);
}

/** What sending needs when the config skips the review (`[confirm] skipReview`). */
export interface SendContext {
  actions: TerminalActions;
  nowMs: number;
  /** Monotonic ms of the key press (execution reports time the order from it). */
  keyAtMs?: number;
  /** Skip the review (a routine order goes at once), over the config's `[confirm] skipReview`: a preset says its own. */
  skipReview?: boolean;
}

/** Why the form's order cannot go to review: the lock or refusal that holds every order, or the fields that are wrong. */
type ReviewRefusal = { kind: 'blocked'; reason: string } | { kind: 'fields'; problems: EntryResult['problems'] };

/** Why the form cannot open its review now, or null when it can. */
function reviewRefusal(state: TerminalState, form: OrderEntryForm): ReviewRefusal | null {
  const { disabled, result } = entryCheck(state, form);
  if (disabled) return { kind: 'blocked', reason: disabled };
  // The fields, then the stops the order would arm against the liquidation (order-entry/form-check.ts).
  if (Object.keys(result.problems).length > 0 || !result.intent) return { kind: 'fields', problems: result.problems };
  return null;
}

/** Opens the review (and with `skipReview` configured sends a routine order at once); call once reviewRefusal is null. */
function openReview(store: TerminalStore, send?: SendContext): void {
  setEntryReviewing(store, true);
  if (send && (send.skipReview ?? store.getState().workspace.confirmPrefs.skipReview)) acceptReview(store, send.actions, send.nowMs, send.keyAtMs);
}

/** A send refused, said in the footer; while a lock is why, the words go with the lock (notice.ts refusalLapse). */
function sayCannotSend(store: TerminalStore, state: TerminalState, reason: string, marketId: number | null): void {
  setNotice(store, `cannot send: ${reason}`, marketId === null ? null : refusalLapse(state, marketId));
}

/**
 * Enter on the form: review when valid and sendable, else say why. With `skipReview` configured a
 * routine order goes straight out; one that trips smart confirm still stops at its question.
 */
export function startReview(store: TerminalStore, send?: SendContext): void {
  const state = store.getState();
  const form = state.tradingUi.entry;
  if (!form) return;
  const refused = reviewRefusal(state, form);
  if (refused?.kind === 'blocked') return sayCannotSend(store, state, refused.reason, form.marketId);
  if (refused) {
    const bad = Object.keys(refused.problems);
    return setNotice(store, bad.length > 0 ? `fix ${bad.join(', ')} (reasons beside each field)` : 'the order is incomplete');
  }
  openReview(store, send);
}

/** y / Enter in review: ask (default Cancel) when smart confirm trips, else send. */
export function acceptReview(store: TerminalStore, actions: TerminalActions, nowMs: number, keyAtMs?: number): void {
  const state = store.getState();
  // The check the pane shows (view.ts): made once for this state, not again for the key.
  const entry = entryView(state).entry;
  if (!entry) return;
  const { result, preview, disabled } = entry.check;
  if (disabled) {
    sayCannotSend(store, state, disabled, entry.form.marketId);
    return;
  }
  if (!result.intent) {
    // The form no longer makes an order in this state (its market unloaded, a field the state now refuses): said, never a silent y.
    const said = Object.values(result.problems);
    setNotice(store, `cannot send: ${said.length > 0 ? said.join('; ') : 'the order is incomplete'}`, questionLapse(state));
    return;
  }
  const { reasons } = reviewOrder(state, result.intent, { nowMs, preview });
  if (reasons.length > 0) {
    askConfirm(store, { text: `${reasons.join('; ')}: send anyway?`, action: { kind: 'send-order' }, at: 'entry', yes: 'send anyway' });
    return;
  }
  sendEntry(store, actions, nowMs, keyAtMs);
}

function describe(intent: PlaceParams, market: Market | undefined): string {
  const words = marketWords(market, intent.marketId);
  const price = intent.price !== undefined ? `@ ${priceText(intent.price, words)}` : 'at market';
  return `${intent.side === 'long' ? 'buy' : 'sell'} ${sizeText(intent.size, words)} ${price}`;
}

export function sendEntry(store: TerminalStore, actions: TerminalActions, nowMs: number, keyAtMs?: number): void {
  const state = store.getState();
  const toSend = entryToSend(state);
  if ('refused' in toSend) {
    sayCannotSend(store, state, toSend.refused, state.tradingUi.entry?.marketId ?? null);
    return;
  }
  const sent = toSend.intent;
  // What the key press saw goes with the order: its execution report measures from it.
  const intent = keyAtMs === undefined ? sent : { ...sent, origin: executionOrigin(state, sent, keyAtMs) };
  // Sent before the form closes: the store write repaints the screen, and the order must not wait behind it.
  const sending = actions.place(intent, describe(intent, currentMarket(state, intent.marketId)));
  closeSentEntry(store, { signature: orderSignature(intent), atMs: nowMs, marketId: intent.marketId });
  void sending;
}

/**
 * The key thread sent the review's order on its `y` (issue 35): the review closes as after sendEntry and
 * the outcome is said as a place's. Nothing is sent here: that key never reaches the review as a confirm.
 */
export function firedEntry(store: TerminalStore, actions: TerminalActions, nowMs: number): void {
  const state = store.getState();
  const toSend = entryToSend(state);
  const intent = 'intent' in toSend ? toSend.intent : null;
  void actions.placeFired(intent ? describe(intent, currentMarket(state, intent.marketId)) : 'order');
  if (intent) closeSentEntry(store, { signature: orderSignature(intent), atMs: nowMs, marketId: intent.marketId });
  else if (state.tradingUi.entry) closeEntry(store);
}

/**
 * A typed order (`:buy`, `:sell`): the same form, straight to review. Returns why its review cannot open
 * (the `:` line then stays open with its text and this reason, and nothing opens behind the trader's keys),
 * or null once the review is open.
 */
export function entryFromCommand(store: TerminalStore, cmd: TypedOrder, send?: SendContext, notes?: readonly EntryNote[]): string | null {
  const state = store.getState();
  const market = currentMarket(state);
  if (!market) return `orders disabled: ${disabledReason(state) ?? 'no market loaded yet'}`;
  // Focused on its size, selected (Esc from the review goes back to it there: a key typed replaces it); the
  // same form object is checked and stored, so the pane reads the check made here.
  const typed: OrderEntryForm = focusField({
    ...newEntryForm(market.id, cmd.side, cmd.price ?? '', cmd.leverage ?? defaultLeverage(state, market)),
    type: cmd.stop !== undefined ? (cmd.type === 'market' ? 'stop-market' : 'stop-limit') : cmd.type,
    trigger: cmd.stop ?? '',
    triggerOn: cmd.on ?? 'mark',
    reduceOnly: cmd.reduceOnly ?? false,
    tif: cmd.tif,
    size: cmd.size,
    slippage: cmd.slippage ?? '',
    tp: cmd.tp ?? '',
    sl: cmd.sl ?? '',
    ...(notes && notes.length > 0 ? { typedNotes: notes } : {}),
  }, 'size');
  const refused = reviewRefusal(state, typed);
  if (refused?.kind === 'blocked') return `cannot send: ${refused.reason}`;
  if (refused) {
    // Each field's reason names what it is about ("price "1.25" has more than 1 decimal"): said as it is.
    const said = Object.values(refused.problems);
    return said.length > 0 ? said.join('; ') : 'the order is incomplete';
  }
  openEntryForm(store, typed);
  openReview(store, send);
  return null;
}

// `y` on the smart confirm of a risky order (acceptReview's question) sends it.
answerConfirmWith('send-order', { yes: ({ store, actions, nowMs, keyAtMs }) => sendEntry(store, actions, nowMs, keyAtMs) });

// Order entry's store writes, one named reducer per step of the form (ui/order-entry/flow.ts decides when):
// opened, edited, reviewed, back to editing, closed, and closed by its send.

import type { OrderEntryForm } from './order-entry.js';
import type { TerminalStore } from './store.js';
import { patchUi } from './trading-actions.js';

/** The form opened (b / s, a typed `:buy`): editing, nothing asked yet. */
export function openEntryForm(store: TerminalStore, form: OrderEntryForm): void {
  patchUi(store, { entry: form, reviewing: false, confirm: null });
}

/** A field edited: back to editing (a review open shows the form again). */
export function editEntryForm(store: TerminalStore, form: OrderEntryForm): void {
  patchUi(store, { entry: form, reviewing: false });
}

/** The form changed from its review (`r`'s TP/SL resize): the review stays. */
export function reviseReviewedForm(store: TerminalStore, form: OrderEntryForm): void {
  patchUi(store, { entry: form });
}

/** The review opened (Enter), or closed back to the form (Esc). */
export function setEntryReviewing(store: TerminalStore, reviewing: boolean): void {
  patchUi(store, { reviewing });
}

/** The form closed, nothing sent. */
export function closeEntryForm(store: TerminalStore): void {
  patchUi(store, { entry: null, reviewing: false, confirm: null });
}

/**
 * The form closed by its send: the order's signature joins the recent ones (smart confirm's duplicate check)
 * and the size as typed ("0.01", "$500", "25%") is where the next order in its market starts.
 */
export function closeSentEntry(store: TerminalStore, sent: { signature: string; atMs: number; marketId: number }): void {
  const ui = store.getState().tradingUi;
  const recent = [...ui.recent, { signature: sent.signature, atMs: sent.atMs }].slice(-20);
  const lastSize = ui.entry ? { ...ui.lastSize, [sent.marketId]: ui.entry.size } : ui.lastSize;
  patchUi(store, { entry: null, reviewing: false, confirm: null, recent, lastSize });
}

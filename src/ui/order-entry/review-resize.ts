// The review's `r`: an order that grows a position whose TP/SL would then cover only part of it carries a
// re-arm of them for the new size (state/order-review-protection.ts says what and whether). Toggled in the
// review; read again when the order is sent, so a resize that can no longer be made is said, never guessed.

import type { PlaceParams } from '../../domain/trading/commands.js';
import { setNotice } from '../../state/actions.js';
import { protectionAfterFill, type CoverageAfterFill } from '../../state/order-review-protection.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { reviseReviewedForm } from '../../state/order-entry-actions.js';
import { entryView, type FormView } from './view.js';

/** The coverage the order under review leaves, or null (no review, or nothing partial). */
export function reviewCoverage(state: TerminalState): CoverageAfterFill | null {
  // The review's own figures (view.ts), read with its preview.
  const entry = entryView(state).entry;
  if (!entry?.reviewing) return null;
  return entry.check.result.intent ? entry.protection.coverage : null;
}

/** Why `r` does nothing now, or null (turning a resize off is always possible). */
export function resizeDisabledReason(state: TerminalState): string | null {
  if (state.tradingUi.entry?.resizeProtection) return null;
  const coverage = reviewCoverage(state);
  if (!coverage) return 'the order leaves no TP/SL covering part of its position';
  return 'refused' in coverage.resize ? coverage.resize.refused : null;
}

/** `r` in the review: the resize on (when it can be made), or off again. */
export function toggleResizeProtection(store: TerminalStore): void {
  const state = store.getState();
  const form = state.tradingUi.entry;
  if (!form) return;
  const reason = resizeDisabledReason(state);
  if (reason) return setNotice(store, `cannot resize TP/SL: ${reason}`);
  reviseReviewedForm(store, { ...form, resizeProtection: !form.resizeProtection });
}

/**
 * The order as sent: with the resize when the review asked for it. A string when it was asked for and can no
 * longer be made (the order is then not sent: `r` turns the resize off to send it without). `entry`: the form's view
 * in `state`, `intent` its order; under review its coverage is the review's own.
 */
export function withResize(state: TerminalState, entry: FormView, intent: PlaceParams): PlaceParams | string {
  if (!entry.form.resizeProtection) return intent;
  const coverage = entry.reviewing ? entry.protection.coverage : protectionAfterFill(state, intent, entry.check.preview).coverage;
  // Covered whole by now: nothing to resize.
  if (!coverage) return intent;
  if ('refused' in coverage.resize) return `TP/SL resize: ${coverage.resize.refused} (r sends the order without it)`;
  return { ...intent, resizeProtection: true };
}

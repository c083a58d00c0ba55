// The one confirm: every question that stands between a key and a request (a risky order, a change, a
// close, a cancel, TP/SL, collateral, panic, quitting with orders open) is a ConfirmPrompt in the store,
// shown the same way (ui/confirm/confirm-text.ts) and answered the same way: `y` does it, any other key
// cancels (the default).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import { setNotice } from '../../state/actions.js';
import type { TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerAmend, closeAmendReview } from '../open-orders/amend-review.js';
import { runConfirmedCommand } from '../command-line/flow.js';
import { sendEntry } from '../order-entry/flow.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { runTabIntent } from '../tabs/flow.js';

/** The answer to the open confirm: `yes` does what it asked, anything else cancels it. */
export function answerConfirm(store: TerminalStore, actions: TerminalActions, yes: boolean, nowMs: number, keyAtMs?: number): void {
  const { confirm } = store.getState().tradingUi;
  if (!confirm) return;
  askConfirm(store, null);
  if (confirm.action.kind === 'amend') return answerAmend(store, actions, yes, keyAtMs);
  // Another question (a quit) replaced the amend's: that review is over, nothing sent.
  if (store.getState().tradingUi.amend) closeAmendReview(store);
  if (!yes) {
    setNotice(store, 'cancelled');
    return;
  }
  switch (confirm.action.kind) {
    case 'quit':
      return actions.quit();
    case 'send-order':
      return sendEntry(store, actions, nowMs, keyAtMs);
    case 'panic': {
      // Every order panic sends is timed from this one key press.
      const key = keyStampOf(store.getState(), keyAtMs);
      void (key ? actions.panic(key) : actions.panic());
      return;
    }
    case 'command':
      return runConfirmedCommand(store, actions, confirm.action.text, keyAtMs);
    case 'tab':
      void runTabIntent(store, actions, confirm.action.intent, keyAtMs);
      return;
  }
}

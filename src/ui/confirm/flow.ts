// The one confirm: every question that stands between a key and a request (a risky order, a change, a
// close, a cancel, TP/SL, collateral, panic, quitting with orders open) is a ConfirmPrompt in the store,
// shown the same way (ui/confirm/ConfirmLine.tsx) and answered the same way: `y` does it, any other key
// cancels (the default). What it does is the asking context's answer (answers.ts), never known here.

import type { TerminalActions } from '../../domain/terminal-actions.js';
import { setNotice } from '../../state/actions.js';
import type { TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { confirmAnswerOf, otherAnswers, type AnswerContext } from './answers.js';

/** The answer to the open confirm: `yes` does what it asked, anything else cancels it. */
export function answerConfirm(store: TerminalStore, actions: TerminalActions, yes: boolean, nowMs: number, keyAtMs?: number): void {
  const { confirm } = store.getState().tradingUi;
  if (!confirm) return;
  askConfirm(store, null);
  const ctx: AnswerContext = { store, actions, nowMs, ...(keyAtMs !== undefined ? { keyAtMs } : {}) };
  // Another question (a quit) replaced an amend's: that review is over, nothing sent.
  for (const other of otherAnswers(confirm.action.kind)) other.otherAnswered?.(ctx);
  const answer = confirmAnswerOf(confirm.action.kind);
  if (!answer) {
    // Never reached in the app (the module that asks a kind registers its answer); a missing one sends nothing.
    setNotice(store, `nothing done: no answer to a ${confirm.action.kind} question`);
    return;
  }
  if (yes) answer.yes(ctx, confirm.action);
  else if (answer.no) answer.no(ctx, confirm.action);
  else setNotice(store, 'cancelled');
}

// A confirmed request of the tabs sent by the context it belongs to (registered in owners.ts by
// open-orders/send.ts and positions/send.ts), and the tabs' answer to their confirm: `y` on a close, a
// top-up, TP/SL, a cancel or cancel all sends it.

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import { setPrompt, type TabIntent } from '../../state/trading-tabs.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';
import { intentSenderOf } from './owners.js';

/** Sends a confirmed request of the tabs; `keyAtMs`: the key press that sent it (its execution report's start). */
export function runTabIntent(store: TerminalStore, actions: TerminalActions, intent: TabIntent, keyAtMs?: number): Promise<ActionResult> {
  setPrompt(store, null);
  const key = keyStampOf(store.getState(), keyAtMs);
  const send = intentSenderOf(intent.kind);
  if (!send) return Promise.resolve({ kind: 'refused', label: intent.kind, message: `nothing sends a ${intent.kind}` });
  return send(store, actions, intent, key);
}

// `y` on a question of the tabs (close, collateral, TP/SL, cancel, cancel all) runs its intent.
answerConfirmWith('tab', { yes: ({ store, actions, keyAtMs }, action) => void runTabIntent(store, actions, action.intent, keyAtMs) });

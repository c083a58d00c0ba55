// What the tabs' inline editor and their confirm do, whichever row asked: Enter reads the editor's text
// into a request (a position's: positions/flow.ts; an order's: open-orders/flow.ts), and a confirmed
// request is sent through TerminalActions by the context it belongs to.

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { setPrompt, setPromptError, type TabIntent } from '../../state/trading-tabs.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { isTrigger, orderEditorResult, reviewChange, runOrderIntent } from '../open-orders/flow.js';
import { positionEditorResult, runPositionIntent } from '../positions/flow.js';
import type { EditorResult } from './editor.js';

/** Sends a confirmed request of the tabs; `keyAtMs`: the key press that sent it (its execution report's start). */
export function runTabIntent(store: TerminalStore, actions: TerminalActions, intent: TabIntent, keyAtMs?: number): Promise<ActionResult> {
  setPrompt(store, null);
  const key = keyStampOf(store.getState(), keyAtMs);
  switch (intent.kind) {
    case 'cancel':
    case 'cancelAll':
    case 'change':
      return runOrderIntent(store, actions, intent, key);
    case 'close':
    case 'collateral':
    case 'protect':
      return runPositionIntent(store, actions, intent, key);
  }
}

function editorResult(state: TerminalState): EditorResult {
  const prompt = state.tabs.prompt;
  if (!prompt) return { error: 'no editor open' };
  if (prompt.mode === 'amend' || prompt.mode === 'trigger') return orderEditorResult(state, { ...prompt, mode: prompt.mode });
  return positionEditorResult(state, { ...prompt, mode: prompt.mode });
}

/** Enter in the editor (at `keyAtMs`): an error on its line, the review of a change, the confirm, or (none needed) the send. */
export function submitEditor(store: TerminalStore, actions: TerminalActions, keyAtMs?: number): void {
  const state = store.getState();
  const result = editorResult(state);
  if ('error' in result) return setPromptError(store, result.error);
  if (result.intent.kind === 'change' && !isTrigger(state, result.intent.orderId)) {
    const refused = reviewChange(store, result.intent);
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

// What Enter in the tabs' inline editor does, whichever row opened it: the editor's text read into a
// request (a position's: positions/flow.ts; an order's: open-orders/flow.ts), then its review, its confirm
// or (none needed) its send (intent.ts).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { setPrompt, setPromptError } from '../../state/trading-tabs.js';
import { isTrigger, orderEditorResult, reviewChange } from '../open-orders/flow.js';
import { positionEditorResult } from '../positions/flow.js';
import type { EditorResult } from './editor.js';
import { runTabIntent } from './intent.js';

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

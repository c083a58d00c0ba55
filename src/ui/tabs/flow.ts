// What Enter in the tabs' inline editor does, whichever row opened it: the editor's text read into a
// request by the row's owner (registered in owners.ts: positions/flow.ts, open-orders/flow.ts), then the
// owner's own step (a change's review), the confirm, or (none needed) the send (intent.ts).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { setPrompt, setPromptError } from '../../state/trading-tabs.js';
import type { EditorResult } from './editor.js';
import { runTabIntent } from './intent.js';
import { editorOwnerOf } from './owners.js';

function editorResult(state: TerminalState): EditorResult {
  const prompt = state.tabs.prompt;
  if (!prompt) return { error: 'no editor open' };
  const owner = editorOwnerOf(prompt.mode);
  return owner ? owner.result(state, prompt) : { error: `no editor for ${prompt.mode}` };
}

/** Enter in the editor (at `keyAtMs`): an error on its line, the review of a change, the confirm, or (none needed) the send. */
export function submitEditor(store: TerminalStore, actions: TerminalActions, keyAtMs?: number): void {
  const state = store.getState();
  const result = editorResult(state);
  if ('error' in result) return setPromptError(store, result.error);
  const taken = state.tabs.prompt ? editorOwnerOf(state.tabs.prompt.mode)?.takeOver?.(store, result.intent) : null;
  if (taken) {
    if (taken.refused) setPromptError(store, taken.refused);
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

// Whose row opened the tabs' editor, and whose request a confirmed tab question sends: the context that owns
// the row (open-orders/, positions/) registers, when it loads, what its editor's text comes to, what happens
// before the confirm, and how its requests are sent. So the shared editor line and the tabs' answer to the
// one confirm import no context (as the confirm's own answers.ts).

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { KeyStamp } from '../../domain/trading/execution-report.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import type { EditorMode, TabIntent, TabPrompt } from '../../state/trading-tabs.js';
import type { EditorResult } from './editor.js';

export interface EditorOwner {
  /** What the editor's text asks for, against the row as it is now. */
  result(state: TerminalState, prompt: TabPrompt): EditorResult;
  /** Enter before any confirm: true when the owner took it over (e.g. a change opens its review); the refusal's words, or null, in `refused`. */
  takeOver?(store: TerminalStore, intent: TabIntent): { refused: string | null } | null;
}

export type TabIntentKind = TabIntent['kind'];
export type IntentSender = (store: TerminalStore, actions: TerminalActions, intent: TabIntent, key: KeyStamp | undefined) => Promise<ActionResult>;

const editors = new Map<EditorMode, EditorOwner>();
const senders = new Map<TabIntentKind, IntentSender>();

/** Registers the owner of the editor `modes` (once, by the context whose rows open them). */
export function ownEditors(modes: readonly EditorMode[], owner: EditorOwner): void {
  for (const mode of modes) editors.set(mode, owner);
}

/** Registers how requests of `kinds` are sent (once, by the context they act on). */
export function sendIntentsWith(kinds: readonly TabIntentKind[], send: IntentSender): void {
  for (const kind of kinds) senders.set(kind, send);
}

export function editorOwnerOf(mode: EditorMode): EditorOwner | undefined {
  return editors.get(mode);
}

export function intentSenderOf(kind: TabIntentKind): IntentSender | undefined {
  return senders.get(kind);
}

// What owns the keyboard right now: the one thing on screen that keys act on. Derived from the store (and
// whether the layout is shown at all), so the dispatcher, the footer and the help agree on it.

import type { InputMode } from './places.js';
import type { TerminalState } from './store.js';
import type { ConfirmPrompt } from './trading-slice.js';

export type { InputMode } from './places.js';

export function inputMode(state: TerminalState): InputMode {
  const ui = state.tradingUi;
  if (ui.confirm) return 'confirm';
  if (state.viewport.tooSmall) return 'too-small';
  if (state.workspace.help.open) return 'help';
  if (state.workspace.detail) return 'detail';
  if (state.picker.open) return 'picker';
  if (ui.commandLine !== null) return 'command';
  if (ui.entry) return ui.reviewing ? 'review' : 'entry';
  // A tab's editor owns the keys wherever the focus is: `t` from the Book (the key's meaning elsewhere) opens
  // it without moving the focus, and the typing must land in it, never in the Book's bindings.
  if (state.tabs.prompt) return 'editor';
  return 'panes';
}

/** The question on screen: the confirm, else the order review (the too-small screen hides it, it stays asked); null when none. */
export function openQuestion(state: TerminalState): ConfirmPrompt | 'review' | null {
  const ui = state.tradingUi;
  return ui.confirm ?? (ui.entry && ui.reviewing ? 'review' : null);
}

// Little helpers the bindings of several contexts share: why a key is off, a session lock as that reason,
// "this tab only",
// and the one line editor (state/line-edit.ts) applied to the line of the mode that owns the keyboard
// (the dispatcher types into it too).

import type { SessionLock } from '../../domain/trading/session-locks.js';
import type { InputMode } from '../../state/input-mode.js';
import { setPickerQuery } from '../../state/actions.js';
import { setHelpQuery } from '../../state/workspace-actions.js';
import { editLine, type Line, type LineRules } from '../../state/line-edit.js';
import { focusedLine, withFocusedLine } from '../../state/order-entry.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { setPromptLine, TAB_LABELS, type TradingTab } from '../../state/trading-tabs.js';
import { editCommandLine } from '../command-line/flow.js';
import { updateEntry } from '../order-entry/flow.js';
import type { Binding, Disabled, KeyContext, Mode } from './binding.js';
import type { KeyPress } from './key-press.js';

export const off = (label: string, message = label): Disabled => ({ label, message });
export const fromLock = (lock: SessionLock | undefined): Disabled | null => (lock ? { label: lock.label, message: `orders locked: ${lock.message}` } : null);

/** Off unless the trading tabs show one of `tabs`. */
export function onTab(state: TerminalState, tabs: readonly TradingTab[]): Disabled | null {
  return tabs.includes(state.tabs.tab) ? null : off(`${tabs.map((t) => TAB_LABELS[t]).join(' / ')} only`);
}

/** Order entry's fields take no whitespace: a space never blanks or splits what is sent. */
const ENTRY_FIELD: LineRules = { accepts: (ch) => !/\s/u.test(ch), maxLength: 32 };

/** The line a mode edits (its text, and whether a prefill in it is selected), and how to write it back; null for modes with no line. */
function lineOf(store: TerminalStore, mode: InputMode): { line: Line; rules?: LineRules; set(line: Line): void } | null {
  const state = store.getState();
  switch (mode) {
    case 'picker':
      return { line: { text: state.picker.query }, rules: { maxLength: 40 }, set: (l) => setPickerQuery(store, l.text) };
    case 'help':
      return { line: { text: state.workspace.help.query }, rules: { maxLength: 40 }, set: (l) => setHelpQuery(store, l.text) };
    case 'command':
      return { line: { text: state.tradingUi.commandLine ?? '' }, rules: { maxLength: 120 }, set: (l) => editCommandLine(store, l.text) };
    case 'editor': {
      const prompt = state.tabs.prompt;
      return prompt ? { line: { text: prompt.text, ...(prompt.selected === true ? { selected: true } : {}) }, rules: { maxLength: 80 }, set: (l) => setPromptLine(store, l) } : null;
    }
    case 'entry': {
      const form = state.tradingUi.entry;
      const line = form ? focusedLine(form) : null;
      return form && line ? { line, rules: ENTRY_FIELD, set: (l) => updateEntry(store, withFocusedLine(form, l)) } : null;
    }
    default:
      return null;
  }
}

/** Applies `key` to the mode's line (line-edit.ts: a selected prefill is replaced by what is typed); false when it is no edit there (the caller ignores the key). */
export function editModeLine(store: TerminalStore, mode: InputMode, key: KeyPress): boolean {
  const at = lineOf(store, mode);
  if (!at) return false;
  const next = editLine(at.line, key, at.rules);
  if (next === null) return false;
  if (next.text !== at.line.text || next.selected !== at.line.selected) at.set(next);
  return true;
}

/** Backspace, Ctrl-U and Ctrl-W on the line of `mode`. */
export function lineKeys(mode: Mode, disabledReason?: (state: TerminalState) => Disabled | null): Binding[] {
  const edit = (ctx: KeyContext) => void editModeLine(ctx.store, mode, ctx.key);
  const opts = disabledReason ? { disabledReason } : {};
  return [
    { action: 'deleteChar', keys: ['Backspace', 'Delete'], mode, fixed: true, description: 'delete the last character', quiet: true, run: edit, ...opts },
    { action: 'clearLine', keys: ['C-u'], mode, fixed: true, description: 'clear the line', quiet: true, run: edit, ...opts },
    { action: 'deleteWord', keys: ['C-w'], mode, fixed: true, description: 'delete the last word', quiet: true, run: edit, ...opts },
  ];
}


// The one dispatcher: a key goes to the binding of the mode that owns the keyboard (state/input-mode.ts),
// which runs unless it says why it would do nothing; what no binding takes is typed into the mode's line,
// or, in a confirm, cancels it (the default). Only what is on screen acts: on the too-small screen the
// layout's keys do nothing.

import { setNotice } from '../../state/actions.js';
import { inputMode } from '../../state/input-mode.js';
import type { TerminalState } from '../../state/store.js';
import { answerConfirm } from '../../controller/confirm.js';
import { disarmPanic } from '../../controller/panic.js';
import type { Action, KeyContext, Mode } from './binding.js';
import { detailLines } from '../format/detail-lines.js';
import { bindingKeyLabel, displayKey, helpRows } from './help-rows.js';
import type { KeyPress } from './key-press.js';
import type { Keymap } from './keymap.js';
import { editModeLine } from './mode-bindings.js';

export type DispatchContext = Omit<KeyContext, 'key' | 'keyLabel' | 'view'> & { keymap: Keymap; view: Omit<KeyContext['view'], 'helpRows' | 'detailLines'> };

/** The help's place: the mode it was opened from, and the focused pane. */
export function helpPlace(state: TerminalState): { mode: Mode; pane: TerminalState['focus'] } {
  return { mode: state.live.help.from, pane: state.focus };
}

export function keyLabelIn(keymap: Keymap, action: Action): string {
  const binding = keymap.bindings.find((b) => b.mode === 'panes' && b.action === action);
  const key = binding?.keys[0];
  return binding && key !== undefined ? bindingKeyLabel(binding, key) : '-';
}

/** Handles one key. */
export function dispatchKey(key: KeyPress, c: DispatchContext): void {
  const { store, keymap } = c;
  const state = store.getState();
  const mode = inputMode(state);
  const binding = keymap.lookup(mode, state.focus, key.name);
  // The `!!` chord: any other key of the panes disarms it.
  if (mode === 'panes' && binding?.action !== 'panic') disarmPanic(store);
  const helpRowCount = mode === 'help' ? helpRows(keymap.bindings, helpPlace(state), state.live.help.query, state).length : 0;
  const detail = state.live.detail;
  const detailLineCount = mode === 'detail' && detail ? detailLines(detail.subject, state, c.view.detail?.width ?? state.viewport.cols - 2).length : 0;
  const ctx: KeyContext = { ...c, key, view: { ...c.view, helpRows: helpRowCount, detailLines: detailLineCount }, keyLabel: (action) => keyLabelIn(keymap, action) };
  if (binding) {
    const off = binding.disabledReason?.(state) ?? null;
    if (off && !binding.runsDisabled) {
      if (!binding.quiet) setNotice(store, off.message);
      return;
    }
    binding.run(ctx);
    return;
  }
  if (mode === 'too-small') {
    // The layout is hidden: its keys do nothing, and the screen says so (and which key it was).
    if (key.name !== null) setNotice(store, `${displayKey(key.name)}: nothing acts while the terminal is too small (q quits)`);
    return;
  }
  if (mode === 'confirm') {
    // Default Cancel: anything but `y` (Ctrl-C and Esc included) says no.
    answerConfirm(store, c.actions, false, c.nowMs);
    return;
  }
  if (key.text !== '') editModeLine(store, mode, key);
}

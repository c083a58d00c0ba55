// The one dispatcher: a key goes to the binding of the mode that owns the keyboard (state/input-mode.ts),
// which runs unless it says why it would do nothing; what no binding takes is typed into the mode's line,
// or, in a confirm, cancels it (the default). A paste is text for the focused line, never a key. A
// question (the confirm, the review) is answered only by a key of a later read than the key that asked it:
// `!!y` pasted, or typed into one burst, asks and stops there; a notice refusing a key of a question goes
// when the question goes (state/notice.ts). Only what is on screen acts: on the
// too-small screen the layout's keys do nothing but panic, whose question is asked there when it fits.

import { setNotice } from '../../state/actions.js';
import { inputMode, openQuestion, type InputMode } from '../../state/input-mode.js';
import { questionLapse } from '../../state/notice.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm, noteAskedInRead } from '../../state/trading-actions.js';
import { answerConfirm } from '../confirm/flow.js';
import { disarmPanic } from '../panic/flow.js';
import type { Action, Binding, KeyContext } from './binding.js';
import { detailView } from '../detail/view.js';
import { confirmFitsTooSmall, noRoomToAsk } from '../too-small/lines.js';
import { bindingKeyLabel, displayKey } from '../help/rows.js';
import { helpView } from '../help/view.js';
import { PASTE, type KeyPress } from './key-press.js';
import type { Keymap } from './keymap.js';
import { editModeLine } from './mode-lines.js';

export type DispatchContext = Omit<KeyContext, 'key' | 'keyLabel' | 'view'> & {
  keymap: Keymap;
  view: Omit<KeyContext['view'], 'helpRows' | 'detailLines'>;
  /** The keyboard read the key arrived in (use-keys.ts); absent, the key is a read of its own. */
  read?: number;
};

/** The help's place: the mode it was opened from, and the focused pane. */
export function keyLabelIn(keymap: Keymap, action: Action): string {
  const binding = keymap.bindings.find((b) => b.mode === 'panes' && b.action === action);
  const key = binding?.keys[0];
  return binding && key !== undefined ? bindingKeyLabel(binding, key) : '-';
}

/** Pasted text goes into the focused line; where no line has focus it is dropped, and the screen says so. */
function paste(store: TerminalStore, mode: InputMode, key: KeyPress): void {
  if (mode === 'panes' || mode === 'too-small') disarmPanic(store);
  if (!editModeLine(store, mode, key)) setNotice(store, 'paste ignored: no line has focus');
}

/** The binding of `key` in `mode`; on the too-small screen also the panes' panic key (the question fits or says why not). */
function bindingOf(keymap: Keymap, mode: InputMode, state: TerminalState, key: KeyPress): Binding | undefined {
  const own = keymap.lookup(mode, state.focus, key.name, state);
  if (own || mode !== 'too-small') return own;
  const pane = keymap.lookup('panes', state.focus, key.name, state);
  return pane?.action === 'panic' ? pane : undefined;
}

/** Handles one key. */
export function dispatchKey(key: KeyPress, c: DispatchContext): void {
  const { store } = c;
  const state = store.getState();
  const mode = inputMode(state);
  if (key.name === PASTE) return paste(store, mode, key);
  if (key.name?.startsWith('M-') && !bindingOf(c.keymap, mode, state, key)) {
    // An Alt key nothing binds here is what it was before Alt keys were read: Esc, then the key.
    const typed = key.name.slice(2);
    dispatchKey({ name: 'Esc', text: '' }, c);
    dispatchKey({ name: typed, text: typed }, c);
    return;
  }
  if ((mode === 'confirm' || mode === 'review') && c.read !== undefined && state.tradingUi.askedInRead === c.read) {
    // Typed (or pasted) in one burst with the key that asked: not an answer. The confirm says so on its own line.
    if (key.name === null) return;
    const note = `${displayKey(key.name)} arrived with the key that asked — press ${displayKey(key.name)} again`;
    const { confirm } = state.tradingUi;
    if (mode === 'confirm' && confirm) askConfirm(store, { ...confirm, note });
    else setNotice(store, note, questionLapse(state));
    return;
  }
  const asked = openQuestion(state);
  runKey(key, c, state, mode);
  const after = store.getState();
  const question = openQuestion(after);
  if (question === null || question === asked) return;
  const { confirm } = after.tradingUi;
  if (after.viewport.tooSmall && confirm && !confirmFitsTooSmall(confirm, after.viewport.cols, after.viewport.rows)) {
    // Never a question that cannot be read whole: withdrawn, and the screen says to make room for it.
    askConfirm(store, null);
    setNotice(store, noRoomToAsk(confirm));
    return;
  }
  if (c.read !== undefined) noteAskedInRead(store, c.read);
}

function runKey(key: KeyPress, c: DispatchContext, state: TerminalState, mode: InputMode): void {
  const { store, keymap } = c;
  const binding = bindingOf(keymap, mode, state, key);
  // The `!!` chord: any other key of the panes (or of the too-small screen) disarms it.
  if ((mode === 'panes' || mode === 'too-small') && binding?.action !== 'panic') disarmPanic(store);
  // The bounds of the help's and the detail page's scroll: the same memoised builds their panes draw.
  const helpRowCount = mode === 'help' ? helpView(keymap.bindings, state).rows.length : 0;
  const detailLineCount = mode === 'detail' ? (detailView(state, c.view.detail?.width ?? state.viewport.cols - 2)?.lines.length ?? 0) : 0;
  const ctx: KeyContext = { ...c, key, view: { ...c.view, helpRows: helpRowCount, detailLines: detailLineCount }, keyLabel: (action) => keyLabelIn(keymap, action) };
  const { confirm } = state.tradingUi;
  if (mode === 'confirm' && binding?.action === 'confirmYes' && confirm && state.viewport.tooSmall && !confirmFitsTooSmall(confirm, state.viewport.cols, state.viewport.rows)) {
    setNotice(store, 'enlarge the terminal to read the question: y does nothing until then', questionLapse(state));
    return;
  }
  if (binding) {
    const off = binding.disabledReason?.(state) ?? null;
    if (off && !binding.runsDisabled) {
      // Refused in a question (the confirm, the review): the notice goes with the question.
      if (!binding.quiet) setNotice(store, off.message, mode === 'confirm' || mode === 'review' ? questionLapse(state) : null);
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
  if (mode === 'review') {
    // The review stays until answered, and a key it does not take says so: never a silent key in a question.
    if (key.name !== null) setNotice(store, `${displayKey(key.name)} does nothing in the review: y sends, Esc goes back to the form`, questionLapse(state));
    return;
  }
  if (key.text !== '') editModeLine(store, mode, key);
}

// The keys of what is open over the panes: the confirm, the too-small screen, the help, the market picker,
// the `:` line, order entry and its review, the trading tabs' inline editor. Fixed (they have no [keys]
// name): Esc and Ctrl-C back out one level, Enter goes on, and every line edits with the one line editor
// (typed text, Backspace, Ctrl-U, Ctrl-W) whatever it is.

import { setPrompt } from '../../state/trading-tabs.js';
import { COMMAND_LINE_BINDINGS } from '../command-line/bindings.js';
import { CONFIRM_BINDINGS } from '../confirm/bindings.js';
import { DETAIL_BINDINGS } from '../detail/bindings.js';
import { HELP_BINDINGS } from '../help/bindings.js';
import { ORDER_FORM_BINDINGS, ORDER_REVIEW_BINDINGS } from '../order-entry/bindings.js';
import { PICKER_BINDINGS } from '../picker/bindings.js';
import { submitEditor } from '../tabs/flow.js';
import { TOO_SMALL_BINDINGS } from '../too-small/bindings.js';
import type { Binding } from './binding.js';
import { lineKeys, off } from './binding-helpers.js';
import { editModeLine } from './mode-lines.js';

/** ←/→ on the tabs' editor while its prefill is selected: keep the text to edit it (the selection ends; what is typed then appends). */
const KEEP_PREFILL: Binding = {
  action: 'keepPrefill', keys: ['Left', 'Right'], mode: 'editor', fixed: true, description: 'keep the prefilled text to edit it (typing replaces it until then)', quiet: true,
  run: (ctx) => void editModeLine(ctx.store, 'editor', ctx.key),
  disabledReason: (state) => (state.tabs.prompt?.selected === true ? null : off('nothing selected', 'no prefilled text is selected')),
};


export const MODE_BINDINGS: readonly Binding[] = [
  ...CONFIRM_BINDINGS,

  ...TOO_SMALL_BINDINGS,

  ...HELP_BINDINGS,

  ...DETAIL_BINDINGS,

  ...PICKER_BINDINGS,

  ...COMMAND_LINE_BINDINGS,

  ...ORDER_FORM_BINDINGS,

  ...ORDER_REVIEW_BINDINGS,

  { action: 'submitEditor', keys: ['Enter'], mode: 'editor', fixed: true, description: 'go on: review or confirm what the line says', hint: 'go on', run: (ctx) => submitEditor(ctx.store, ctx.actions, ctx.keyAtMs) },
  { action: 'closeEditor', keys: ['Esc', 'C-c'], mode: 'editor', fixed: true, description: 'close the editor (nothing is sent)', hint: 'close', run: (ctx) => setPrompt(ctx.store, null) },
  KEEP_PREFILL,
  ...lineKeys('editor'),
];

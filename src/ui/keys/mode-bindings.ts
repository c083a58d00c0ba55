// The keys of what is open over the panes: the confirm, the too-small screen, the help, the market picker,
// the `:` line, order entry and its review, the trading tabs' inline editor. Fixed (they have no [keys]
// name): Esc and Ctrl-C back out one level, Enter goes on, and every line edits with the one line editor
// (typed text, Backspace, Ctrl-U, Ctrl-W) whatever it is.

import { COMMAND_LINE_BINDINGS } from '../command-line/bindings.js';
import { CONFIRM_BINDINGS } from '../confirm/bindings.js';
import { DETAIL_BINDINGS } from '../detail/bindings.js';
import { HELP_BINDINGS } from '../help/bindings.js';
import { ORDER_FORM_BINDINGS, ORDER_REVIEW_BINDINGS } from '../order-entry/bindings.js';
import { PICKER_BINDINGS } from '../picker/bindings.js';
import { EDITOR_BINDINGS } from '../tabs/bindings.js';
import { TOO_SMALL_BINDINGS } from '../too-small/bindings.js';
import type { Binding } from './binding.js';

export const MODE_BINDINGS: readonly Binding[] = [
  ...CONFIRM_BINDINGS,
  ...TOO_SMALL_BINDINGS,
  ...HELP_BINDINGS,
  ...DETAIL_BINDINGS,
  ...PICKER_BINDINGS,
  ...COMMAND_LINE_BINDINGS,
  ...ORDER_FORM_BINDINGS,
  ...ORDER_REVIEW_BINDINGS,
  ...EDITOR_BINDINGS,
];

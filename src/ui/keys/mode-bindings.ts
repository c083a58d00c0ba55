// The keys of what is open over the panes: the confirm, the too-small screen, the help, the market picker,
// the `:` line, order entry and its review, the trading tabs' inline editor. Fixed (they have no [keys]
// name): Esc and Ctrl-C back out one level, Enter goes on, and every line edits with the one line editor
// (typed text, Backspace, Ctrl-U, Ctrl-W) whatever it is.

import type { InputMode } from '../../state/input-mode.js';
import { openHelp } from '../../state/workspace-actions.js';
import { cycleChoice, focusField, focusedSelected, stepField, TEXT_FIELDS, TOGGLED_TEXT_FIELDS, type OrderEntryForm } from '../../state/order-entry.js';
import type { TerminalState } from '../../state/store.js';
import { patchTradingUi } from '../../state/trading-actions.js';
import { setPrompt } from '../../state/trading-tabs.js';
import { closeCommandLine, completeOnTab, runCommandLine, stepCommandHistory } from '../command-line/flow.js';
import { answerConfirm } from '../confirm/flow.js';
import { acceptReview, closeEntry, startReview, updateEntry } from '../order-entry/flow.js';
import { resizeDisabledReason, toggleResizeProtection } from '../order-entry/review-resize.js';
import { submitEditor } from '../tabs/flow.js';
import { DETAIL_BINDINGS } from '../detail/bindings.js';
import { HELP_BINDINGS } from '../help/bindings.js';
import { PICKER_BINDINGS } from '../picker/bindings.js';
import { TOO_SMALL_BINDINGS } from '../too-small/bindings.js';
import type { Binding, Disabled, KeyContext } from './binding.js';
import { lineKeys, off } from './binding-helpers.js';
import { editModeLine } from './mode-lines.js';

const isChoiceField = (form: OrderEntryForm): boolean => !TEXT_FIELDS.has(form.focus) || TOGGLED_TEXT_FIELDS.has(form.focus);
const onChoiceField = (state: TerminalState): Disabled | null => {
  const form = state.tradingUi.entry;
  // On a selected price (or any text field that is no choice) ←/→ keep its text for editing.
  return form && (isChoiceField(form) || focusedSelected(form)) ? null : off('text field', 'this field takes typed text (Space and ←/→ change the choice fields, the size unit and the trigger price: mark / last)');
};
const onTextField = (state: TerminalState): Disabled | null => {
  const form = state.tradingUi.entry;
  return form && TEXT_FIELDS.has(form.focus) ? null : off('choice field', 'this field is a choice (Space or ←/→ changes it)');
};

/** ←/→ on the tabs' editor while its prefill is selected: keep the text to edit it (the selection ends; what is typed then appends). */
const KEEP_PREFILL: Binding = {
  action: 'keepPrefill', keys: ['Left', 'Right'], mode: 'editor', fixed: true, description: 'keep the prefilled text to edit it (typing replaces it until then)', quiet: true,
  run: (ctx) => void editModeLine(ctx.store, 'editor', ctx.key),
  disabledReason: (state) => (state.tabs.prompt?.selected === true ? null : off('nothing selected', 'no prefilled text is selected')),
};

const helpFrom = (mode: InputMode) => (ctx: KeyContext) => openHelp(ctx.store, mode);

export const MODE_BINDINGS: readonly Binding[] = [
  // The confirm: `y` does it; any other key cancels (the dispatcher's fallback), the default.
  { action: 'confirmYes', keys: ['y'], mode: 'confirm', fixed: true, description: 'yes: do it (any other key cancels, the default)', hint: 'yes', run: (ctx) => answerConfirm(ctx.store, ctx.actions, true, ctx.nowMs, ctx.keyAtMs) },

  ...TOO_SMALL_BINDINGS,

  ...HELP_BINDINGS,

  ...DETAIL_BINDINGS,

  ...PICKER_BINDINGS,

  { action: 'runCommand', keys: ['Enter'], mode: 'command', fixed: true, description: 'run the line', hint: 'run', run: (ctx) => runCommandLine(ctx.store, ctx.actions, ctx.keyAtMs) },
  { action: 'closeCommand', keys: ['Esc', 'C-c'], mode: 'command', fixed: true, description: 'close the line', hint: 'close', run: (ctx) => closeCommandLine(ctx.store) },
  { action: 'complete', keys: ['Tab'], mode: 'command', fixed: true, description: 'complete the command, an open order id, a market, a timeframe, a theme or an order\'s next word (@ mkt stop ro ...)', hint: 'complete', run: (ctx) => completeOnTab(ctx.store) },
  {
    action: 'historyBack', keys: ['Up'], mode: 'command', fixed: true, description: 'the previous line run', hint: 'history', quiet: true,
    run: (ctx) => stepCommandHistory(ctx.store, -1),
    disabledReason: (state) => (state.tradingUi.commandHistory.length === 0 ? off('no history', 'no line run yet') : null),
  },
  {
    action: 'historyForward', keys: ['Down'], mode: 'command', fixed: true, description: 'the next line run', quiet: true,
    run: (ctx) => stepCommandHistory(ctx.store, 1),
    disabledReason: (state) => (state.tradingUi.commandHistoryAt === null ? off('newest', 'already at the newest line') : null),
  },
  {
    // Backspace on an empty line closes it, as in vim.
    action: 'deleteChar', keys: ['Backspace', 'Delete'], mode: 'command', fixed: true, description: 'delete the last character (on an empty line: close it)', quiet: true,
    run: (ctx) => ((ctx.store.getState().tradingUi.commandLine ?? '') === '' ? closeCommandLine(ctx.store) : void editModeLine(ctx.store, 'command', ctx.key)),
  },
  ...lineKeys('command').filter((b) => b.action !== 'deleteChar'),

  { action: 'review', keys: ['Enter'], mode: 'entry', fixed: true, description: 'review the order', hint: 'review', run: (ctx) => startReview(ctx.store, { actions: ctx.actions, nowMs: ctx.nowMs, ...(ctx.keyAtMs !== undefined ? { keyAtMs: ctx.keyAtMs } : {}) }) },
  { action: 'closeEntry', keys: ['Esc', 'C-c'], mode: 'entry', fixed: true, description: 'close order entry (nothing is sent)', hint: 'close', run: (ctx) => closeEntry(ctx.store) },
  {
    action: 'nextField', keys: ['Tab', 'Down'], mode: 'entry', fixed: true, description: 'next field', hint: 'field', quiet: true,
    run: (ctx) => {
      const form = ctx.store.getState().tradingUi.entry;
      if (form) updateEntry(ctx.store, focusField(form, stepField(form, 1)));
    },
  },
  {
    action: 'prevField', keys: ['S-Tab', 'Up'], mode: 'entry', fixed: true, description: 'previous field', quiet: true,
    run: (ctx) => {
      const form = ctx.store.getState().tradingUi.entry;
      if (form) updateEntry(ctx.store, focusField(form, stepField(form, -1)));
    },
  },
  {
    action: 'changeChoice', keys: [' ', 'Left', 'Right'], mode: 'entry', fixed: true, description: 'change the choice (side, type: limit / market / stop-market / stop-limit, reduce-only, time in force; the size: units / notional; the stop, TP or SL: fired by the mark / the last trade); on a selected price, leverage, slippage or expiry ←/→ keep its text to edit', hint: 'change', quiet: true,
    run: (ctx) => {
      const form = ctx.store.getState().tradingUi.entry;
      if (form && isChoiceField(form)) updateEntry(ctx.store, cycleChoice(form));
      else editModeLine(ctx.store, 'entry', ctx.key);
    },
    disabledReason: onChoiceField,
  },
  {
    action: 'toggleReduceOnly', keys: ['C-r'], mode: 'entry', fixed: true, description: 'reduce-only on / off (a close: it only reduces the position; a % size is then of the position)', hint: 'reduce-only',
    run: (ctx) => {
      const form = ctx.store.getState().tradingUi.entry;
      if (form) updateEntry(ctx.store, { ...form, reduceOnly: !form.reduceOnly });
    },
  },
  { action: 'help', keys: ['?'], mode: 'entry', fixed: true, description: 'the keys of order entry', hint: 'keys', run: helpFrom('entry') },
  ...lineKeys('entry', onTextField),

  { action: 'send', keys: ['y', 'Enter'], mode: 'review', fixed: true, description: 'send the order (a risky one asks first)', hint: 'send', run: (ctx) => acceptReview(ctx.store, ctx.actions, ctx.nowMs, ctx.keyAtMs) },
  { action: 'edit', keys: ['Esc', 'C-c'], mode: 'review', fixed: true, description: 'back to the form (nothing is sent)', hint: 'edit', run: (ctx) => patchTradingUi(ctx.store, { reviewing: false }) },
  {
    // Said by the review's own line when it applies ("... r resizes them with the order"): no footer hint.
    action: 'resizeProtection', keys: ['r'], mode: 'review', fixed: true,
    description: 'TP/SL of the position the order grows: re-arm them for its new size with the order (again: leave them)',
    run: (ctx) => toggleResizeProtection(ctx.store),
    disabledReason: (state) => {
      const reason = resizeDisabledReason(state);
      return reason ? off('nothing to resize', reason) : null;
    },
  },
  { action: 'help', keys: ['?'], mode: 'review', fixed: true, description: 'the keys of the review', hint: 'keys', run: helpFrom('review') },

  { action: 'submitEditor', keys: ['Enter'], mode: 'editor', fixed: true, description: 'go on: review or confirm what the line says', hint: 'go on', run: (ctx) => submitEditor(ctx.store, ctx.actions, ctx.keyAtMs) },
  { action: 'closeEditor', keys: ['Esc', 'C-c'], mode: 'editor', fixed: true, description: 'close the editor (nothing is sent)', hint: 'close', run: (ctx) => setPrompt(ctx.store, null) },
  KEEP_PREFILL,
  ...lineKeys('editor'),
];

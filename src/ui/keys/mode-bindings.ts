// The keys of what is open over the panes: the confirm, the too-small screen, the help, the market picker,
// the `:` line, order entry and its review, the trading tabs' inline editor. Fixed (they have no [keys]
// name): Esc and Ctrl-C back out one level, Enter goes on, and every line edits with the one line editor
// (typed text, Backspace, Ctrl-U, Ctrl-W) whatever it is.

import { closePicker, cyclePickerSort, movePickerSelection, pickerChoice, setPickerQuery } from '../../state/actions.js';
import type { InputMode } from '../../state/input-mode.js';
import { closeDetail, scrollDetail } from '../../state/detail-overlay.js';
import { closeHelp, openHelp, scrollHelp, setHelpQuery } from '../../state/workspace-actions.js';
import { editLine, type Line, type LineRules } from '../../state/line-edit.js';
import { cycleChoice, focusField, focusedLine, focusedSelected, stepField, TEXT_FIELDS, TOGGLED_TEXT_FIELDS, withFocusedLine, type OrderEntryForm } from '../../state/order-entry.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { patchTradingUi } from '../../state/trading-actions.js';
import { setPromptLine } from '../../state/trading-tabs.js';
import { closeCommandLine, completeOnTab, editCommandLine, runCommandLine, stepCommandHistory } from '../command-line/flow.js';
import { answerConfirm } from '../confirm/flow.js';
import { acceptReview, closeEntry, startReview, updateEntry } from '../order-entry/flow.js';
import { resizeDisabledReason, toggleResizeProtection } from '../order-entry/review-resize.js';
import { requestQuit } from '../confirm/quit.js';
import { EDITOR_BINDINGS } from '../tabs/bindings.js';
import type { Binding, Disabled, KeyContext, Mode } from './binding.js';
import type { KeyPress } from './key-press.js';

const off = (label: string, message = label): Disabled => ({ label, message });

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

/** Backspace, Ctrl-U and Ctrl-W on the line of `mode`. */
function lineKeys(mode: Mode, disabledReason?: (state: TerminalState) => Disabled | null): Binding[] {
  const edit = (ctx: KeyContext) => void editModeLine(ctx.store, mode, ctx.key);
  const opts = disabledReason ? { disabledReason } : {};
  return [
    { action: 'deleteChar', keys: ['Backspace', 'Delete'], mode, fixed: true, description: 'delete the last character', quiet: true, run: edit, ...opts },
    { action: 'clearLine', keys: ['C-u'], mode, fixed: true, description: 'clear the line', quiet: true, run: edit, ...opts },
    { action: 'deleteWord', keys: ['C-w'], mode, fixed: true, description: 'delete the last word', quiet: true, run: edit, ...opts },
  ];
}

const helpFrom = (mode: InputMode) => (ctx: KeyContext) => openHelp(ctx.store, mode);
function scroll(ctx: KeyContext, delta: number): void {
  scrollHelp(ctx.store, delta, ctx.view.helpRows, ctx.view.helpPage);
}

function scrollPage(ctx: KeyContext, pages: number, lines = 0): void {
  const page = ctx.view.detail?.page ?? ctx.view.helpPage;
  scrollDetail(ctx.store, pages * page + lines, ctx.view.detailLines ?? 0, page);
}

export const MODE_BINDINGS: readonly Binding[] = [
  // The confirm: `y` does it; any other key cancels (the dispatcher's fallback), the default.
  { action: 'confirmYes', keys: ['y'], mode: 'confirm', fixed: true, description: 'yes: do it (any other key cancels, the default)', hint: 'yes', run: (ctx) => answerConfirm(ctx.store, ctx.actions, true, ctx.nowMs, ctx.keyAtMs) },

  { action: 'quit', keys: ['q', 'C-c'], mode: 'too-small', fixed: true, description: 'quit (asks when orders are open or in flight)', hint: 'quit', run: (ctx) => requestQuit(ctx.store, ctx.actions) },

  { action: 'closeHelp', keys: ['Esc', 'Enter', 'C-c'], mode: 'help', fixed: true, description: 'close the help', hint: 'close', run: (ctx) => closeHelp(ctx.store) },
  {
    action: 'scrollDown', keys: ['Down', 'j'], mode: 'help', fixed: true, description: 'scroll down (j and k type into the filter once it has text)', hint: 'scroll', quiet: true,
    run: (ctx) => (ctx.key.name === 'j' && ctx.store.getState().workspace.help.query !== '' ? void editModeLine(ctx.store, 'help', ctx.key) : scroll(ctx, 1)),
  },
  {
    action: 'scrollUp', keys: ['Up', 'k'], mode: 'help', fixed: true, description: 'scroll up', quiet: true,
    run: (ctx) => (ctx.key.name === 'k' && ctx.store.getState().workspace.help.query !== '' ? void editModeLine(ctx.store, 'help', ctx.key) : scroll(ctx, -1)),
  },
  { action: 'pageDown', keys: ['PgDn'], mode: 'help', fixed: true, description: 'scroll down a page', quiet: true, run: (ctx) => scroll(ctx, ctx.view.helpPage) },
  { action: 'pageUp', keys: ['PgUp'], mode: 'help', fixed: true, description: 'scroll up a page', quiet: true, run: (ctx) => scroll(ctx, -ctx.view.helpPage) },
  ...lineKeys('help'),

  // The detail page (a Journal request's frames, :stats, :key): read-only, so j and k always scroll.
  { action: 'closeDetail', keys: ['Esc', 'Enter', 'C-c', 'q'], mode: 'detail', fixed: true, description: 'close the page', hint: 'close', run: (ctx) => closeDetail(ctx.store) },
  { action: 'scrollDown', keys: ['j', 'Down'], mode: 'detail', fixed: true, description: 'scroll down', hint: 'scroll', quiet: true, run: (ctx) => scrollPage(ctx, 0, 1) },
  { action: 'scrollUp', keys: ['k', 'Up'], mode: 'detail', fixed: true, description: 'scroll up', quiet: true, run: (ctx) => scrollPage(ctx, 0, -1) },
  { action: 'pageDown', keys: ['PgDn', ' '], mode: 'detail', fixed: true, description: 'scroll down a page', quiet: true, run: (ctx) => scrollPage(ctx, 1) },
  { action: 'pageUp', keys: ['PgUp'], mode: 'detail', fixed: true, description: 'scroll up a page', quiet: true, run: (ctx) => scrollPage(ctx, -1) },
  { action: 'help', keys: ['?'], mode: 'detail', fixed: true, description: 'the keys of this page', hint: 'keys', run: helpFrom('detail') },

  { action: 'closePicker', keys: ['Esc', 'C-c'], mode: 'picker', fixed: true, description: 'close the picker', hint: 'close', run: (ctx) => closePicker(ctx.store) },
  {
    action: 'pickMarket', keys: ['Enter'], mode: 'picker', fixed: true, description: 'open the chosen market', hint: 'select',
    run: (ctx) => {
      const { store } = ctx;
      const choice = pickerChoice(store);
      closePicker(store);
      if (choice && choice.id !== store.getState().market?.id) ctx.actions.selectMarket(choice.id, choice.symbol);
    },
  },
  { action: 'pickerUp', keys: ['Up'], mode: 'picker', fixed: true, description: 'choose the market above', hint: 'choose', quiet: true, run: (ctx) => movePickerSelection(ctx.store, -1) },
  { action: 'pickerDown', keys: ['Down'], mode: 'picker', fixed: true, description: 'choose the market below', quiet: true, run: (ctx) => movePickerSelection(ctx.store, 1) },
  // Remappable (no `fixed`): keys that type nothing, so the filter keeps every letter.
  {
    action: 'pickerSort', keys: ['Tab'], mode: 'picker', description: 'sort by the next column: listed, 24h volume, 24h change, OI, funding, market (watchlist first)', hint: 'sort', quiet: true,
    run: (ctx) => cyclePickerSort(ctx.store),
  },
  {
    action: 'pickerSortReverse', keys: ['S-Tab'], mode: 'picker', description: 'reverse the sort', quiet: true,
    run: (ctx) => cyclePickerSort(ctx.store, true),
    disabledReason: (state) => ((state.picker.sort?.column ?? 'listed') === 'listed' ? off('listed order', 'the exchange\'s own order has no direction: Tab picks a column') : null),
  },
  ...lineKeys('picker'),

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

  ...EDITOR_BINDINGS,
  KEEP_PREFILL,
  ...lineKeys('editor'),
];

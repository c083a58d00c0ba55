// Order entry's keys beside what they do: `b` / `s` on the panes open the form (it opens while orders are
// off too, and says why nothing can be sent); the form's keys move between fields, change choices, edit
// the focused line and go to review; the review's send (smart confirm asks first), go back, and resize
// the position's TP/SL with the order. Spread into the ordered registries (keys/pane-bindings.ts,
// keys/mode-bindings.ts) where they always stood: the first binding of a key wins.

import { cycleChoice, focusField, focusedSelected, stepField, TEXT_FIELDS, TOGGLED_TEXT_FIELDS, type OrderEntryForm } from '../../state/order-entry.js';
import type { TerminalState } from '../../state/store.js';
import { newOrderLocks } from '../../state/trading-locks.js';
import { openHelp } from '../../state/workspace-actions.js';
import type { Binding, Disabled, KeyContext } from '../keys/binding.js';
import { editModeLine, lineKeys, off } from '../keys/binding-helpers.js';
import { acceptReview, backToForm, closeEntry, currentMarket, openEntry, startReview, updateEntry } from './flow.js';
import { resizeDisabledReason, toggleResizeProtection } from './review-resize.js';

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

/** The form in the store, changed by `change` (a key with no form open does nothing). */
function changeForm(ctx: KeyContext, change: (form: OrderEntryForm) => OrderEntryForm): void {
  const form = ctx.store.getState().tradingUi.entry;
  if (form) updateEntry(ctx.store, change(form));
}

function newOrderKey(action: 'buy' | 'sell'): Binding {
  return {
    action, keys: [action === 'buy' ? 'b' : 's'], mode: 'panes', panes: 'all', description: `order entry: ${action} / ${action === 'buy' ? 'long' : 'short'}`, hint: action,
    run: (ctx) => void openEntry(ctx.store, action === 'buy' ? 'long' : 'short'),
    disabledReason: (state) => {
      const lock = newOrderLocks(state)[0];
      if (lock) return { label: lock.label, message: `orders disabled: ${lock.message}` };
      return currentMarket(state) ? null : off('no market', 'orders disabled: no market loaded yet');
    },
    // The form opens anyway: it shows the order and why it cannot be sent.
    runsDisabled: true,
  };
}

/** `b` and `s` on the panes (keys/pane-bindings.ts). */
export const NEW_ORDER_BINDINGS: readonly Binding[] = [newOrderKey('buy'), newOrderKey('sell')];

/** The form's keys (mode `entry`); what no key takes is typed into the focused field (the dispatcher). */
export const ORDER_FORM_BINDINGS: readonly Binding[] = [
  { action: 'review', keys: ['Enter'], mode: 'entry', fixed: true, description: 'review the order', hint: 'review', run: (ctx) => startReview(ctx.store, { actions: ctx.actions, nowMs: ctx.nowMs, ...(ctx.keyAtMs !== undefined ? { keyAtMs: ctx.keyAtMs } : {}) }) },
  { action: 'closeEntry', keys: ['Esc', 'C-c'], mode: 'entry', fixed: true, description: 'close order entry (nothing is sent)', hint: 'close', run: (ctx) => closeEntry(ctx.store) },
  {
    action: 'nextField', keys: ['Tab', 'Down'], mode: 'entry', fixed: true, description: 'next field', hint: 'field', quiet: true,
    run: (ctx) => changeForm(ctx, (form) => focusField(form, stepField(form, 1))),
  },
  {
    action: 'prevField', keys: ['S-Tab', 'Up'], mode: 'entry', fixed: true, description: 'previous field', quiet: true,
    run: (ctx) => changeForm(ctx, (form) => focusField(form, stepField(form, -1))),
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
    run: (ctx) => changeForm(ctx, (form) => ({ ...form, reduceOnly: !form.reduceOnly })),
  },
  { action: 'help', keys: ['?'], mode: 'entry', fixed: true, description: 'the keys of order entry', hint: 'keys', run: (ctx) => openHelp(ctx.store, 'entry') },
  ...lineKeys('entry', onTextField),
];

/** The review's keys (mode `review`): any other key does nothing, the review stays until answered. */
export const ORDER_REVIEW_BINDINGS: readonly Binding[] = [
  { action: 'send', keys: ['y', 'Enter'], mode: 'review', fixed: true, description: 'send the order (a risky one asks first)', hint: 'send', run: (ctx) => acceptReview(ctx.store, ctx.actions, ctx.nowMs, ctx.keyAtMs) },
  { action: 'edit', keys: ['Esc', 'C-c'], mode: 'review', fixed: true, description: 'back to the form (nothing is sent)', hint: 'edit', run: (ctx) => backToForm(ctx.store) },
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
  { action: 'help', keys: ['?'], mode: 'review', fixed: true, description: 'the keys of the review', hint: 'keys', run: (ctx) => openHelp(ctx.store, 'review') },
];

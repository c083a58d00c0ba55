// The market picker's keys: `/` opens it from the panes (remappable); inside it Enter opens the chosen
// market, ↑ ↓ choose, Tab / Shift-Tab sort, Esc closes, and its search line edits (typed text: the dispatcher).

import { closePicker, cyclePickerSort, movePickerSelection, openPicker } from '../../state/actions.js';
import type { Binding } from '../keys/binding.js';
import { lineKeys, off } from '../keys/binding-helpers.js';
import { pickMarket } from './flow.js';

/** `/` in the panes. */
export const OPEN_PICKER_BINDINGS: readonly Binding[] = [
  {
    action: 'openPicker', keys: ['/'], mode: 'panes', panes: 'all', description: 'market picker with search', hint: 'market',
    run: (ctx) => openPicker(ctx.store),
    disabledReason: (state) => (state.markets.length === 0 ? off('no markets yet') : null),
  },
];

export const PICKER_BINDINGS: readonly Binding[] = [
  { action: 'closePicker', keys: ['Esc', 'C-c'], mode: 'picker', fixed: true, description: 'close the picker', hint: 'close', run: (ctx) => closePicker(ctx.store) },
  { action: 'pickMarket', keys: ['Enter'], mode: 'picker', fixed: true, description: 'open the chosen market', hint: 'select', run: pickMarket },
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
];

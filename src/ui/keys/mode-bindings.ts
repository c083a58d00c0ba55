// The keys of what is open over the panes: the confirm, the too-small screen, the help, the market picker,
// the `:` line, order entry and its review, the trading tabs' inline editor. Fixed (they have no [keys]
// name): Esc and Ctrl-C back out one level, Enter goes on, and every line edits with the one line editor
// (typed text, Backspace, Ctrl-U, Ctrl-W) whatever it is.

import { closePicker, cyclePickerSort, movePickerSelection, pickerChoice } from '../../state/actions.js';
import type { InputMode } from '../../state/input-mode.js';
import { closeDetail, scrollDetail } from '../../state/detail-overlay.js';
import { closeHelp, openHelp, scrollHelp } from '../../state/workspace-actions.js';
import { COMMAND_LINE_BINDINGS } from '../command-line/bindings.js';
import { CONFIRM_BINDINGS } from '../confirm/bindings.js';
import { ORDER_FORM_BINDINGS, ORDER_REVIEW_BINDINGS } from '../order-entry/bindings.js';
import { requestQuit } from '../confirm/quit.js';
import { EDITOR_BINDINGS } from '../tabs/bindings.js';
import type { Binding, KeyContext } from './binding.js';
import { editModeLine, lineKeys, off } from './binding-helpers.js';


const helpFrom = (mode: InputMode) => (ctx: KeyContext) => openHelp(ctx.store, mode);
function scroll(ctx: KeyContext, delta: number): void {
  scrollHelp(ctx.store, delta, ctx.view.helpRows, ctx.view.helpPage);
}

function scrollPage(ctx: KeyContext, pages: number, lines = 0): void {
  const page = ctx.view.detail?.page ?? ctx.view.helpPage;
  scrollDetail(ctx.store, pages * page + lines, ctx.view.detailLines ?? 0, page);
}

export const MODE_BINDINGS: readonly Binding[] = [
  ...CONFIRM_BINDINGS,

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

  ...COMMAND_LINE_BINDINGS,

  ...ORDER_FORM_BINDINGS,

  ...ORDER_REVIEW_BINDINGS,

  ...EDITOR_BINDINGS,
];

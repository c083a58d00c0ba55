// The keys of the tab strip (which tab shows: h/l, P O F T H J W, and 5/6 from anywhere) and of the inline
// editor the position and order keys open (Enter goes on, Esc closes it, ←/→ keep a prefill; the line
// edits through the one line editor, keys/binding-helpers.ts).

import { focusPane } from '../../state/actions.js';
import { selectTab, setPrompt, shownTabs, stepTab, TAB_LABELS, type TradingTab } from '../../state/trading-tabs.js';
import type { TerminalState } from '../../state/store.js';
import type { Action, Binding, PaneScope } from '../keys/binding.js';
import { lineKeys, off } from '../keys/binding-helpers.js';
import { editModeLine } from '../keys/mode-lines.js';
import { submitEditor } from './flow.js';

const TABS: PaneScope = ['trading'];

const ringOf = (state: TerminalState) => shownTabs(state.tabs.tab, state.algos.length > 0);

function tabKey(action: Action, tab: TradingTab, key: string): Binding {
  const description = `${TAB_LABELS[tab]} tab${tab === 'journal' ? ' (every request and its outcome)' : ''}`;
  return {
    action, keys: [key], mode: 'panes', panes: TABS, description, quiet: true,
    run: (ctx) => selectTab(ctx.store, tab),
    disabledReason: (state) => (state.tabs.tab === tab ? off('shown') : null),
  };
}

function focusTabKey(action: Action, tab: TradingTab, key: string): Binding {
  return {
    action, keys: [key], mode: 'panes', panes: 'all', description: `focus the trading tabs on ${TAB_LABELS[tab]}`, quiet: true,
    run: (ctx) => {
      focusPane(ctx.store, 'trading');
      selectTab(ctx.store, tab);
    },
    disabledReason: (state) => (state.focus === 'trading' && state.tabs.tab === tab ? off('shown') : null),
  };
}

/** 5 and 6: the trading tabs on Positions / Open orders from any pane. */
export const FOCUS_TAB_BINDINGS: readonly Binding[] = [focusTabKey('focusPositions', 'positions', '5'), focusTabKey('focusOrders', 'orders', '6')];

export const TAB_BINDINGS: readonly Binding[] = [
  { action: 'prevTab', keys: ['h', 'Left'], mode: 'panes', panes: TABS, description: 'previous trading tab', tabHint: 'tabs', quiet: true, run: (ctx) => stepTab(ctx.store, -1, ringOf(ctx.store.getState())) },
  { action: 'nextTab', keys: ['l', 'Right'], mode: 'panes', panes: TABS, description: 'next trading tab', quiet: true, run: (ctx) => stepTab(ctx.store, 1, ringOf(ctx.store.getState())) },
  tabKey('tabPositions', 'positions', 'P'),
  tabKey('tabOrders', 'orders', 'O'),
  tabKey('tabFills', 'fills', 'F'),
  tabKey('tabTrades', 'ledger', 'T'),
  tabKey('tabHistory', 'history', 'H'),
  tabKey('tabJournal', 'journal', 'J'),
  tabKey('tabAlgos', 'algos', 'W'),
];

/** ←/→ on the tabs' editor while its prefill is selected: keep the text to edit it (the selection ends; what is typed then appends). */
const KEEP_PREFILL: Binding = {
  action: 'keepPrefill', keys: ['Left', 'Right'], mode: 'editor', fixed: true, description: 'keep the prefilled text to edit it (typing replaces it until then)', quiet: true,
  run: (ctx) => void editModeLine(ctx.store, 'editor', ctx.key),
  disabledReason: (state) => (state.tabs.prompt?.selected === true ? null : off('nothing selected', 'no prefilled text is selected')),
};

/** The inline editor (mode `editor`): Enter goes on, Esc closes, the line edits through the one line editor. */
export const EDITOR_BINDINGS: readonly Binding[] = [
  { action: 'submitEditor', keys: ['Enter'], mode: 'editor', fixed: true, description: 'go on: review or confirm what the line says', hint: 'go on', run: (ctx) => submitEditor(ctx.store, ctx.actions, ctx.keyAtMs) },
  { action: 'closeEditor', keys: ['Esc', 'C-c'], mode: 'editor', fixed: true, description: 'close the editor (nothing is sent)', hint: 'close', run: (ctx) => setPrompt(ctx.store, null) },
  KEEP_PREFILL,
  ...lineKeys('editor'),
];

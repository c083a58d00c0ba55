// A key binding carries its behaviour (as lazygit's Binding with GetDisabledReason): its keys, where it
// applies (a mode, and for the panes the panes), a description, what it does (`run`) and why it would do
// nothing now (`disabledReason`). The dispatcher, the footer, the `?` help, the dimmed "(off: …)" labels
// and remapping by action name all read the same bindings.

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { InputMode } from '../../state/input-mode.js';
import type { PaneId, TerminalState, TerminalStore } from '../../state/store.js';
import type { TradingTab } from '../../state/trading-tabs.js';
import type { KeyPress } from './key-press.js';

/** What owns the keyboard (state/input-mode.ts). */
export type Mode = InputMode;

/** Where a pane binding is valid: a list of panes, or everywhere. */
export type PaneScope = readonly PaneId[] | 'all';

/** Why a binding does nothing now: a few words for the footer and help, the whole reason when pressed. */
export interface Disabled {
  label: string;
  message: string;
}

/** Names of the remappable actions (the config's [keys] remaps them by these names). */
export type Action =
  | 'quit' | 'back' | 'openPicker' | 'focusNext' | 'focusPrev' | 'focusBook' | 'focusChart' | 'focusTrades' | 'focusTrading'
  | 'focusPositions' | 'focusOrders' | 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom' | 'timeframeDown' | 'timeframeUp'
  | 'help' | 'zoom' | 'copy' | 'buy' | 'sell' | 'commandLine' | 'panic' | 'prevTab' | 'nextTab' | 'tabPositions' | 'tabOrders'
  | 'tabFills' | 'tabTrades' | 'tabHistory' | 'tabJournal' | 'closePosition' | 'addCollateral' | 'editTpsl' | 'cancelOrder' | 'cancelMarketOrders'
  | 'cancelAllOrders' | 'amendOrder' | 'marketFilter' | 'historyView' | 'refreshHistory' | 'journalFrames'
  | 'tabAlgos' | 'pauseAlgo' | 'resumeAlgo' | 'cancelAlgo'
  | 'bookGroupUp' | 'bookGroupDown' | 'bookTop'
  | 'ladder' | 'ladderBuy' | 'ladderSell' | 'ladderStop' | 'ladderCancel' | 'ladderMove' | 'pickerSort' | 'pickerSortReverse'
  | 'chartOlder' | 'chartNewer' | 'chartPageOlder' | 'chartPageNewer' | 'chartOldest' | 'chartLive' | 'chartCursor';

/** Rows a page moves, and the panes on screen, for the keys that need the layout. */
export interface KeyView {
  panes: readonly PaneId[];
  bookPage: number;
  /** Book levels on screen each side of the ladder's centre (the cursor scrolls it beyond them). */
  bookDepth: number;
  /** Rows of the DOM ladder when open (ui/ladder/). */
  ladderRows?: number;
  tabsPage: number;
  helpPage: number;
  /** Rows the help lists now (the bound of its scroll). */
  helpRows: number;
  /** The detail page's text width and rows (what its lines are cut to, and what a page scrolls). */
  detail?: { width: number; page: number };
  /** Lines the detail page shows now (the bound of its scroll). */
  detailLines?: number;
}

export interface KeyContext {
  store: TerminalStore;
  actions: TerminalActions;
  key: KeyPress;
  nowMs: number;
  /** Monotonic ms (performance.now()) the key was read at: an order it sends is timed from here (execution reports). */
  keyAtMs?: number;
  view: KeyView;
  /** The key of an action as shown (a remapped key shows its new key). */
  keyLabel(action: Action): string;
}

export interface Binding {
  /** The action's name: remappable ones are Actions; a mode's own keys are fixed. */
  action: Action | string;
  /** Key names as decodeKeys spells them: `q`, `/`, `Tab`, `S-Tab`, `Up`, `PgDn`, `Esc`, `Enter`, `C-x`. */
  keys: readonly string[];
  mode: Mode;
  /** Panes mode: where it is valid. */
  panes?: PaneScope;
  /** Trading tabs' bindings: the tabs where they mean something (their key line lists them there). */
  tabs?: readonly TradingTab[];
  description: string;
  /** Short label for the footer; absent = listed by `?` only. */
  hint?: string;
  /** The footer's label for what the key does now, when it says more than `hint` (Esc in the chart: `crosshair off`). */
  hintNow?(state: TerminalState): string | null;
  /** Short label for the trading tabs' key line (on the tabs in `tabs`). */
  tabHint?: string;
  /** A press while off says nothing (a focus or move key with nowhere to go); order keys say why. */
  quiet?: boolean;
  /** A chord: the key pressed twice (panic), shown doubled. */
  twice?: boolean;
  /** A mode's own key: not remappable (it has no [keys] name). */
  fixed?: boolean;
  run(ctx: KeyContext): void;
  /** Only while this holds does the key mean this (the ladder's keys while it is open); else it keeps its meaning elsewhere. */
  when?(state: TerminalState): boolean;
  /** Why it does nothing now, or null when it acts. */
  disabledReason?(state: TerminalState): Disabled | null;
  /** Acts while disabled too: b / s open the form, which says why nothing can be sent. */
  runsDisabled?: boolean;
}

/** The binding means something in this state (no `when`, or its `when` holds; without a state, only the ones always in force). */
export function liveIn(binding: Binding, state?: TerminalState): boolean {
  return binding.when === undefined || (state !== undefined && binding.when(state));
}

export function validIn(binding: Binding, pane: PaneId): boolean {
  return binding.panes === undefined || binding.panes === 'all' || binding.panes.includes(pane);
}

/** Keys of the panes no remap may take away: Ctrl-C always quits (asking as q does), Esc always steps back. */
export const FIXED_KEYS: Readonly<Record<string, Action>> = { 'C-c': 'quit', Esc: 'back' };

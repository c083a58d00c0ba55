// The keymap as data: every action with its keys, the panes where it means something, and a line of
// help. resolveKey (keymap.ts) reads it, the `?` overlay and the footer derive from it, and the config
// file remaps keys by action name on top of it (keymap-remap.ts). Table order is the footer's priority.

import type { PaneId } from '../state/store.js';
import type { Action, KeyInfo } from './keymap.js';

/** Where a binding is valid: a list of panes, or everywhere. */
export type PaneScope = readonly PaneId[] | 'all';

export interface KeyBinding {
  action: Action;
  /** Key names as keyName() spells them: `q`, `/`, `Tab`, `S-Tab`, `Up`, `Left`, `PgDn`, `Esc`, `Enter`, `C-x`. */
  keys: readonly string[];
  panes: PaneScope;
  description: string;
  /** Short label for the footer hint line; absent = not shown there. */
  hint?: string;
  /** A chord: the key pressed twice (panic), shown doubled. */
  twice?: boolean;
}

const MOVING: PaneScope = ['book', 'trading'];
const TABS: PaneScope = ['trading'];

export const DEFAULT_BINDINGS: readonly KeyBinding[] = [
  { action: 'help', keys: ['?'], panes: 'all', description: 'help for this pane (type to filter)', hint: 'help' },
  { action: 'commandLine', keys: [':'], panes: 'all', description: 'command line: buy sell close cancel lev market tf bell theme alert', hint: 'command' },
  { action: 'openPicker', keys: ['/'], panes: 'all', description: 'market picker with search', hint: 'market' },
  { action: 'buy', keys: ['b'], panes: 'all', description: 'order entry: buy / long', hint: 'buy' },
  { action: 'sell', keys: ['s'], panes: 'all', description: 'order entry: sell / short', hint: 'sell' },
  { action: 'cancelOrder', keys: ['c'], panes: TABS, description: 'cancel the selected order (confirm)', hint: 'cancel' },
  { action: 'closePosition', keys: ['x'], panes: TABS, description: 'close the selected position', hint: 'close' },
  { action: 'panic', keys: ['!'], panes: 'all', description: 'panic: cancel everything and close every position (confirm)', hint: 'panic', twice: true },
  { action: 'focusNext', keys: ['Tab'], panes: 'all', description: 'focus the next pane', hint: 'focus' },
  { action: 'focusPrev', keys: ['S-Tab'], panes: 'all', description: 'focus the previous pane' },
  { action: 'focusBook', keys: ['1'], panes: 'all', description: 'focus the book' },
  { action: 'focusChart', keys: ['2'], panes: 'all', description: 'focus the chart' },
  { action: 'focusTrades', keys: ['3'], panes: 'all', description: 'focus the trades' },
  { action: 'focusTrading', keys: ['4'], panes: 'all', description: 'focus the trading tabs' },
  { action: 'focusPositions', keys: ['5'], panes: 'all', description: 'focus the trading tabs on Positions' },
  { action: 'focusOrders', keys: ['6'], panes: 'all', description: 'focus the trading tabs on Open orders' },
  { action: 'up', keys: ['k', 'Up'], panes: MOVING, description: 'cursor up one level', hint: 'move' },
  { action: 'down', keys: ['j', 'Down'], panes: MOVING, description: 'cursor down one level' },
  { action: 'pageUp', keys: ['PgUp'], panes: MOVING, description: 'cursor up one page' },
  { action: 'pageDown', keys: ['PgDn'], panes: MOVING, description: 'cursor down one page' },
  { action: 'top', keys: ['g'], panes: MOVING, description: 'cursor to the top' },
  { action: 'bottom', keys: ['G'], panes: MOVING, description: 'cursor to the bottom' },
  { action: 'prevTab', keys: ['h', 'Left'], panes: TABS, description: 'previous trading tab' },
  { action: 'nextTab', keys: ['l', 'Right'], panes: TABS, description: 'next trading tab' },
  { action: 'tabPositions', keys: ['P'], panes: TABS, description: 'Positions tab' },
  { action: 'tabOrders', keys: ['O'], panes: TABS, description: 'Open orders tab' },
  { action: 'tabFills', keys: ['F'], panes: TABS, description: 'Fills tab' },
  { action: 'tabHistory', keys: ['H'], panes: TABS, description: 'History tab' },
  { action: 'tabJournal', keys: ['J'], panes: TABS, description: 'Journal tab (every request and its outcome)' },
  { action: 'addCollateral', keys: ['a'], panes: TABS, description: 'add collateral to the selected position' },
  { action: 'editTpsl', keys: ['t'], panes: TABS, description: 'attach / edit TP-SL of the selected position' },
  { action: 'cancelMarketOrders', keys: ['C'], panes: TABS, description: 'cancel every order in this market (confirm)' },
  { action: 'cancelAllOrders', keys: ['A'], panes: TABS, description: 'cancel every open order in every market (confirm)' },
  { action: 'amendOrder', keys: ['e'], panes: TABS, description: 'change (amend) the selected order' },
  { action: 'marketFilter', keys: ['m'], panes: TABS, description: 'fills and history: this market only / all markets' },
  { action: 'historyView', keys: ['v'], panes: TABS, description: 'history: orders / positions / account events' },
  { action: 'refreshHistory', keys: ['r'], panes: TABS, description: 'fills and history: refresh (re-read the newest page; older pages load as you scroll)' },
  { action: 'timeframeDown', keys: ['['], panes: ['chart'], description: 'shorter candle timeframe', hint: 'timeframe' },
  { action: 'timeframeUp', keys: [']'], panes: ['chart'], description: 'longer candle timeframe' },
  { action: 'zoom', keys: ['z'], panes: 'all', description: 'zoom this pane to full screen and back (Tab and 1-6 move the zoom)', hint: 'zoom' },
  { action: 'copy', keys: ['y'], panes: ['book', 'trading'], description: 'copy the selected row to the clipboard', hint: 'copy' },
  { action: 'back', keys: ['Esc'], panes: 'all', description: 'back one level (never quits)', hint: 'back' },
  { action: 'quit', keys: ['q', 'C-c'], panes: 'all', description: 'quit', hint: 'quit' },
];

/** Keys no remap may take away: Ctrl-C always quits, Esc always steps back. */
export const FIXED_KEYS: Readonly<Record<string, Action>> = { 'C-c': 'quit', Esc: 'back' };

/** The name of a key press in the table's spelling, or null for keys the table cannot bind. */
export function keyName(input: string, key: KeyInfo): string | null {
  if (key.escape) return 'Esc';
  if (key.tab) return key.shift ? 'S-Tab' : 'Tab';
  if (key.upArrow) return 'Up';
  if (key.downArrow) return 'Down';
  if (key.leftArrow) return 'Left';
  if (key.rightArrow) return 'Right';
  if (key.pageUp) return 'PgUp';
  if (key.pageDown) return 'PgDn';
  if (key.return) return 'Enter';
  if (key.ctrl) return input.length === 1 ? `C-${input.toLowerCase()}` : null;
  return input.length === 1 ? input : null;
}

let active: readonly KeyBinding[] = DEFAULT_BINDINGS;

/** The bindings in force (defaults until the app applies a config). */
export function activeBindings(): readonly KeyBinding[] {
  return active;
}

export function setActiveBindings(bindings: readonly KeyBinding[]): void {
  active = bindings;
}

export function validIn(binding: KeyBinding, pane: PaneId): boolean {
  return binding.panes === 'all' || binding.panes.includes(pane);
}

/**
 * The action bound to a key press in `bindings`, or null. With `pane`, a binding valid there wins; else
 * the key keeps its meaning elsewhere (`[ ]` step the chart's timeframe while the book has focus; the
 * runner of an action decides whether it does anything in that pane).
 */
export function lookupAction(bindings: readonly KeyBinding[], input: string, key: KeyInfo, pane?: PaneId): Action | null {
  const name = keyName(input, key);
  if (name === null) return null;
  const fixed = FIXED_KEYS[name];
  if (fixed) return fixed;
  const bound = bindings.filter((b) => b.keys.includes(name));
  return (pane !== undefined ? bound.find((b) => validIn(b, pane)) : undefined)?.action ?? bound[0]?.action ?? null;
}

/** The first key of `action` in `bindings` (what the footer and notices show), or null when unbound. */
export function keyOf(bindings: readonly KeyBinding[], action: Action): string | null {
  return bindings.find((b) => b.action === action)?.keys[0] ?? null;
}

// The keymap as data: every action with its keys, the panes where it means something, and a line of
// help. resolveKey (keymap.ts) reads it, the `?` overlay and the footer derive from it, and the config
// file remaps keys by action name on top of it.

import type { PaneId } from '../state/store.js';
import type { Action, KeyInfo } from './keymap.js';

/** Where a binding is valid: a list of panes, or everywhere. */
export type PaneScope = readonly PaneId[] | 'all';

export interface KeyBinding {
  action: Action;
  /** Key names as keyName() spells them: `q`, `/`, `Tab`, `S-Tab`, `Up`, `PgDn`, `Esc`, `Enter`, `C-x`. */
  keys: readonly string[];
  panes: PaneScope;
  description: string;
  /** Short label for the footer hint line; absent = not shown there. */
  hint?: string;
}

const MOVING: PaneScope = ['book'];

export const DEFAULT_BINDINGS: readonly KeyBinding[] = [
  { action: 'help', keys: ['?'], panes: 'all', description: 'help for this pane (type to filter)', hint: 'help' },
  { action: 'openPicker', keys: ['/'], panes: 'all', description: 'market picker with search', hint: 'market' },
  { action: 'focusNext', keys: ['Tab'], panes: 'all', description: 'focus the next pane', hint: 'focus' },
  { action: 'focusPrev', keys: ['S-Tab'], panes: 'all', description: 'focus the previous pane' },
  { action: 'focusBook', keys: ['1'], panes: 'all', description: 'focus the book' },
  { action: 'focusChart', keys: ['2'], panes: 'all', description: 'focus the chart' },
  { action: 'focusTrades', keys: ['3'], panes: 'all', description: 'focus the trades' },
  { action: 'focusTrading', keys: ['4'], panes: 'all', description: 'focus the trading area' },
  { action: 'up', keys: ['k', 'Up'], panes: MOVING, description: 'cursor up one level', hint: 'move' },
  { action: 'down', keys: ['j', 'Down'], panes: MOVING, description: 'cursor down one level' },
  { action: 'pageUp', keys: ['PgUp'], panes: MOVING, description: 'cursor up one page' },
  { action: 'pageDown', keys: ['PgDn'], panes: MOVING, description: 'cursor down one page' },
  { action: 'top', keys: ['g'], panes: MOVING, description: 'cursor to the top' },
  { action: 'bottom', keys: ['G'], panes: MOVING, description: 'cursor to the bottom' },
  { action: 'timeframeDown', keys: ['['], panes: ['chart'], description: 'shorter candle timeframe', hint: 'timeframe' },
  { action: 'timeframeUp', keys: [']'], panes: ['chart'], description: 'longer candle timeframe' },
  { action: 'zoom', keys: ['z'], panes: 'all', description: 'zoom this pane to full screen and back', hint: 'zoom' },
  { action: 'copy', keys: ['y'], panes: ['book', 'trading'], description: 'copy the selected row to the clipboard', hint: 'copy' },
  { action: 'back', keys: ['Esc'], panes: 'all', description: 'back one level (never quits)', hint: 'back' },
  { action: 'quit', keys: ['q', 'C-c'], panes: 'all', description: 'quit', hint: 'quit' },
];

/** Keys no remap may take away: Ctrl-C always quits, Esc always steps back. */
const FIXED: Readonly<Record<string, Action>> = { 'C-c': 'quit', Esc: 'back' };

/** The name of a key press in the table's spelling, or null for keys the table cannot bind. */
export function keyName(input: string, key: KeyInfo): string | null {
  if (key.escape) return 'Esc';
  if (key.tab) return key.shift ? 'S-Tab' : 'Tab';
  if (key.upArrow) return 'Up';
  if (key.downArrow) return 'Down';
  if (key.pageUp) return 'PgUp';
  if (key.pageDown) return 'PgDn';
  if (key.return) return 'Enter';
  if (key.ctrl) return input.length === 1 ? `C-${input.toLowerCase()}` : null;
  return input.length === 1 ? input : null;
}

/** Key names people write in a config file, normalised (`ctrl+x`, `shift+tab`, `pgdown`, `escape`). */
export function normaliseKeyName(text: string): string | null {
  const t = text.trim();
  if (t.length === 1) return t;
  const lower = t.toLowerCase().replace(/\s+/g, '');
  const ctrl = /^(?:c-|ctrl[+-]|control[+-])(.)$/.exec(lower);
  if (ctrl?.[1]) return `C-${ctrl[1]}`;
  const names: Record<string, string> = {
    tab: 'Tab', 's-tab': 'S-Tab', 'shift+tab': 'S-Tab', 'shift-tab': 'S-Tab', up: 'Up', down: 'Down',
    pgup: 'PgUp', pageup: 'PgUp', pgdn: 'PgDn', pgdown: 'PgDn', pagedown: 'PgDn', esc: 'Esc', escape: 'Esc',
    enter: 'Enter', return: 'Enter', space: ' ',
  };
  return names[lower] ?? null;
}

export function isActionName(name: string): name is Action {
  return DEFAULT_BINDINGS.some((b) => b.action === name);
}

/**
 * The default table with `overrides` (action -> keys) applied: the overridden action gets exactly the
 * new keys, and any other action loses those keys, so one key never means two things.
 */
export function remapBindings(base: readonly KeyBinding[], overrides: ReadonlyMap<Action, readonly string[]>): KeyBinding[] {
  const taken = new Set<string>();
  for (const keys of overrides.values()) for (const k of keys) taken.add(k);
  return base.map((b) => {
    const override = overrides.get(b.action);
    if (override) return { ...b, keys: [...override] };
    return { ...b, keys: b.keys.filter((k) => !taken.has(k) || FIXED[k] === b.action) };
  });
}

let active: readonly KeyBinding[] = DEFAULT_BINDINGS;

/** The bindings in force (defaults until the app applies a config). */
export function activeBindings(): readonly KeyBinding[] {
  return active;
}

export function setActiveBindings(bindings: readonly KeyBinding[]): void {
  active = bindings;
}

/** The action bound to a key press in `bindings`, or null. */
export function lookupAction(bindings: readonly KeyBinding[], input: string, key: KeyInfo): Action | null {
  const name = keyName(input, key);
  if (name === null) return null;
  const fixed = FIXED[name];
  if (fixed) return fixed;
  return bindings.find((b) => b.keys.includes(name))?.action ?? null;
}

export function validIn(binding: KeyBinding, pane: PaneId): boolean {
  return binding.panes === 'all' || binding.panes.includes(pane);
}

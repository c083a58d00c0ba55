// Pressing keys in unit tests the way the screen does: decoded, then the one dispatcher, with the
// TerminalActions over recorded TerminalServices.

import { createTerminalActions } from '../actions/terminal-actions.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import { dispatchKey } from './dispatch.js';
import { decodeKeys } from './key-reader.js';
import { createKeymap, type Keymap } from './keymap.js';

export interface PressOptions {
  keymap?: Keymap;
  /** Rows a page moves in the tabs (default 10). */
  tabsPage?: number;
  now?: () => number;
}

/**
 * `press(raw)`: every key of `raw` (as the terminal would send it: 'y', '\r', '\u001b', '\t', '\u0015') through
 * the dispatcher, as one read (one call, one burst: `press('!!y')` asks and the y does not answer).
 */
export function keyPresser(store: TerminalStore, services: TerminalServices, o: PressOptions = {}): (raw: string) => void {
  const actions = createTerminalActions(store, services);
  const keymap = o.keymap ?? createKeymap();
  const page = o.tabsPage ?? 10;
  let read = 0;
  return (raw) => {
    read += 1;
    for (const key of decodeKeys(raw)) {
      dispatchKey(key, { store, actions, keymap, read, nowMs: (o.now ?? Date.now)(), view: { panes: ['book', 'chart', 'trades', 'trading'], bookPage: 10, bookDepth: 11, tabsPage: page, helpPage: 10, ladderRows: 21 } });
    }
  };
}

export const ENTER = '\r';
export const ESC = '\u001b';
export const PGDN = '\u001b[6~';

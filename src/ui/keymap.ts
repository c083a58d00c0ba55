// Keys to action names. The bindings are a table (keymap-table.ts), remappable by action name.

import type { PaneId } from '../state/store.js';
import { activeBindings, lookupAction } from './keymap-table.js';

export type Action =
  | 'quit'
  | 'back'
  | 'openPicker'
  | 'focusNext'
  | 'focusPrev'
  | 'focusBook'
  | 'focusChart'
  | 'focusTrades'
  | 'focusTrading'
  | 'focusPositions'
  | 'focusOrders'
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'top'
  | 'bottom'
  | 'timeframeDown'
  | 'timeframeUp'
  | 'help'
  | 'zoom'
  | 'copy'
  // Trading: order entry, the command line and panic work from any pane.
  | 'buy'
  | 'sell'
  | 'commandLine'
  | 'panic'
  // The trading tabs, while they have focus.
  | 'prevTab'
  | 'nextTab'
  | 'tabPositions'
  | 'tabOrders'
  | 'tabFills'
  | 'tabHistory'
  | 'tabJournal'
  | 'closePosition'
  | 'addCollateral'
  | 'editTpsl'
  | 'cancelOrder'
  | 'cancelMarketOrders'
  | 'cancelAllOrders'
  | 'amendOrder'
  | 'marketFilter'
  | 'historyView'
  | 'refreshHistory';

export interface KeyInfo {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  tab?: boolean;
  shift?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  return?: boolean;
}

/**
 * The action of a key outside the picker, or null when the key does nothing here. With `pane`, only
 * bindings valid in that pane count (one key may mean different things in panes that do not overlap).
 */
export function resolveKey(input: string, key: KeyInfo, pane?: PaneId): Action | null {
  return lookupAction(activeBindings(), input, key, pane);
}

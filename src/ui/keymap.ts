// Keys to action names. The bindings are a table (keymap-table.ts), remappable by action name.

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
  | 'copy';

export interface KeyInfo {
  upArrow?: boolean;
  downArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  tab?: boolean;
  shift?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  return?: boolean;
}

/** The action of a key outside the picker, or null when the key does nothing here. */
export function resolveKey(input: string, key: KeyInfo): Action | null {
  return lookupAction(activeBindings(), input, key);
}

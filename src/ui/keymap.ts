// Keys to action names. Resolution is pure so the map is testable and later remappable by name.

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
  | 'timeframeUp';

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

const BY_INPUT: Record<string, Action> = {
  q: 'quit',
  '/': 'openPicker',
  j: 'down',
  k: 'up',
  g: 'top',
  G: 'bottom',
  '[': 'timeframeDown',
  ']': 'timeframeUp',
  '1': 'focusBook',
  '2': 'focusChart',
  '3': 'focusTrades',
  '4': 'focusTrading',
};

/** The action of a key outside the picker, or null when the key does nothing here. */
export function resolveKey(input: string, key: KeyInfo): Action | null {
  if (key.ctrl && input === 'c') return 'quit';
  if (key.escape) return 'back';
  if (key.tab) return key.shift ? 'focusPrev' : 'focusNext';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.pageUp) return 'pageUp';
  if (key.pageDown) return 'pageDown';
  if (key.ctrl) return null;
  return BY_INPUT[input] ?? null;
}

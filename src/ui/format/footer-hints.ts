// The footer's key hints for the focused pane, derived from the keymap; items that do not fit are
// dropped from the least important end, and `quit` is kept to the last.

import type { PaneId } from '../../state/store.js';
import { validIn, type KeyBinding } from '../keymap-table.js';
import { displayKey } from '../help.js';

export interface HintItem {
  key: string;
  label: string;
}

/** Hint items in priority order (table order), with the first key of each hinted binding valid here. */
export function hintItems(bindings: readonly KeyBinding[], pane: PaneId): HintItem[] {
  return bindings
    .filter((b) => b.hint !== undefined && b.keys.length > 0 && validIn(b, pane))
    .map((b) => ({ key: displayKey(b.keys[0] ?? ''), label: b.hint ?? '' }));
}

function render(items: readonly HintItem[]): string {
  return items.length === 0 ? '' : ' ' + items.map((i) => `${i.key} ${i.label}`).join('  ');
}

/**
 * The hint line for `width` cells: all items when they fit, otherwise the longest prefix that fits
 * with `quit` (when bound) appended, so the way out is always on screen.
 */
export function footerHints(bindings: readonly KeyBinding[], pane: PaneId, width: number): string {
  const items = hintItems(bindings, pane);
  const full = render(items);
  if (full.length <= width) return full;
  const quit = items.find((i) => i.label === 'quit');
  const rest = items.filter((i) => i !== quit);
  for (let n = rest.length; n >= 0; n--) {
    const line = render(quit ? [...rest.slice(0, n), quit] : rest.slice(0, n));
    if (line.length <= width) return line;
  }
  return '';
}

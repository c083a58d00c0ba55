// What the `?` overlay lists: the bindings valid in the focused pane, filtered by what the user typed.

import type { PaneId } from '../state/store.js';
import { FIXED_HELP, type FixedHelpEntry } from './help-fixed.js';
import { validIn, type KeyBinding } from './keymap-table.js';

export interface HelpRow {
  keys: string;
  description: string;
  /** The name to write in the config's [keys]; empty for fixed keys. */
  action: string;
}

/** Key names as people read them. */
export function displayKey(name: string): string {
  if (name.startsWith('C-')) return `Ctrl-${name.slice(2)}`;
  if (name === 'S-Tab') return 'Shift-Tab';
  if (name === ' ') return 'Space';
  return name;
}

/** A binding's key as shown: a chord (panic) doubled, `!!`. */
export function bindingKeyLabel(binding: KeyBinding, name: string): string {
  const shown = displayKey(name);
  if (!binding.twice) return shown;
  return shown.length === 1 ? shown + shown : `${shown} ${shown}`;
}

/**
 * Rows for the focused pane. The filter matches the description, the action name or a key
 * (case-insensitive); every word of the query must match.
 */
export function helpRows(bindings: readonly KeyBinding[], pane: PaneId, query: string, fixed: readonly FixedHelpEntry[] = FIXED_HELP): HelpRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const fixedRows = fixed
    .filter((f) => f.panes === 'all' || f.panes.includes(pane))
    .map((f) => ({ keys: f.keys, description: f.description, action: '' }));
  return bindings
    .filter((b) => b.keys.length > 0 && validIn(b, pane))
    .map((b): HelpRow => ({ keys: b.keys.map((k) => bindingKeyLabel(b, k)).join(' '), description: b.description, action: b.action }))
    .concat(fixedRows)
    .filter((r) => {
      const haystack = `${r.keys} ${r.description} ${r.action}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
}

/** Human name of a pane for the overlay's title. */
export function paneName(pane: PaneId): string {
  return { book: 'Book', chart: 'Chart', trades: 'Trades', trading: 'Trading' }[pane];
}

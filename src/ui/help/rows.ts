// What the `?` overlay lists: the bindings of the mode it was opened from (the focused pane's, or order
// entry's), each with the name the config's [keys] remaps it by and, when it does nothing now, why; filtered
// by what the trader typed.

import type { PaneId, TerminalState } from '../../state/store.js';
import { liveIn, validIn, type Binding, type Mode } from '../keys/binding.js';

export interface HelpRow {
  keys: string;
  description: string;
  /** The name to write in the config's [keys]; empty for a mode's fixed keys. */
  action: string;
  /** Why it does nothing now (a few words), absent when it acts. */
  off?: string;
}

/** Where keys apply: a mode, and in the panes the focused pane. */
export interface KeyPlace {
  mode: Mode;
  pane: PaneId;
}

/** Modes whose line takes typed text, and what typing does there (help and footer say it). */
export const TYPING_HINTS: Partial<Record<Mode, string>> = {
  picker: 'type to search',
  help: 'type to filter',
  command: 'type a command',
  editor: 'type the line',
  entry: 'type into the field',
};

/** Key names as people read them. */
export function displayKey(name: string): string {
  if (name.startsWith('C-')) return `Ctrl-${name.slice(2)}`;
  if (name.startsWith('M-')) return `Alt-${name.slice(2)}`;
  if (name === 'S-Tab') return 'Shift-Tab';
  if (name === ' ') return 'Space';
  return name;
}

/** A binding's key as shown: a chord (panic) doubled, `!!`. */
export function bindingKeyLabel(binding: Binding, name: string): string {
  const shown = displayKey(name);
  if (!binding.twice) return shown;
  return shown.length === 1 ? shown + shown : `${shown} ${shown}`;
}

/** The bindings that apply at `place`, in table order. */
export function bindingsAt(bindings: readonly Binding[], place: KeyPlace): Binding[] {
  return bindings.filter((b) => b.keys.length > 0 && b.mode === place.mode && (place.mode !== 'panes' || validIn(b, place.pane)));
}

/**
 * Rows for `place`. The filter matches the description, the action name or a key (case-insensitive); every
 * word of the query must match. With `state`, a binding that does nothing now says why.
 */
export function helpRows(bindings: readonly Binding[], place: KeyPlace, query: string, state?: TerminalState): HelpRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = bindingsAt(bindings, place).filter((b) => liveIn(b, state)).map((b): HelpRow => {
    const off = state ? b.disabledReason?.(state)?.label : undefined;
    const now = state ? b.hintNow?.(state) : null;
    // First, so a narrow overlay that cuts the description still says it.
    const description = now ? `now: ${now} · ${b.description}` : b.description;
    return { keys: b.keys.map((k) => bindingKeyLabel(b, k)).join(' '), description, action: b.fixed ? '' : b.action, ...(off ? { off } : {}) };
  });
  const typing = TYPING_HINTS[place.mode];
  if (typing) rows.push({ keys: 'text', description: `${typing}${place.mode === 'entry' ? ' (no spaces)' : ' (a paste too)'}`, action: '' });
  return rows.filter((r) => {
    const haystack = `${r.keys} ${r.description} ${r.action}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** What the overlay's title names. */
export function placeName(place: KeyPlace): string {
  if (place.mode !== 'panes') return { entry: 'Order entry', review: 'Order review', confirm: 'Confirm', 'too-small': 'Too small', help: 'Help', detail: 'Detail', picker: 'Market picker', command: 'Command line', editor: 'Editor' }[place.mode];
  return { book: 'Book', chart: 'Chart', trades: 'Trades', trading: 'Trading' }[place.pane];
}

/** Where the help was opened from: its rows are that place's bindings. */
export function helpPlace(state: TerminalState): { mode: Mode; pane: TerminalState['focus'] } {
  return { mode: state.workspace.help.from, pane: state.focus };
}

// The tabs' bottom line, the parts every tab shares: the tabs' confirm or the open editor take the whole
// line; otherwise the keys that work on this tab (from the bindings' tab hints), which each tab's view puts
// after what it says first (positions/view.ts notes, open-orders/view.ts an order's age, ...).

import type { TerminalState } from '../../state/store.js';
import { confirmLine } from '../confirm/confirm-text.js';
import { editorLine } from '../format/editor-line.js';
import type { Cell, CellTone } from '../format/table.js';
import { bindingKeyLabel } from '../help/rows.js';
import type { Keymap } from '../keys/keymap.js';
import { EDITOR_HINTS, EDITOR_LABELS } from './editor.js';

export interface FooterLine {
  text: string;
  tone: CellTone;
  /** The line in parts with their own tones (`text` is their concatenation); absent: all in `tone`. */
  parts?: readonly Cell[];
}

/** The tabs' confirm or the open editor's line (`width`: the line's cells); null when neither is open. */
export function promptLine(state: TerminalState, width: number): FooterLine | null {
  const confirm = state.tradingUi.confirm;
  if (confirm?.at === 'tabs') return { text: confirmLine(confirm), tone: 'warn' };
  const prompt = state.tabs.prompt;
  if (!prompt) return null;
  const line = editorLine({ label: EDITOR_LABELS[prompt.mode], text: prompt.text, selected: prompt.selected === true, error: prompt.error, hint: EDITOR_HINTS[prompt.mode] }, width);
  return { text: line, tone: prompt.error ? 'down' : 'plain' };
}

/**
 * The keys of the tab shown, from the bindings (their tab hints), grouped by hint ("j/k move"). Why a key is
 * off is said once, by the footer below and the help: a replay's tabs read as the live session's did.
 */
export function tabKeys(keymap: Keymap, state: TerminalState): string {
  return keyGroups(keymap, state, false)
    .map((g) => `${g.keys.join('/')} ${g.label}`)
    .join('  ');
}

interface KeyGroup {
  keys: string[];
  label: string;
  /** A key of this tab alone (not one every tab shares). */
  own: boolean;
  /** Why the tab's own key does nothing now; absent when it acts. */
  off?: string;
}

function keyGroups(keymap: Keymap, state: TerminalState, withOff: boolean): KeyGroup[] {
  const tab = state.tabs.tab;
  const groups: KeyGroup[] = [];
  for (const b of keymap.bindings) {
    if (b.mode !== 'panes' || b.tabHint === undefined || b.keys.length === 0) continue;
    if (b.tabs && !b.tabs.includes(tab)) continue;
    const key = bindingKeyLabel(b, b.keys[0]!);
    const off = withOff && b.tabs ? b.disabledReason?.(state)?.label : undefined;
    const last = groups.at(-1);
    if (last && last.label === b.tabHint && last.off === off) last.keys.push(key);
    else groups.push({ keys: [key], label: b.tabHint, own: b.tabs !== undefined, ...(off ? { off } : {}) });
  }
  return groups;
}

/**
 * The keys of the tab shown as parts, for a tab whose keys depend on the selected row (the Algos tab): its own
 * keys first, one that does nothing for the row dimmed with why after it ("U resume (not paused)"), then the
 * keys every tab shares.
 */
export function tabKeyParts(keymap: Keymap, state: TerminalState): Cell[] {
  const groups = keyGroups(keymap, state, true);
  const own = (g: KeyGroup) => g.own;
  return [...groups.filter(own), ...groups.filter((g) => !own(g))].map((g, i) => {
    const text = `${i === 0 ? '' : '  '}${g.keys.join('/')} ${g.label}`;
    return g.off ? { text: `${text} (${g.off})`, tone: 'muted' as const } : { text };
  });
}

// The footer's key hints for the mode in use (the focused pane's, or the form's, the picker's...), derived from the keymap in force (so a remapped key shows
// its new key); items that do not fit are dropped from the least important end, and `quit` is kept to
// the last. Keys that are off stay listed, marked, with the short reason after them.

import type { TerminalState } from '../../state/store.js';
import { liveIn, type Binding } from './binding.js';
import { bindingKeyLabel, bindingsAt, type KeyPlace } from '../help/rows.js';

export interface HintItem {
  key: string;
  label: string;
  /** Short reason the key does nothing useful now (orders off); absent when it works. */
  off?: string;
}

export interface HintPart {
  text: string;
  tone: 'plain' | 'off' | 'reason';
}

/** Hint items in priority order (table order), with the first key of each hinted binding at `place`; with `state`, those off say why. */
export function hintItems(bindings: readonly Binding[], place: KeyPlace, state?: TerminalState): HintItem[] {
  return bindingsAt(bindings, place)
    .filter((b) => b.hint !== undefined && liveIn(b, state))
    .map((b) => {
      const off = state ? b.disabledReason?.(state)?.label : undefined;
      const label = (state ? b.hintNow?.(state) : null) ?? b.hint ?? '';
      return { key: bindingKeyLabel(b, b.keys[0] ?? ''), label, ...(off ? { off } : {}) };
    });
}

/** The items as styled parts: a run of items off for one reason is followed once by that reason. */
function render(items: readonly HintItem[]): HintPart[] {
  const parts: HintPart[] = [];
  items.forEach((item, i) => {
    parts.push({ text: i === 0 ? ' ' : '  ', tone: 'plain' });
    parts.push({ text: `${item.key} ${item.label}`, tone: item.off ? 'off' : 'plain' });
    if (item.off && items[i + 1]?.off !== item.off) parts.push({ text: ` (off: ${item.off})`, tone: 'reason' });
  });
  return parts;
}

/** The length of render(items)'s text, without building the parts (the line is fitted on every store write). */
function renderedLength(items: readonly HintItem[]): number {
  let n = 0;
  items.forEach((item, i) => {
    n += (i === 0 ? 1 : 2) + item.key.length + 1 + item.label.length;
    if (item.off && items[i + 1]?.off !== item.off) n += ' (off: )'.length + item.off.length;
  });
  return n;
}

/**
 * The hint line for `width` cells as parts: all items when they fit, otherwise the longest prefix that
 * fits with `quit` (when bound) appended, so the way out is always on screen.
 */
export function footerHintParts(bindings: readonly Binding[], place: KeyPlace, width: number, state?: TerminalState): HintPart[] {
  const items = hintItems(bindings, place, state);
  if (renderedLength(items) <= width) return render(items);
  const quit = items.find((i) => i.label === 'quit');
  const rest = items.filter((i) => i !== quit);
  for (let n = rest.length; n >= 0; n--) {
    const shown = quit ? [...rest.slice(0, n), quit] : rest.slice(0, n);
    if (renderedLength(shown) <= width) return render(shown);
  }
  return [];
}

/** The hint line as plain text. */
export function footerHints(bindings: readonly Binding[], place: KeyPlace, width: number, state?: TerminalState): string {
  return footerHintParts(bindings, place, width, state)
    .map((p) => p.text)
    .join('');
}

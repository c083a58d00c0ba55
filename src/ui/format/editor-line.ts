// A typed line with its error after it, fitted to the width so the error is read whole: the tabs' inline editor
// (`TP/SL> sl 64000█  ✗ ...`) and the `:` line. Pure.

import { fitText } from './numbers.js';

/**
 * Cells of the typed text always kept beside an error: the trader must see what the line holds (its cursor
 * end) however long the refusal; past them the error gives way at its end, where its figures are not.
 */
export const TYPED_CELLS_KEPT = 16;

/** Room for the typed text beside a tail of `tailLength` cells in `room` cells: what the tail leaves, never under TYPED_CELLS_KEPT. */
export function typedRoom(room: number, tailLength: number): number {
  return Math.max(TYPED_CELLS_KEPT, room - tailLength);
}

/** `text` cut from its start ("…" and its end, where the cursor is) to fit `room` cells; whole when it fits. */
export function cutFromStart(text: string, room: number): string {
  if (text.length <= room) return text;
  return room <= 0 ? '' : `…${text.slice(text.length - room + 1)}`;
}

export interface EditorLineParts {
  label: string;
  text: string;
  /** The text is a selected prefill: said right after it (before the hint, which a narrow pane cuts first). */
  selected: boolean;
  error: string | null;
  hint: string;
}

/**
 * The editor's line in `width` cells: where it does not fit, an error is read first: the note of a selected
 * prefill goes first, then the typed text gives way from its start down to TYPED_CELLS_KEPT (the cursor end
 * stays), then the error's end (its figures lead it, so they stay at 80 columns).
 */
export function editorLine(p: EditorLineParts, width: number): string {
  const tail = p.error ? `  ✗ ${p.error}` : `  ${p.hint}  Ctrl-U clears`;
  const replaces = p.selected ? '  (typing replaces it)' : '';
  const line = `${p.label}> ${p.text}█${replaces}${tail}`;
  if (!p.error || line.length <= width) return line;
  const plain = `${p.label}> ${p.text}█${tail}`;
  if (plain.length <= width) return plain;
  const typed = `${p.label}> ${cutFromStart(p.text, typedRoom(width - p.label.length - 3, tail.length))}█`;
  return `${typed}${fitText(tail, width - typed.length).trimEnd()}`;
}

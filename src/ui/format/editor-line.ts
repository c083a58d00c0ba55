// A typed line with its error after it, fitted to the width so the error is read whole: the tabs' inline editor
// (`TP/SL> sl 64000█  ✗ ...`) and the `:` line. Pure.

/**
 * Cells of the typed text kept when an error is longer than the line is wide: it cannot be read whole anyway,
 * and the trader must still see what the line holds (its cursor end).
 */
export const TYPED_CELLS_KEPT = 16;

/**
 * Room for the typed text beside a tail of `tailLength` cells in `room` cells: what the tail leaves (so an error
 * that fits is read whole), or TYPED_CELLS_KEPT when the tail alone is wider than the room.
 */
export function typedRoom(room: number, tailLength: number): number {
  return tailLength <= room ? room - tailLength : TYPED_CELLS_KEPT;
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
 * The editor's line in `width` cells: where it does not fit, an error is read whole: the note of a selected
 * prefill goes first, then the typed text gives way from its start (the cursor end stays), so a refusal's
 * figures are never cut at 80 columns.
 */
export function editorLine(p: EditorLineParts, width: number): string {
  const tail = p.error ? `  ✗ ${p.error}` : `  ${p.hint}  Ctrl-U clears`;
  const replaces = p.selected ? '  (typing replaces it)' : '';
  const line = `${p.label}> ${p.text}█${replaces}${tail}`;
  if (!p.error || line.length <= width) return line;
  const plain = `${p.label}> ${p.text}█${tail}`;
  if (plain.length <= width) return plain;
  return `${p.label}> ${cutFromStart(p.text, typedRoom(width - p.label.length - 3, tail.length))}█${tail}`;
}

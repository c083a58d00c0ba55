// The order form's lines fitted to its docked column: a line wider than the column wraps (at a space, the
// rest indented) instead of being cut, so a field's ✗ reason, the smart confirm's question and the review's
// notes are read whole in a narrow column. Optional review fields make room first. Pure.

import type { EntryLine } from './entry-lines.js';

const INDENT = '   ';

/** `text` as lines no wider than `width`: broken at the last space that fits, continuations indented. */
export function wrapText(text: string, width: number): string[] {
  if (width <= INDENT.length + 1 || text.length <= width) return [text];
  const out: string[] = [];
  let rest = text;
  let first = true;
  while (rest.length > 0) {
    const line = first ? rest : INDENT + rest;
    if (line.length <= width) {
      out.push(line);
      break;
    }
    const min = first ? 1 : INDENT.length + 1;
    let cut = line.lastIndexOf(' ', width);
    if (cut < min) cut = width; // one word wider than the column: cut it
    out.push(line.slice(0, cut).trimEnd());
    rest = line.slice(cut).trimStart();
    first = false;
  }
  return out;
}

function rowsOf(lines: readonly EntryLine[], width: number): number {
  return lines.reduce((n, l) => n + wrapText(l.text, width).length, 0);
}

/** Rows the lines need at `width` once every optional field has made room. */
export function rowsNeeded(lines: readonly EntryLine[], width: number): number {
  return rowsOf(lines.filter((l) => !l.optional), width);
}

/** The lines that fit `width` x `height`: each wrapped; optional fields dropped first (last one first), then the tail cut. */
export function fitWrappedEntryLines(lines: readonly EntryLine[], width: number, height: number): EntryLine[] {
  const kept = [...lines];
  for (let i = kept.length - 1; i >= 0 && rowsOf(kept, width) > height; i--) if (kept[i]?.optional) kept.splice(i, 1);
  const out = kept.flatMap((l) => wrapText(l.text, width).map((text) => ({ ...l, text })));
  return out.slice(0, Math.max(0, height));
}

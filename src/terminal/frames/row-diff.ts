// diffCells(toCells(prev), toCells(next)) without the cell arrays: both rows are walked cell by cell in
// step, straight from their strings, and only the spans that differ are written, copying runs of the new
// row's characters as slices. A busy book changes dozens of rows a frame; splitting each into two arrays
// of one-character strings and style keys was the largest share of the paint's garbage. Same bytes as
// diffCells (row-diff.test.ts checks it on random rows).

import { afterSgrIn, DEFAULT_PEN, NOT_SINGLE_WIDTH, type Pen, type PenState } from './row-cells.js';
import { sgrEnd } from './sgr.js';

const ESC = '\u001B[';
/** As in diffCells: unchanged cells shorter than this between two changes are rewritten rather than jumped over. */
const MERGE_GAP = 6;

/** A position in a row: the cell at `at` (its character at row[at], -1 past the end) and the style it is drawn in. */
interface Walk {
  row: string;
  /** Index of the cell's character in `row`; row.length past the end. */
  at: number;
  /** The character code of the cell, -1 past the end (or after something that cannot be split). */
  ch: number;
  pen: PenState;
  /** The row holds something other than single-width characters and SGR codes. */
  bad: boolean;
}

function walkOf(row: string): Walk {
  const walk: Walk = { row, at: -1, ch: -1, pen: DEFAULT_PEN, bad: false };
  step(walk);
  return walk;
}

/** To the next cell: past the current character and the SGR codes after it. */
function step(walk: Walk): void {
  const row = walk.row;
  const n = row.length;
  let i = walk.at + 1;
  if (walk.ch === -1 && walk.at >= 0) return;
  while (i < n) {
    const code = row.charCodeAt(i);
    if (code === 27) {
      const j = sgrEnd(row, i);
      if (j < 0) break;
      walk.pen = afterSgrIn(walk.pen, row, i + 2, j);
      i = j + 1;
      continue;
    }
    if (code < 32) break;
    walk.at = i;
    walk.ch = code;
    return;
  }
  if (i < n) walk.bad = true;
  walk.at = n;
  walk.ch = -1;
}

function same(a: Walk, b: Walk): boolean {
  return a.ch === b.ch && a.pen.key === b.pen.key;
}

/**
 * The bytes that turn row `prev` into row `next` on the row the cursor is on, exactly as diffCells on
 * their cells; null when either row cannot be split (toCells gives null). `pen` as in diffCells (left as it
 * was when null).
 */
export function diffRows(prev: string, next: string, pen: Pen): string | null {
  if (NOT_SINGLE_WIDTH.test(prev) || NOT_SINGLE_WIDTH.test(next)) return null;
  const penBefore = pen.style;
  const a = walkOf(prev);
  const b = walkOf(next);
  let out = '';
  let column = 0;
  while (a.ch !== -1 || b.ch !== -1) {
    if (same(a, b)) {
      step(a);
      step(b);
      column++;
      continue;
    }
    // A span of changes from `column`, extended over short runs of unchanged cells.
    const from = column;
    const spanAt = b.at;
    const spanPen = b.pen;
    let end = column + 1;
    step(a);
    step(b);
    column++;
    let gap = 0;
    while ((a.ch !== -1 || b.ch !== -1) && gap < MERGE_GAP) {
      if (same(a, b)) gap++;
      else {
        gap = 0;
        end = column + 1;
      }
      step(a);
      step(b);
      column++;
    }
    out += `${ESC}${from + 1}G${spanText(next, spanAt, spanPen, end - from, pen)}`;
    // Cells end..column-1 are unchanged (the gap): the walk goes on from `column`, as diffCells would.
  }
  if (a.bad || b.bad) {
    pen.style = penBefore;
    return null;
  }
  return out;
}

/**
 * `cells` cells of `row` from the one at `at` drawn in `startPen`, as spanText writes them; when the row
 * ends first, the rest is cleared as diffCells clears it.
 */
function spanText(row: string, at: number, startPen: PenState, cells: number, pen: Pen): string {
  const walk: Walk = { row, at, ch: at < row.length ? row.charCodeAt(at) : -1, pen: startPen, bad: false };
  let out = '';
  // The run of characters being copied: row[runFrom, runTo) in the style in force.
  let runFrom = at;
  let runTo = at;
  for (let k = 0; k < cells; k++) {
    if (walk.ch === -1) {
      // The new row is shorter: clear the rest (in the default style, so the erase paints no background).
      out += `${row.slice(runFrom, runTo)}${pen.style === '' ? '' : `${ESC}0m`}${ESC}K`;
      pen.style = '';
      return out;
    }
    const s = walk.pen.key;
    if (s !== pen.style || walk.at !== runTo) {
      out += row.slice(runFrom, runTo);
      runFrom = walk.at;
      if (s !== pen.style) {
        out += `${ESC}0${s ? `;${s}` : ''}m`;
        pen.style = s;
      }
    }
    runTo = walk.at + 1;
    step(walk);
  }
  return out + row.slice(runFrom, runTo);
}

/** The row's width in cells (SGR codes take none); null when it cannot be split (toCells gives null). */
export function rowWidth(row: string): number | null {
  if (NOT_SINGLE_WIDTH.test(row)) return null;
  const walk = walkOf(row);
  let width = 0;
  while (walk.ch !== -1) {
    width++;
    step(walk);
  }
  return walk.bad ? null : width;
}

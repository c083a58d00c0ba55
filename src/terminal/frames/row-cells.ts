// Cell-level diff of one terminal row: Ink's rows are strings with SGR colour codes; a busy book changes
// a few dozen cells of a 200-column row, so only the changed spans are rewritten (cursor to the
// column, the span's styles, its characters). Rows with characters whose width is not one cell (wide
// East Asian, emoji, combining marks) or with other escape sequences are not split: the caller
// rewrites them whole.

import { sgrEnd } from './sgr.js';

const ESC = '\u001B[';
/** Wide, surrogate (emoji) or zero-width code units: column arithmetic would be unsafe. */
export const NOT_SINGLE_WIDTH = /[\u0300-\u036F\u1100-\u115F\u200B-\u200F\u2E80-\uA4CF\uAC00-\uD7A3\uD800-\uDFFF\uF900-\uFAFF\uFE00-\uFE0F\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/;
/** Unchanged cells shorter than this between two changes are rewritten rather than jumped over. */
const MERGE_GAP = 6;

export interface Cells {
  chars: string[];
  /** SGR parameters in effect for each cell ('' = default). */
  styles: string[];
}

interface Style {
  fg: string;
  bg: string;
  /** Attribute bits, indexed by SGR code (1 bold .. 9 strike). */
  attrs: number;
}

/** SGR codes that clear attributes: 22 clears both bold (1) and dim (2). */
const ATTR_OFF: Record<number, number> = { 22: (1 << 1) | (1 << 2), 23: 1 << 3, 24: 1 << 4, 25: 1 << 5, 27: 1 << 7, 28: 1 << 8, 29: 1 << 9 };

function applySgr(style: Style, params: string): void {
  const codes = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] ?? '0';
    const n = c === '' ? 0 : Number(c);
    if (n === 0) {
      style.fg = '';
      style.bg = '';
      style.attrs = 0;
    } else if (n >= 1 && n <= 9 && n !== 6) style.attrs |= 1 << n;
    else if (ATTR_OFF[n] !== undefined) style.attrs &= ~ATTR_OFF[n];
    else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) style.fg = c;
    else if (n === 39) style.fg = '';
    else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) style.bg = c;
    else if (n === 49) style.bg = '';
    else if (n === 38 || n === 48) {
      // 38;5;n or 38;2;r;g;b (and the same for 48).
      const len = codes[i + 1] === '5' ? 2 : codes[i + 1] === '2' ? 4 : 0;
      const value = codes.slice(i, i + 1 + len).join(';');
      if (n === 38) style.fg = value;
      else style.bg = value;
      i += len;
    }
  }
}

/** The SGR parameters that set `style` from a reset ('' = default). */
function styleKey(style: Style): string {
  let key = '';
  for (let b = 1; b <= 9; b++) if (style.attrs & (1 << b)) key += key ? `;${b}` : String(b);
  if (style.fg) key += key ? `;${style.fg}` : style.fg;
  if (style.bg) key += key ? `;${style.bg}` : style.bg;
  return key;
}

/** A style as met in rows, with its key and where each SGR sequence met after it leads (rows repeat the same few). */
export interface PenState {
  style: Style;
  key: string;
  next: Map<string, PenState>;
  /** The first few of `next`, as [params, state] pairs: found in the row without slicing the params out. */
  few: [string, PenState][];
}

/** Transitions per style looked up in place (a style leads to a handful of others). */
const FEW = 16;

export const DEFAULT_PEN: PenState = { style: { fg: '', bg: '', attrs: 0 }, key: '', next: new Map(), few: [] };
/** Transitions remembered at most (a screen uses a few dozen); past it a sequence is applied afresh. */
const MAX_TRANSITIONS = 4096;
let transitions = 0;

/** The style after `params` is applied to `pen`'s (applySgr and styleKey, each pair computed once). */
function afterSgr(pen: PenState, params: string): PenState {
  const known = pen.next.get(params);
  if (known) return known;
  const style = { ...pen.style };
  applySgr(style, params);
  const next: PenState = { style, key: styleKey(style), next: new Map(), few: [] };
  if (transitions < MAX_TRANSITIONS) {
    transitions += 1;
    pen.next.set(params, next);
    if (pen.few.length < FEW) pen.few.push([params, next]);
  }
  return next;
}

/** afterSgr for the params at row[from, to), without slicing them out when the transition is a known one. */
export function afterSgrIn(pen: PenState, row: string, from: number, to: number): PenState {
  const few = pen.few;
  for (let k = 0; k < few.length; k++) {
    const [params, state] = few[k]!;
    if (params.length === to - from && row.startsWith(params, from)) return state;
  }
  return afterSgr(pen, row.slice(from, to));
}

/** The row as cells, or null when it cannot be split safely. */
export function toCells(row: string): Cells | null {
  if (NOT_SINGLE_WIDTH.test(row)) return null;
  const chars: string[] = [];
  const styles: string[] = [];
  let pen = DEFAULT_PEN;
  const n = row.length;
  for (let i = 0; i < n; i++) {
    const code = row.charCodeAt(i);
    if (code === 27) {
      // ESC [ params m; anything else (cursor moves, hyperlinks) is not ours to split.
      const j = sgrEnd(row, i);
      if (j < 0) return null;
      pen = afterSgr(pen, row.slice(i + 2, j));
      i = j;
      continue;
    }
    if (code < 32) return null;
    chars.push(row[i]!);
    styles.push(pen.key);
  }
  return { chars, styles };
}

/**
 * The SGR style the terminal is drawing with ('' = default), carried across the spans and rows of one
 * frame so a span in the style already in force sends no code at all (a green tape row after a green
 * tape row). Whoever writes something else must leave it at '' (a reset), and the frame ends reset.
 */
export interface Pen {
  style: string;
}

/**
 * The bytes that turn `prev` into `next` on the row the cursor is on (cursor anywhere on it; it is left
 * somewhere on the row). Empty when nothing differs. `pen` is the style in force before, and after.
 */
export function diffCells(prev: Cells, next: Cells, pen: Pen = { style: '' }): string {
  const width = Math.max(prev.chars.length, next.chars.length);
  let out = '';
  let i = 0;
  while (i < width) {
    if (same(prev, next, i)) {
      i++;
      continue;
    }
    // A span of changes, extended over short runs of unchanged cells.
    let end = i + 1;
    let gap = 0;
    for (let j = end; j < width && gap < MERGE_GAP; j++) {
      if (same(prev, next, j)) gap++;
      else {
        gap = 0;
        end = j + 1;
      }
    }
    out += `${ESC}${i + 1}G${spanText(next, i, Math.min(end, next.chars.length), pen)}`;
    if (end > next.chars.length) {
      // The new row is shorter: clear the rest (in the default style, so the erase paints no background).
      out += `${pen.style === '' ? '' : `${ESC}0m`}${ESC}K`;
      pen.style = '';
    }
    i = end;
  }
  return out;
}

function same(a: Cells, b: Cells, i: number): boolean {
  return a.chars[i] === b.chars[i] && a.styles[i] === b.styles[i];
}

function spanText(cells: Cells, from: number, to: number, pen: Pen): string {
  let out = '';
  for (let k = from; k < to; k++) {
    const s = cells.styles[k] ?? '';
    if (s !== pen.style) {
      out += `${ESC}0${s ? `;${s}` : ''}m`;
      pen.style = s;
    }
    out += cells.chars[k] ?? ' ';
  }
  return out;
}

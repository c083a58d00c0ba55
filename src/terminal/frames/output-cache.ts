// Ink's frame grid with a memory across frames. Ink 6.8 draws every frame into a fresh Output: each
// written line is tokenized into one styled-cell object per character and each grid row is turned back
// into a string by diffing the styles of every neighbouring pair of cells. At 200x50 that is most of a
// frame's cost (about 40 ms of 57 on the bench VM), and nearly all of it repeats the previous frame:
// a busy book changes a few rows, the rest of the screen is the same text.
// This replaces Output#get (through ink-port.ts) with one that produces the same string from the same
// operations, but
//   - keeps each line's cells across frames (a line already seen costs one map lookup),
//   - shares one styles array between neighbouring cells of equal style, so the row string skips the
//     style diff between them (equal styles diff to nothing),
//   - reuses a row's string when the row holds the very same cells as in the previous frame,
//   - keeps each write's clipped lines across frames (placed-writes.ts), and one object per cell and
//     per style (style-table.ts): a frame that repeats the last makes little garbage.
// Clipping (overflow="hidden") slices lines exactly as Ink does.

import { glyphWidth } from './glyph-width.js';
import { ansiTokenize, gridRendererInstalled, setGridRenderer, type AnsiCode, type Clip, type InkGrid, type StyledCell } from './ink-port.js';
import { PlacedWrites } from './placed-writes.js';
import { sgrEnd } from './sgr.js';
import { keptWhole, standsAlone } from './stand-alone.js';
import { RecentMap } from './recent-map.js';
import { NO_STYLES, sameCodes, StyleTable } from './style-table.js';

type OutputInternals = InkGrid;

const BLANK: StyledCell = { type: 'char', value: ' ', fullWidth: false, styles: NO_STYLES };
/**
 * Lines kept per generation; two generations live at once, so the memory stays bounded (a line of 200
 * cells holds about 10 KB of cell objects). A frame has about a hundred distinct lines and a line still
 * on screen moves into the new generation when it is next drawn, so a few frames' worth is enough.
 */
const GENERATION_SIZE = 512;

/**
 * A line as the cells it occupies, one per column: a wide character is followed by its empty filler
 * cells, exactly as Ink's Output places them.
 */
function tokenizedCells(line: string, widthOf: (text: string) => number, table: StyleTable): StyledCell[] {
  const chars = ansiTokenize.styledCharsFromTokens(ansiTokenize.tokenize(line));
  const cells: StyledCell[] = [];
  let styles: readonly AnsiCode[] = NO_STYLES;
  for (const ch of chars) {
    if (!sameCodes(styles, ch.styles)) styles = table.styles(ch.styles);
    cells.push(table.cell(ch.value, ch.fullWidth, styles));
    const width = Math.max(1, widthOf(ch.value));
    for (let k = 1; k < width; k++) cells.push(table.cell('', false, styles));
  }
  return cells;
}

const ESC = 0x1b;
/** The cells of the line being split, copied out at its exact length (pushing grew each new line's array several times). */
const lineCells: StyledCell[] = [];

/**
 * tokenizedCells for the lines the screen is made of (characters that stand alone, SGR colour codes):
 * no grapheme segmentation, the codes reduced exactly as ansi-tokenize reduces them. Null for anything
 * else (other escapes, combining marks, emoji sequences, CJK), which goes through ansi-tokenize.
 */
function simpleCells(line: string, widthOf: (ch: string) => number, sgrTokens: (seq: string) => readonly AnsiCode[] | null, table: StyleTable): StyledCell[] | null {
  const cells = lineCells;
  let count = 0;
  let codes: AnsiCode[] = [];
  let styles: readonly AnsiCode[] = NO_STYLES;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (c === ESC) {
      const j = sgrEnd(line, i);
      if (j < 0) return null;
      const tokens = sgrTokens(line.slice(i, j + 1));
      if (!tokens) return null;
      for (const token of tokens) codes = ansiTokenize.reduceAnsiCodesIncremental(codes, [token]);
      i = j + 1;
      continue;
    }
    if (!standsAlone(c)) return null;
    if (!sameCodes(styles, codes)) styles = table.styles(codes);
    const value = line[i] as string;
    const width = c <= 0x7e ? 1 : Math.max(1, keptWhole(c) ? glyphWidth(c) : widthOf(value));
    cells[count++] = table.cell(value, width > 1, styles);
    for (let k = 1; k < width; k++) cells[count++] = table.cell('', false, styles);
    i += 1;
  }
  return cells.slice(0, count);
}

/** ansi-tokenize's styledCharsToString, without the diff between cells of equal style (it is empty). */
function concatenatedRowText(cells: readonly StyledCell[], table: StyleTable): string {
  let text = '';
  let previous: StyledCell | undefined;
  for (const cell of cells) {
    if (previous === undefined) text += table.opening(cell.styles);
    else if (!sameCodes(previous.styles, cell.styles)) text += table.transition(previous.styles, cell.styles);
    text += cell.value;
    previous = cell;
  }
  if (previous !== undefined) text += table.transition(previous.styles, NO_STYLES);
  return text;
}

/** Code units of the row being built (grown when a row needs more). */
let units = new Uint16Array(2048);
const utf16 = new TextDecoder('utf-16le');

function isTrimmedSpace(c: number): boolean {
  // String#trimEnd's white space and line terminators.
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * concatenatedRowText(...).trimEnd(), built in one buffer and made a string once: concatenating cell by cell
 * left a chain of partial strings per changed row per frame. A row with a surrogate goes the concatenating
 * way (the decoder would replace a lone one).
 */
function rowText(cells: readonly StyledCell[], table: StyleTable): string {
  let n = 0;
  let previous: StyledCell | undefined;
  const put = (text: string): boolean => {
    if (n + text.length > units.length) {
      const grown = new Uint16Array(2 * (n + text.length));
      grown.set(units.subarray(0, n));
      units = grown;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) return false;
      units[n++] = c;
    }
    return true;
  };
  for (const cell of cells) {
    if (previous === undefined) {
      if (!put(table.opening(cell.styles))) return concatenatedRowText(cells, table).trimEnd();
    } else if (!sameCodes(previous.styles, cell.styles) && !put(table.transition(previous.styles, cell.styles))) return concatenatedRowText(cells, table).trimEnd();
    if (!put(cell.value)) return concatenatedRowText(cells, table).trimEnd();
    previous = cell;
  }
  if (previous !== undefined && !put(table.transition(previous.styles, NO_STYLES))) return concatenatedRowText(cells, table).trimEnd();
  while (n > 0 && isTrimmedSpace(units[n - 1] ?? 0)) n--;
  return utf16.decode(units.subarray(0, n));
}

function sameCells(a: readonly StyledCell[], b: readonly StyledCell[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class FrameCellCache {
  private readonly lines = new RecentMap<string, StyledCell[]>(GENERATION_SIZE);
  private rows: { cells: StyledCell[]; text: string }[] = [];
  /** The grid rows of the frame before last, filled afresh for the next frame (the last frame's are in `rows`). */
  private spareGrid: StyledCell[][] = [];
  private lastGrid: StyledCell[][] = [];
  private readonly placedWrites = new PlacedWrites();
  private readonly table = new StyleTable();
  /** Widths of single characters (they never change). */
  private readonly charWidths = new Map<string, number>();
  /** ansi-tokenize's tokens of one SGR sequence, or null when it yields anything but codes. */
  private readonly sgr = new Map<string, readonly AnsiCode[] | null>();

  private sgrTokens = (seq: string): readonly AnsiCode[] | null => {
    let tokens = this.sgr.get(seq);
    if (tokens === undefined) {
      const all = ansiTokenize.tokenize(seq) as { type: string }[];
      tokens = all.every((t) => t.type === 'ansi') ? (all as unknown as AnsiCode[]) : null;
      if (this.sgr.size < GENERATION_SIZE) this.sgr.set(seq, tokens);
    }
    return tokens;
  };

  private cellsOf(line: string, widthOf: (text: string) => number): StyledCell[] {
    const charWidth = (ch: string): number => {
      let w = this.charWidths.get(ch);
      if (w === undefined) {
        w = widthOf(ch);
        if (this.charWidths.size < GENERATION_SIZE) this.charWidths.set(ch, w);
      }
      return w;
    };
    return simpleCells(line, charWidth, this.sgrTokens, this.table) ?? tokenizedCells(line, widthOf, this.table);
  }

  /** The cells of `line`, from the cache when any recent frame had the same line. */
  cells(line: string, widthOf: (text: string) => number): StyledCell[] {
    let cells = this.lines.get(line);
    if (cells) return cells;
    cells = this.cellsOf(line, widthOf);
    this.lines.set(line, cells);
    return cells;
  }

  /** The string of grid row `y`: the previous frame's when the row holds the same cells. */
  rowText(y: number, cells: StyledCell[]): string {
    const before = this.rows[y];
    if (before && sameCells(before.cells, cells)) {
      // This frame's array from now on: the last frame's goes back to be filled again.
      before.cells = cells;
      return before.text;
    }
    const text = rowText(cells, this.table);
    this.rows[y] = { cells, text };
    return text;
  }

  /** Ink's Output#get from the same operations, using this cache. */
  render(output: OutputInternals): { output: string; height: number } {
    const { width, height } = output;
    // Rows below the grid are forgotten: their arrays may be filled again below.
    if (this.rows.length > height) this.rows.length = height;
    const grid = this.blankGrid(width, height);
    const widthOf = (text: string): number => output.caches.getStringWidth(text);
    const clips: Clip[] = [];
    for (const operation of output.operations) {
      if (operation.type === 'clip') clips.push(operation.clip);
      if (operation.type === 'unclip') clips.pop();
      if (operation.type !== 'write') continue;
      const clip = clips.at(-1);
      const placed = this.placedWrites.place(operation.x, operation.y, operation.text, clip);
      if (!placed) continue;
      const { lines } = placed;
      let offsetY = 0;
      for (let index = 0; index < lines.length; index++) {
        const row = grid[placed.y + offsetY];
        // As in Ink: a line below the grid is dropped (and so is every line after it).
        if (!row) continue;
        let line = lines[index] ?? '';
        for (const transform of operation.transformers) line = transform(line, index);
        let x = placed.x;
        for (const cell of this.cells(line, widthOf)) row[x++] = cell;
        offsetY++;
      }
    }
    const texts: string[] = [];
    for (let y = 0; y < grid.length; y++) {
      const row = grid[y] ?? [];
      // A write past the right edge can leave holes; Ink drops them.
      const cells = row.length > width ? row.filter((cell) => cell !== undefined) : row;
      texts.push(this.rowText(y, cells));
    }
    this.spareGrid = this.lastGrid;
    this.lastGrid = grid;
    return { output: texts.join('\n'), height: grid.length };
  }

  /** `height` rows of `width` blank cells, in the arrays of the frame before last (nothing refers to them any more). */
  private blankGrid(width: number, height: number): StyledCell[][] {
    const grid = this.spareGrid;
    grid.length = Math.min(grid.length, height);
    for (let y = 0; y < height; y++) {
      const row = grid[y];
      if (row) {
        row.length = width;
        row.fill(BLANK);
      } else grid.push(new Array<StyledCell>(width).fill(BLANK));
    }
    return grid;
  }
}

/**
 * Makes every Ink grid in this process render through one FrameCellCache (ink-port.ts). Idempotent. Same
 * output string as Ink's for the same operations (output-cache.test.ts checks it against Ink's own).
 */
export function installOutputCache(cache = new FrameCellCache()): void {
  if (gridRendererInstalled()) return;
  setGridRenderer((grid) => cache.render(grid));
}

/** Puts Ink's own grid renderer back (tests). */
export function uninstallOutputCache(): void {
  setGridRenderer(null);
}

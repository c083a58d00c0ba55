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
//   - reuses a row's string when the row holds the very same cells as in the previous frame.
// Clipping (overflow="hidden") slices lines exactly as Ink does.

import { ansiTokenize, gridRendererInstalled, setGridRenderer, sliceAnsi, type AnsiCode, type Clip, type InkGrid, type StyledCell } from './ink-port.js';

type OutputInternals = InkGrid;

interface Placed {
  x: number;
  y: number;
  lines: string[];
}

/** What clipping needs, remembered across frames: a line's width and its ANSI-aware slices. */
interface ClipMeasures {
  widestLine(text: string): number;
  stringWidth(line: string): number;
  slice(line: string, from: number, to: number): string;
}

/** Ink's clipping of one write: null when it falls outside the clip entirely. */
function clipWrite(x: number, y: number, text: string, clip: Clip, measures: ClipMeasures): Placed | null {
  let lines = text.split('\n');
  const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
  const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
  const { x1 = 0, x2 = 0, y1 = 0, y2 = 0 } = clip;
  if (clipHorizontally) {
    const width = measures.widestLine(text);
    if (x + width < x1 || x > x2) return null;
  }
  if (clipVertically && (y + lines.length < y1 || y > y2)) return null;
  if (clipHorizontally) {
    lines = lines.map((line) => {
      const from = x < x1 ? x1 - x : 0;
      const width = measures.stringWidth(line);
      const to = x + width > x2 ? x2 - x : width;
      return measures.slice(line, from, to);
    });
    if (x < x1) x = x1;
  }
  if (clipVertically) {
    const from = y < y1 ? y1 - y : 0;
    const to = y + lines.length > y2 ? y2 - y : lines.length;
    lines = lines.slice(from, to);
    if (y < y1) y = y1;
  }
  return { x, y, lines };
}

const NO_STYLES: readonly AnsiCode[] = [];
const BLANK: StyledCell = { type: 'char', value: ' ', fullWidth: false, styles: NO_STYLES };
/**
 * Lines kept per generation; two generations live at once, so the memory stays bounded (a line of 200
 * cells holds about 10 KB of cell objects). A frame has about a hundred distinct lines and a line still
 * on screen moves into the new generation when it is next drawn, so a few frames' worth is enough.
 */
const GENERATION_SIZE = 512;

/** Values by key across frames, in two generations of GENERATION_SIZE (what no recent frame asked for is dropped). */
class GenerationMemo<V> {
  private current = new Map<string, V>();
  private older = new Map<string, V>();

  get(key: string, make: () => V): V {
    let value = this.current.get(key);
    if (value !== undefined) return value;
    value = this.older.get(key) ?? make();
    if (this.current.size >= GENERATION_SIZE) {
      this.older = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
    return value;
  }
}

function sameCodes(a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.code !== b[i]?.code) return false;
  return true;
}

/**
 * A line as the cells it occupies, one per column: a wide character is followed by its empty filler
 * cells, exactly as Ink's Output places them.
 */
function tokenizedCells(line: string, widthOf: (text: string) => number): StyledCell[] {
  const chars = ansiTokenize.styledCharsFromTokens(ansiTokenize.tokenize(line));
  const cells: StyledCell[] = [];
  let styles: readonly AnsiCode[] = NO_STYLES;
  for (const ch of chars) {
    if (!sameCodes(styles, ch.styles)) styles = ch.styles;
    cells.push({ type: 'char', value: ch.value, fullWidth: ch.fullWidth, styles });
    const width = Math.max(1, widthOf(ch.value));
    for (let k = 1; k < width; k++) cells.push({ type: 'char', value: '', fullWidth: false, styles });
  }
  return cells;
}

/**
 * True for a UTF-16 unit that is a whole grapheme on its own and never joins a neighbour: printable
 * ASCII, Latin-1 and spacing Latin letters, and the punctuation, arrows, box-drawing, block and shape
 * blocks the screen draws with (U+2010..U+2BFF without the zero-width and format characters).
 */
function standsAlone(c: number): boolean {
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c < 0x300) || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e) || (c >= 0x2070 && c <= 0x2bff);
}

const ESC = 0x1b;

/**
 * tokenizedCells for the lines the screen is made of (characters that stand alone, SGR colour codes):
 * no grapheme segmentation, the codes reduced exactly as ansi-tokenize reduces them. Null for anything
 * else (other escapes, combining marks, emoji sequences, CJK), which goes through ansi-tokenize.
 */
function simpleCells(line: string, widthOf: (ch: string) => number, sgrTokens: (seq: string) => readonly AnsiCode[] | null): StyledCell[] | null {
  const cells: StyledCell[] = [];
  let codes: AnsiCode[] = [];
  let styles: readonly AnsiCode[] = NO_STYLES;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (c === ESC) {
      let j = i + 1;
      if (line.charCodeAt(j) !== 0x5b) return null;
      j += 1;
      while (j < line.length) {
        const d = line.charCodeAt(j);
        if ((d >= 0x30 && d <= 0x39) || d === 0x3b) j += 1;
        else break;
      }
      if (line.charCodeAt(j) !== 0x6d) return null;
      const tokens = sgrTokens(line.slice(i, j + 1));
      if (!tokens) return null;
      for (const token of tokens) codes = ansiTokenize.reduceAnsiCodesIncremental(codes, [token]);
      i = j + 1;
      continue;
    }
    if (!standsAlone(c)) return null;
    if (!sameCodes(styles, codes)) styles = codes;
    const value = line[i] as string;
    const width = c <= 0x7e ? 1 : Math.max(1, widthOf(value));
    cells.push({ type: 'char', value, fullWidth: width > 1, styles });
    for (let k = 1; k < width; k++) cells.push({ type: 'char', value: '', fullWidth: false, styles });
    i += 1;
  }
  return cells;
}

/** ansi-tokenize's styledCharsToString, without the diff between cells of equal style (it is empty). */
function rowText(cells: readonly StyledCell[]): string {
  const { ansiCodesToString, diffAnsiCodes } = ansiTokenize;
  let text = '';
  let previous: StyledCell | undefined;
  for (const cell of cells) {
    if (previous === undefined) text += ansiCodesToString(cell.styles);
    else if (!sameCodes(previous.styles, cell.styles)) text += ansiCodesToString(diffAnsiCodes(previous.styles, cell.styles));
    text += cell.value;
    previous = cell;
  }
  if (previous !== undefined) text += ansiCodesToString(diffAnsiCodes(previous.styles, []));
  return text;
}

function sameCells(a: readonly StyledCell[], b: readonly StyledCell[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class FrameCellCache {
  private readonly lineCells = new GenerationMemo<StyledCell[]>();
  /**
   * Clipping slices every line of a clipped box with slice-ansi (grapheme segmentation per character),
   * each frame afresh: over half of a 200x50 paint. The same line clipped the same way gives the same slice.
   */
  private readonly slices = new GenerationMemo<string>();
  private readonly widths = new GenerationMemo<number>();
  private rows: { cells: StyledCell[]; text: string }[] = [];
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
    return simpleCells(line, charWidth, this.sgrTokens) ?? tokenizedCells(line, widthOf);
  }

  /** The cells of `line`, from the cache when any recent frame had the same line. */
  cells(line: string, widthOf: (text: string) => number): StyledCell[] {
    return this.lineCells.get(line, () => this.cellsOf(line, widthOf));
  }

  /** Ink's measures of a frame (its caches live one frame), remembered across frames. */
  private clipMeasures(caches: InkGrid['caches']): ClipMeasures {
    return {
      widestLine: (text) => this.widths.get(`w${text}`, () => caches.getWidestLine(text)),
      stringWidth: (line) => this.widths.get(`s${line}`, () => caches.getStringWidth(line)),
      slice: (line, from, to) => this.slices.get(`${from},${to},${line}`, () => sliceAnsi(line, from, to)),
    };
  }

  /** The string of grid row `y`: the previous frame's when the row holds the same cells. */
  rowText(y: number, cells: StyledCell[]): string {
    const before = this.rows[y];
    if (before && sameCells(before.cells, cells)) return before.text;
    const text = rowText(cells).trimEnd();
    this.rows[y] = { cells, text };
    return text;
  }

  /** Ink's Output#get from the same operations, using this cache. */
  render(output: OutputInternals): { output: string; height: number } {
    const { width, height } = output;
    const grid: StyledCell[][] = [];
    for (let y = 0; y < height; y++) grid.push(new Array<StyledCell>(width).fill(BLANK));
    const widthOf = (text: string): number => output.caches.getStringWidth(text);
    const measures = this.clipMeasures(output.caches);
    const clips: Clip[] = [];
    for (const operation of output.operations) {
      if (operation.type === 'clip') clips.push(operation.clip);
      if (operation.type === 'unclip') clips.pop();
      if (operation.type !== 'write') continue;
      const clip = clips.at(-1);
      const placed = clip
        ? clipWrite(operation.x, operation.y, operation.text, clip, measures)
        : { x: operation.x, y: operation.y, lines: operation.text.split('\n') };
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
    return { output: texts.join('\n'), height: grid.length };
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

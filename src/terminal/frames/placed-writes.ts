// Where each of Ink's writes lands on the grid: its lines after Ink's clipping (overflow="hidden"), cut
// exactly as Ink's Output cuts them. The horizontal cut (split into lines, measure, slice-ansi each line)
// is most of the garbage a frame makes, and a busy screen writes the same texts at the same columns
// frame after frame: so it is remembered per text, and redone only when the text's column or its clip's
// columns change. The vertical cut is cheap and done every time (a tape row moves down, same columns).

import { sliceAnsi, type Clip } from './ink-port.js';
import { RecentMap } from './recent-map.js';
import { colouredKeptWhole } from './stand-alone.js';
import widestLine from './widest-line.js';

export interface Placed {
  x: number;
  y: number;
  lines: readonly string[];
}

/** A text's horizontal cut: for its column and its clip's columns (null: no horizontal clip). */
interface Cut {
  x: number;
  x1: number | null;
  x2: number | null;
  /** The whole write falls left or right of the clip. */
  outside: boolean;
  placedX: number;
  lines: readonly string[];
}

/** Texts remembered per generation (two live): a frame writes a few hundred. */
const GENERATION_SIZE = 1024;

export class PlacedWrites {
  private readonly cuts = new RecentMap<string, Cut>(GENERATION_SIZE);

  /** Ink's clipping of one write (Output#get): null when it falls outside the clip entirely. */
  place(x: number, y: number, text: string, clip: Clip | undefined): Placed | null {
    const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip.x2 === 'number';
    const cut = this.cut(x, text, clipHorizontally ? (clip.x1 ?? 0) : null, clipHorizontally ? (clip.x2 ?? 0) : null);
    if (cut.outside) return null;
    let lines = cut.lines;
    if (clip && typeof clip.y1 === 'number' && typeof clip.y2 === 'number') {
      const { y1, y2 } = clip;
      if (y + lines.length < y1 || y > y2) return null;
      const from = y < y1 ? y1 - y : 0;
      const to = y + lines.length > y2 ? y2 - y : lines.length;
      if (from !== 0 || to !== lines.length) lines = lines.slice(from, to);
      if (y < y1) y = y1;
    }
    return { x: cut.placedX, y, lines };
  }

  private cut(x: number, text: string, x1: number | null, x2: number | null): Cut {
    const known = this.cuts.get(text);
    if (known && known.x === x && known.x1 === x1 && known.x2 === x2) return known;
    const cut = cutHorizontally(x, text, x1, x2);
    this.cuts.set(text, cut);
    return cut;
  }
}

// Widths as Ink's Output measures them (string-width), by the bundle's widest-line: the same numbers in one pass.
function cutHorizontally(x: number, text: string, x1: number | null, x2: number | null): Cut {
  const lines = text.split('\n');
  if (x1 === null || x2 === null) return { x, x1, x2, outside: false, placedX: x, lines };
  const width = widestLine(text);
  if (x + width < x1 || x > x2) return { x, x1, x2, outside: true, placedX: x, lines };
  const sliced = lines.map((line) => {
    const from = x < x1 ? x1 - x : 0;
    const lineWidth = widestLine(line);
    const to = x + lineWidth > x2 ? x2 - x : lineWidth;
    // A line of the screen's own characters that fits: slice-ansi would give its characters back as they
    // are (placed-writes.test.ts) and only re-spell its colour codes (same cells), so it is kept as it is.
    if (from === 0 && to === lineWidth && colouredKeptWhole(line)) return line;
    return sliceAnsi(line, from, to);
  });
  return { x, x1, x2, outside: false, placedX: x < x1 ? x1 : x, lines: sliced };
}

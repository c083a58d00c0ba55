// Characters that are a whole grapheme on their own and never join a neighbour: the screen's own text
// (figures, words, box-drawing, blocks, shapes, arrows). A line made only of them needs no grapheme
// segmentation to be cut into cells or sliced (output-cache.ts, placed-writes.ts).

import { sgrEnd } from './sgr.js';

/**
 * True for a UTF-16 unit that is a whole grapheme on its own and never joins a neighbour: printable
 * ASCII, Latin-1 and spacing Latin letters, and the punctuation, arrows, box-drawing, block and shape
 * blocks the screen draws with (U+2010..U+2BFF without the zero-width and format characters).
 */
export function standsAlone(c: number): boolean {
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c < 0x300) || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e) || (c >= 0x2070 && c <= 0x2bff);
}

/**
 * A unit slice-ansi keeps as it is when it slices a plain line over its whole width: one that stands alone
 * and has a width (not the soft hyphen, not a combining mark for symbols, U+20D0..U+20FF).
 */
export function keptWhole(c: number): boolean {
  return standsAlone(c) && c !== 0xad && (c < 0x20d0 || c > 0x20ff);
}

/** Every unit of `text` is kept whole (so it holds no escape sequence either): a slice over its whole width is `text`. */
export function plainKeptWhole(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!keptWhole(text.charCodeAt(i))) return false;
  return true;
}

const ESC = 0x1b;

/**
 * Every unit of `text` is kept whole, or belongs to an SGR colour code with at least one parameter
 * (ESC [ digits/; m): a slice over its whole width draws the same cells as `text` (slice-ansi re-spells
 * colour codes, never the characters). A bare ESC[m or any other escape is not: slice-ansi rewrites those.
 */
export function colouredKeptWhole(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === ESC) {
      const j = sgrEnd(text, i);
      if (j <= i + 2) return false;
      i = j;
    } else if (!keptWhole(c)) return false;
  }
  return true;
}

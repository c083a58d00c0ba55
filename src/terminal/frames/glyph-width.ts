// The width of one glyph the screen draws with (a UTF-16 unit that is kept whole, stand-alone.ts): its East
// Asian Width, which is string-width's own rule for a lone visible code point (glyph-width.test.ts checks every
// such glyph). Not string-width itself: its first call builds a grapheme segmenter and the emoji set, ~15 ms
// on the way to the first frame, for glyphs whose width a table lookup gives.

import { eastAsianWidth } from 'get-east-asian-width';

const NARROW_AMBIGUOUS = { ambiguousAsWide: false } as const;

/** Width + 1 per UTF-16 unit, 0 until looked up: ~9 ns a read against ~48 for the lookup (every glyph of every frame). */
const known = new Uint8Array(0x10000);

/** Cells taken by `c`, a unit for which keptWhole(c) holds. */
export function glyphWidth(c: number): number {
  const seen = known[c] ?? 0;
  if (seen !== 0) return seen - 1;
  const width = eastAsianWidth(c, NARROW_AMBIGUOUS);
  known[c] = width + 1;
  return width;
}

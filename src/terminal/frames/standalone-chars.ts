// Characters that are a whole grapheme on their own and never join a neighbour: what the screen is made of.

/**
 * True for a UTF-16 unit that is a whole grapheme on its own and never joins a neighbour: printable
 * ASCII, Latin-1 and spacing Latin letters, and the punctuation, arrows, box-drawing, block and shape
 * blocks the screen draws with (U+2010..U+2BFF without the zero-width and format characters, and
 * without the combining marks for symbols, U+20D0..U+20FF, which join the character before them).
 */
export function standsAlone(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa0 && c < 0x300) ||
    (c >= 0x2010 && c <= 0x2027) ||
    (c >= 0x2030 && c <= 0x205e) ||
    (c >= 0x2070 && c < 0x20d0) ||
    (c > 0x20ff && c <= 0x2bff)
  );
}

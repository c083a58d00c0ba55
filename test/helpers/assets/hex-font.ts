// GNU Unifont in its .hex form ("CODEPOINT:BITS", 8x16 or 16x16 bitmaps) as glyph bitmaps for the
// screenshot rasteriser. Unifont covers every character the terminal draws (box drawing, blocks,
// braille, arrows), and a bitmap font keeps the screenshots pixel-exact: no anti-aliasing, no gaps
// between box-drawing cells. Debian ships it as the `unifont` package.

import { existsSync, readFileSync } from 'node:fs';

export const GLYPH_HEIGHT = 16;
export const CELL_WIDTH = 8;

export const UNIFONT_PATHS = ['/usr/share/unifont/unifont.hex'];

/** One glyph: `width` (8 or 16) columns, one row bitmask per pixel row, most significant bit left. */
export interface Glyph {
  width: number;
  rows: number[];
}

export class HexFont {
  private readonly glyphs = new Map<number, Glyph>();

  constructor(text: string) {
    for (const line of text.split('\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const code = parseInt(line.slice(0, colon), 16);
      const bits = line.slice(colon + 1).trim();
      const width = bits.length === 64 ? 16 : bits.length === 32 ? 8 : 0;
      if (!width || Number.isNaN(code)) continue;
      const digits = width / 4;
      const rows: number[] = [];
      for (let r = 0; r < GLYPH_HEIGHT; r++) rows.push(parseInt(bits.slice(r * digits, (r + 1) * digits), 16));
      this.glyphs.set(code, { width, rows });
    }
  }

  static load(paths: string[] = UNIFONT_PATHS): HexFont {
    const path = paths.find((p) => existsSync(p));
    if (!path) throw new Error(`no Unifont .hex file (looked in ${paths.join(', ')}); install it: apt-get install unifont`);
    return new HexFont(readFileSync(path, 'utf8'));
  }

  glyph(codePoint: number): Glyph | undefined {
    return this.glyphs.get(codePoint);
  }

  get size(): number {
    return this.glyphs.size;
  }
}

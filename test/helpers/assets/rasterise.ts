// Turns what an emulated terminal (@xterm/headless) shows into pixels: every cell's character drawn
// from a bitmap font in its foreground colour on its background colour, with bold, dim, inverse,
// underline and strikethrough, the way a terminal with the given colour scheme would show it.

import type { IBuffer, IBufferCell } from '@xterm/headless';
import { CELL_WIDTH, GLYPH_HEIGHT, type Glyph, type HexFont } from './hex-font.js';
import type { RgbImage } from './png.js';

/** Blank border around the cells, in pixels (a terminal window's inner padding). */
export const PADDING = 8;

/** The pixel size of a screenshot of a `cols` x `rows` terminal. */
export function imageSize(cols: number, rows: number): { width: number; height: number } {
  return { width: cols * CELL_WIDTH + 2 * PADDING, height: rows * GLYPH_HEIGHT + 2 * PADDING };
}

/** The terminal's own colours: default foreground and background and the 16 ANSI colours. */
export interface TerminalScheme {
  foreground: number;
  background: number;
  ansi: readonly number[];
}

/** GitHub's dark terminal colours (the app's truecolor dark theme is drawn from the same family). */
export const DARK_SCHEME: TerminalScheme = {
  foreground: 0xc9d1d9,
  background: 0x0d1117,
  ansi: [
    0x484f58, 0xff7b72, 0x3fb950, 0xd29922, 0x58a6ff, 0xbc8cff, 0x39c5cf, 0xb1bac4,
    0x6e7681, 0xffa198, 0x56d364, 0xe3b341, 0x79c0ff, 0xd2a8ff, 0x56d4dd, 0xffffff,
  ],
};

/** GitHub's light terminal colours, for the light theme (which expects a light terminal). */
export const LIGHT_SCHEME: TerminalScheme = {
  foreground: 0x1f2328,
  background: 0xffffff,
  ansi: [
    0x24292f, 0xcf222e, 0x116329, 0x4d2d00, 0x0969da, 0x8250df, 0x1b7c83, 0x6e7781,
    0x57606a, 0xa40e26, 0x1a7f37, 0x633c01, 0x218bff, 0xa475f9, 0x3192aa, 0x8c959f,
  ],
};

/** What the rasteriser reads: the emulator's size and active buffer. */
export interface TerminalView {
  cols: number;
  rows: number;
  buffer: { active: IBuffer };
}

const CUBE_STEPS = [0, 95, 135, 175, 215, 255];

/** xterm's 256-colour palette: the 16 of the scheme, a 6x6x6 cube, then 24 greys. */
function palette256(scheme: TerminalScheme, index: number): number {
  if (index < 16) return scheme.ansi[index] ?? scheme.foreground;
  if (index < 232) {
    const i = index - 16;
    const r = CUBE_STEPS[Math.floor(i / 36)]!;
    const g = CUBE_STEPS[Math.floor(i / 6) % 6]!;
    const b = CUBE_STEPS[i % 6]!;
    return (r << 16) | (g << 8) | b;
  }
  const grey = 8 + (index - 232) * 10;
  return (grey << 16) | (grey << 8) | grey;
}

function blend(a: number, b: number, weightOfA: number): number {
  const mix = (shift: number): number => Math.round(((a >> shift) & 0xff) * weightOfA + ((b >> shift) & 0xff) * (1 - weightOfA));
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}

function cellColours(cell: IBufferCell, scheme: TerminalScheme): { fg: number; bg: number } {
  const bold = cell.isBold() !== 0;
  let fg: number;
  if (cell.isFgRGB()) fg = cell.getFgColor();
  else if (cell.isFgPalette()) {
    const index = cell.getFgColor();
    // Like xterm and most terminals: bold text in one of the 8 base colours is drawn in its bright variant.
    fg = palette256(scheme, bold && index < 8 ? index + 8 : index);
  } else fg = scheme.foreground;
  let bg: number;
  if (cell.isBgRGB()) bg = cell.getBgColor();
  else if (cell.isBgPalette()) bg = palette256(scheme, cell.getBgColor());
  else bg = scheme.background;
  if (cell.isInverse()) [fg, bg] = [bg, fg];
  if (cell.isDim()) fg = blend(fg, bg, 0.6);
  if (cell.isInvisible()) fg = bg;
  return { fg, bg };
}

/** A glyph for one cell: wide glyphs in a narrow cell are squeezed (each pixel pair OR-ed) to fit. */
function cellGlyph(font: HexFont, codePoint: number, cells: number): Glyph | undefined {
  const glyph = font.glyph(codePoint);
  if (!glyph || glyph.width <= cells * CELL_WIDTH) return glyph;
  const rows = glyph.rows.map((row) => {
    let narrow = 0;
    for (let x = 0; x < CELL_WIDTH; x++) if ((row >> (14 - 2 * x)) & 0b11) narrow |= 1 << (CELL_WIDTH - 1 - x);
    return narrow;
  });
  return { width: CELL_WIDTH, rows };
}

/** An outlined box: what a terminal shows for a character its font lacks. */
const MISSING: Glyph = {
  width: CELL_WIDTH,
  rows: [0, 0, 0x7e, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x7e, 0, 0, 0],
};

export function rasterise(view: TerminalView, font: HexFont, scheme: TerminalScheme = DARK_SCHEME): RgbImage {
  const { width, height } = imageSize(view.cols, view.rows);
  const pixels = new Uint32Array(width * height).fill(scheme.background);
  const buffer = view.buffer.active;
  const fillCell = (px: number, py: number, w: number, colour: number): void => {
    for (let y = 0; y < GLYPH_HEIGHT; y++) pixels.fill(colour, (py + y) * width + px, (py + y) * width + px + w);
  };
  for (let row = 0; row < view.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    if (!line) continue;
    for (let col = 0; col < view.cols; col++) {
      const cell = line.getCell(col);
      if (!cell || cell.getWidth() === 0) continue; // the second half of a wide character
      const cells = Math.max(1, cell.getWidth());
      const px = PADDING + col * CELL_WIDTH;
      const py = PADDING + row * GLYPH_HEIGHT;
      const { fg, bg } = cellColours(cell, scheme);
      fillCell(px, py, cells * CELL_WIDTH, bg);
      const chars = cell.getChars();
      const codePoint = chars === '' ? 0x20 : chars.codePointAt(0)!;
      if (codePoint !== 0x20) {
        const glyph = cellGlyph(font, codePoint, cells) ?? MISSING;
        const bold = cell.isBold() !== 0;
        for (let y = 0; y < GLYPH_HEIGHT; y++) {
          let bits = glyph.rows[y] ?? 0;
          // Bold in a bitmap font: the glyph drawn twice, one pixel apart.
          if (bold) bits |= bits >> 1;
          for (let x = 0; x < glyph.width; x++) {
            if ((bits >> (glyph.width - 1 - x)) & 1) pixels[(py + y) * width + px + x] = fg;
          }
        }
      }
      const w = cells * CELL_WIDTH;
      if (cell.isUnderline()) pixels.fill(fg, (py + GLYPH_HEIGHT - 2) * width + px, (py + GLYPH_HEIGHT - 2) * width + px + w);
      if (cell.isStrikethrough()) pixels.fill(fg, (py + GLYPH_HEIGHT / 2) * width + px, (py + GLYPH_HEIGHT / 2) * width + px + w);
    }
  }
  return { width, height, pixels };
}

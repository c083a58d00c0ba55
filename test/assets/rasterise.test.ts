// screenshot-pixels-follow-cells: the rasteriser draws each cell's glyph in its foreground colour on its
// background (truecolor, palette, inverse, bold one pixel wider), and the PNG writer's output passes the
// checker with the same size (indexed and RGB). A two-glyph inline font keeps it independent of Unifont.

import { describe, expect, it } from 'vitest';
import { HexFont } from '../helpers/assets/hex-font.js';
import { checkPng, encodePng, type RgbImage } from '../helpers/assets/png.js';
import { DARK_SCHEME, PADDING, imageSize, rasterise } from '../helpers/assets/rasterise.js';
import { createVirtualTerminal, eventually } from '../helpers/terminal.js';

// "I": a vertical bar in column 3, rows 2..13. "█": the full block.
const FONT = new HexFont(['0049:00001010101010101010101010100000', `2588:${'FF'.repeat(16)}`].join('\n'));

async function screenOf(text: string, cols = 4, rows = 1): Promise<RgbImage> {
  const vt = createVirtualTerminal(cols, rows);
  try {
    vt.stdout.write(text);
    await eventually(() => vt.stdout.settled, 2_000, 'the emulator');
    return rasterise(vt.term, FONT, DARK_SCHEME);
  } finally {
    vt.dispose();
  }
}

const at = (img: RgbImage, col: number, x: number, y: number): number => img.pixels[(PADDING + y) * img.width + PADDING + col * 8 + x]!;

describe('rasterise', () => {
  it('draws glyph pixels in the cell colours: truecolor, default, inverse and bold', async () => {
    const img = await screenOf('\u001b[38;2;255;0;0;48;2;0;0;255mI\u001b[0mI\u001b[7mI\u001b[0m\u001b[1mI\u001b[0m');
    expect(img.width).toBe(imageSize(4, 1).width);
    expect(img.height).toBe(imageSize(4, 1).height);
    // Cell 0: red on blue.
    expect(at(img, 0, 3, 5)).toBe(0xff0000);
    expect(at(img, 0, 0, 5)).toBe(0x0000ff);
    // Cell 1: the scheme's defaults.
    expect(at(img, 1, 3, 5)).toBe(DARK_SCHEME.foreground);
    expect(at(img, 1, 0, 5)).toBe(DARK_SCHEME.background);
    // Cell 2: inverse swaps them.
    expect(at(img, 2, 3, 5)).toBe(DARK_SCHEME.background);
    expect(at(img, 2, 0, 5)).toBe(DARK_SCHEME.foreground);
    // Cell 3: bold is one pixel wider; above the glyph stays background.
    expect(at(img, 3, 4, 5)).toBe(DARK_SCHEME.foreground);
    expect(at(img, 1, 4, 5)).toBe(DARK_SCHEME.background);
    expect(at(img, 3, 3, 0)).toBe(DARK_SCHEME.background);
    // The padding is background.
    expect(img.pixels[0]).toBe(DARK_SCHEME.background);
  });

  it('a palette colour and a full block fill the whole cell', async () => {
    const img = await screenOf('\u001b[32m█\u001b[0m');
    const green = DARK_SCHEME.ansi[2]!;
    for (const [x, y] of [[0, 0], [7, 0], [0, 15], [7, 15]] as const) expect(at(img, 0, x, y)).toBe(green);
  });
});

describe('png', () => {
  it('indexed and RGB images pass the checker with their size; a corrupted byte does not', () => {
    const few: RgbImage = { width: 3, height: 2, pixels: Uint32Array.from([1, 2, 3, 3, 2, 1]) };
    const indexed = encodePng(few);
    expect(checkPng(indexed)).toEqual({ width: 3, height: 2, bitDepth: 8, colourType: 3 });
    const many: RgbImage = { width: 20, height: 20, pixels: Uint32Array.from({ length: 400 }, (_, i) => i * 40_000) };
    expect(checkPng(encodePng(many))).toEqual({ width: 20, height: 20, bitDepth: 8, colourType: 2 });
    const broken = Buffer.from(indexed);
    const offset = broken.length - 20;
    broken[offset] = broken[offset]! ^ 0xff;
    expect(() => checkPng(broken)).toThrow(/CRC/);
  });
});

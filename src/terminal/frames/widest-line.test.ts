// The bundle measures Ink's text nodes with our widest-line: it must give widest-line's own widths for
// every text, the screen's glyphs (counted in one pass) and everything else (measured by string-width).

import { describe, expect, it, vi } from 'vitest';
import stringWidth from 'string-width';
import widestLine from './widest-line.js';

// Counts string-width's calls made by widest-line (the test's own calls go to the real one, unwrapped below).
const measured = vi.hoisted(() => ({ calls: 0 }));
vi.mock('string-width', async (importOriginal) => {
  const real = (await importOriginal<typeof import('string-width')>()).default;
  const counted = (text: string, options?: Parameters<typeof real>[1]): number => {
    measured.calls++;
    return real(text, options);
  };
  return { default: Object.assign(counted, { real }) };
});
const realStringWidth = (stringWidth as typeof stringWidth & { real: typeof stringWidth }).real;
import { seededRandom } from '../../../test/helpers/seeded-random.js';

/** widest-line 6's own measure (the package Ink imports), over the string-width it uses. */
const inkWidestLine = (text: string): number => Math.max(0, ...text.split('\n').map((line) => realStringWidth(line)));

const PIECES = [
  '67,012.5', ' ', '▲ 0.125', '▼', '│', '─┼─', '██▒░', '▁▂▃▄▅▆▇', '·—…', '✓', '⚠', '←→↑↓', '°', 'é', '€',
  '\u001B[31m', '\u001B[1;32m', '\u001B[38;5;208m', '\u001B[48;2;10;20;30m', '\u001B[39m', '\u001B[0m', '\u001B[m',
  '中文', 'e\u0301', '1\u20E3', '👍🏽', '❤\uFE0F', '⌚', '\u001B]8;;https://x.y\u0007link\u001B]8;;\u0007', '\t', '\r', '\u00AD', '\u200B', '\n',
];

describe('widest-line for the bundle', () => {
  it('same-width-as-widest-line: random texts of screen glyphs, colour codes, wide and joining characters measure as widest-line measures them', () => {
    const rnd = seededRandom(35);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(rnd() * 12) }, () => PIECES[Math.floor(rnd() * PIECES.length)]).join('');
      expect(widestLine(text), JSON.stringify(text)).toBe(inkWidestLine(text));
    }
  });

  it('glyph-joined-by-a-combining-mark-is-measured-whole: a keycap or accent after a screen glyph is not counted on its own', () => {
    for (const text of ['▲\u0301', '1\u20E3', '→\u20D7', '│\uFE0F', 'a\u200D▲']) expect(widestLine(text), JSON.stringify(text)).toBe(inkWidestLine(text));
  });

  it('screen-glyphs-never-wake-string-width: its first call costs ~15 ms of the start (segmenter, emoji set), so the screen\'s own text must not make it', async () => {
    // A fresh widest-line: nothing measured before this test counts.
    vi.resetModules();
    const { default: freshWidestLine } = await import('./widest-line.js');
    const screenText = '\u001B[32m▲ 67,012.5\u001B[39m │ ██▒░ ▁▂▃▄▅▆▇ ←→ · — … ✓ ⚠ ° é €\n─┼─';
    const before = measured.calls;
    expect(freshWidestLine(screenText)).toBe(inkWidestLine(screenText));
    expect(measured.calls).toBe(before);
    expect(freshWidestLine('中文')).toBe(4);
    expect(measured.calls, 'any other text is still measured by string-width').toBe(before + 1);
  });
});

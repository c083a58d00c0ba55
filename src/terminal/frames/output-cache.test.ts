// The cached frame grid must draw exactly what Ink's own Output draws, frame after frame: the same
// operations (styled text, wide glyphs, transforms, clipping, writes off the grid) through both.

import { afterEach, describe, expect, it } from 'vitest';
import { gridRendererInstalled, newInkGrid, stockGridRenderer, type Transformer } from './ink-port.js';
import { FrameCellCache, installOutputCache, uninstallOutputCache } from './output-cache.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

type OutputUnderTest = ReturnType<typeof newInkGrid>;

const STYLES = ['', '\u001B[31m', '\u001B[1;32m', '\u001B[30;41m', '\u001B[38;5;208m', '\u001B[48;2;10;20;30m', '\u001B[7m', '\u001B[2m'];
// Lines of the screen's own glyphs take the fast path; CJK, combining marks, emoji sequences and other
// escapes go through ansi-tokenize: both must agree with Ink.
const WORDS = ['67,012.5', ' ', '▲ 0.125', '│', '██▒', 'x', '中文', '  ', '◆', '┌─┐', '▁▂▃', 'é', 'e\u0301', '👍🏽', '❤\uFE0F', '⌚', '\u001B]8;;https://x.y\u0007link\u001B]8;;\u0007', '\u001B[m', '·—…', 'soft\u00ADhyphen', 'nb\u00A0', '\u3000', '\u2007'];

/** One frame's operations, drawn by `seed` (so two outputs get the same ones). */
function drawFrame(output: OutputUnderTest, seed: number, width: number, height: number, reuse: readonly string[]): void {
  const rnd = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const segment = (): string => {
    const s = pick(STYLES);
    return s ? `${s}${pick(WORDS)}\u001B[0m` : pick(WORDS);
  };
  const line = (): string => (rnd() < 0.5 ? pick(reuse) : Array.from({ length: 1 + Math.floor(rnd() * 6) }, segment).join(''));
  for (let n = 0; n < 14; n++) {
    const r = rnd();
    if (r < 0.1) output.clip({ x1: Math.floor(rnd() * 10), x2: 10 + Math.floor(rnd() * width), y1: Math.floor(rnd() * 3), y2: 3 + Math.floor(rnd() * height) });
    else if (r < 0.15) output.clip({ x1: Math.floor(rnd() * 10), x2: 10 + Math.floor(rnd() * width) });
    else if (r < 0.22) output.unclip();
    const lines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, line).join('\n');
    const transformers: Transformer[] = rnd() < 0.2 ? [(l, i) => (i % 2 === 0 ? `\u001B[4m${l}\u001B[24m` : l)] : [];
    // Some writes start past the right edge or below the grid.
    output.write(Math.floor(rnd() * (width + 6)), Math.floor(rnd() * (height + 2)), lines, { transformers });
  }
}

describe('cached frame grid', () => {
  afterEach(() => uninstallOutputCache());

  it('same-string-as-ink: random styled frames come out exactly as Ink draws them, frame after frame', () => {
    const cache = new FrameCellCache();
    const width = 40;
    const height = 8;
    const reuse = ['\u001B[32mstatic row\u001B[39m', '│ 中 │', '', 'plain ascii row that is long enough to pass the right edge of the grid'];
    for (let frame = 0; frame < 300; frame++) {
      // Every third frame repeats an earlier one, so cached lines and reused rows are exercised.
      const seed = frame % 3 === 2 ? frame - 2 : frame + 1;
      const ours = newInkGrid(width, height);
      const theirs = newInkGrid(width, height);
      drawFrame(ours, seed, width, height, reuse);
      drawFrame(theirs, seed, width, height, reuse);
      const expected = stockGridRenderer(theirs);
      expect(cache.render(ours), `frame ${frame}`).toEqual(expected);
    }
  });

  it('screen-glyph-rows-never-wake-string-width: its first call costs ~15 ms of the start; a row of the screen\'s glyphs is cut into cells without it', () => {
    const text = '\u001B[32m▲ 67,012.5\u001B[39m │ ██▒░ ▁▂▃▄▅ ←→ · — … ✓ ⚠ ° é €\n─┼─ ◆ ┌─┐';
    const [ours, theirs] = [newInkGrid(60, 3), newInkGrid(60, 3)] as [OutputUnderTest, OutputUnderTest];
    const measured: string[] = [];
    const measure = ours.caches.getStringWidth.bind(ours.caches);
    ours.caches.getStringWidth = (t: string): number => {
      measured.push(t);
      return measure(t);
    };
    for (const grid of [ours, theirs]) grid.write(1, 0, text, { transformers: [] });
    expect(new FrameCellCache().render(ours)).toEqual(stockGridRenderer(theirs));
    expect(measured).toEqual([]);
  });

  it('clipped-write-recut-when-it-moves: the same text under the same clip at another column is cut again, as Ink cuts it', () => {
    const cache = new FrameCellCache();
    const text = '\u001B[32mabcdefghijklmnop\u001B[39m\nsecond line of it';
    for (const [x, clip] of [
      [6, { x1: 2, x2: 12 }],
      [0, { x1: 2, x2: 12 }],
      [0, { x1: 0, x2: 5 }],
      [6, { x1: 2, x2: 12, y1: 1, y2: 3 }],
      [6, { x1: 2, x2: 12 }],
    ] as const) {
      const frames = [newInkGrid(20, 4), newInkGrid(20, 4)];
      for (const grid of frames) {
        grid.clip(clip);
        grid.write(x, 0, text, { transformers: [] });
        grid.unclip();
      }
      const [ours, theirs] = frames as [OutputUnderTest, OutputUnderTest];
      expect(cache.render(ours), `x ${x} clip ${JSON.stringify(clip)}`).toEqual(stockGridRenderer(theirs));
    }
  });

  it('resized-grid-draws-as-ink: a row below a shorter frame is drawn afresh when the grid grows back', () => {
    const cache = new FrameCellCache();
    for (const [height, label] of [
      [8, 'first'],
      [4, 'second'],
      [8, 'third'],
      [8, 'third'],
      [3, 'fifth'],
      [6, 'sixth'],
    ] as const) {
      const frames = [newInkGrid(30, height), newInkGrid(30, height)];
      for (const grid of frames) for (let y = 0; y < height; y++) grid.write(0, y, `\u001B[31m${label}\u001B[39m row ${y}`, { transformers: [] });
      const [ours, theirs] = frames as [OutputUnderTest, OutputUnderTest];
      expect(cache.render(ours), `${label} at height ${height}`).toEqual(stockGridRenderer(theirs));
    }
  });

  it('installed-on-ink: Output#get goes through the cache, and uninstalling restores Ink own', () => {
    installOutputCache();
    installOutputCache();
    const proto = Object.getPrototypeOf(newInkGrid(1, 1)) as { get: unknown };
    const cached = proto.get;
    expect(gridRendererInstalled()).toBe(true);
    const output = newInkGrid(20, 3);
    output.write(1, 1, '\u001B[31mred\u001B[39m and plain', { transformers: [] });
    expect(output.get()).toEqual(stockGridRenderer(output));
    uninstallOutputCache();
    expect(gridRendererInstalled()).toBe(false);
    expect(proto.get).not.toBe(cached);
  });
});

// PrebuiltLines hands Ink one blank row and empty lines to lay out: the same frames as the whole blank block
// it handed before, for a fraction of the characters Ink scans per text node per frame.

import { Box, Text, Transform } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { paint, type Colour } from './ansi.js';
import { blankBlock, PrebuiltLines } from './PrebuiltLines.js';
import { resolvePalette } from './theme-palettes.js';

/** The block as it was: every line blank, `width` spaces each. */
function WholeBlankBlock({ lines, width }: { lines: readonly string[]; width: number }) {
  return (
    <Transform transform={(_blank: string, index: number) => lines[index] ?? ''}>
      <Text>{Array.from({ length: lines.length }, () => ' '.repeat(width)).join('\n')}</Text>
    </Transform>
  );
}

const PALETTE = resolvePalette('dark', '256');
const COLOURS: readonly Colour[] = ['green', 'red', 'gray', 'darkGreen', 'darkRed'];

/** `count` rows of `width` cells: digits, separators and the screen's glyphs in coloured runs. */
function rows(random: () => number, count: number, width: number): string[] {
  const glyphs = '0123456789.,: ▲▼◆█▌│';
  return Array.from({ length: count }, () => {
    let row = '';
    for (let left = width; left > 0; ) {
      const run = Math.min(left, 1 + Math.floor(random() * 12));
      let text = '';
      for (let i = 0; i < run; i++) text += glyphs[Math.floor(random() * glyphs.length)];
      row += paint(PALETTE, text, COLOURS[Math.floor(random() * COLOURS.length)]);
      left -= run;
    }
    return row;
  });
}

/** A pane as the app draws one: a bordered box that clips, the rows below a header line. */
function framed(width: number, height: number, body: React.ReactNode) {
  return (
    <Box borderStyle="single" flexDirection="column" width={width} height={height} overflow="hidden">
      <Text>header</Text>
      {body}
    </Box>
  );
}

const plain = (text: string): string => text.replace(/\u001B\[[\d;]*m/g, '');

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

function frameOf(tree: React.ReactElement): string {
  const app = render(tree);
  unmount = app.unmount;
  const frame = app.lastFrame() ?? '';
  app.unmount();
  unmount = null;
  return frame;
}

describe('PrebuiltLines', () => {
  it('prebuilt-lines-hand-ink-no-blank-block: Ink is given one blank row and empty lines, the block measuring the same', () => {
    for (const [count, width] of [[1, 30], [25, 198], [9, 78], [3, 0]] as const) {
      const block = blankBlock(count, width);
      // Ink scans a text node's characters on every frame: width + count - 1 of them, not width x count.
      expect(block).toHaveLength(width + count - 1);
      const lines = block.split('\n');
      // Yoga's measure of a text: its line count and its widest line.
      expect(lines).toHaveLength(count);
      expect(Math.max(...lines.map((l) => l.length))).toBe(width);
    }
  });

  it('prebuilt-lines-draw-the-frames-of-the-whole-blank-block: random coloured rows in clipping panes, narrow and wide', () => {
    const random = seededRandom(35);
    for (const [paneWidth, paneHeight, count] of [[80, 12, 9], [200, 30, 27], [40, 8, 12], [26, 5, 1]] as const) {
      const inner = paneWidth - 2;
      const shown = rows(random, count, inner);
      const now = frameOf(framed(paneWidth, paneHeight, <PrebuiltLines lines={shown} width={inner} />));
      const before = frameOf(framed(paneWidth, paneHeight, <WholeBlankBlock lines={shown} width={inner} />));
      // Not an empty screen: the first row is drawn.
      expect(plain(now)).toContain(plain(shown[0] ?? '-'));
      expect(now).toBe(before);
    }
  });
});

// L2 book: asks above (best nearest the spread), the spread line, bids below; depth bars as a
// background behind the cumulative total; a level cursor when the book has focus. The levels and the
// spread line are one pre-built block (PrebuiltLines): Ink measures, lays out and caches one blank
// block instead of a text node per level whose text changes with every update.

import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useTerminal } from '../shell/store-context.js';
import { paint } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { bookView, type BookLine } from './view.js';

const INVERSE_ON = '\u001B[7m';
const INVERSE_OFF = '\u001B[27m';

/** Inverse video over a whole coloured row; an inverse part inside (monochrome depth bar) stays visible as the opposite. */
function inverse(line: string): string {
  return `${INVERSE_ON}${line.replaceAll(INVERSE_OFF, INVERSE_OFF + INVERSE_ON)}${INVERSE_OFF}`;
}

function paintLine(theme: Palette, line: BookLine): string {
  if (line.kind === 'empty') return line.text;
  if (line.kind === 'spread') return paint(theme, line.text, 'gray');
  const colour = line.side === 'ask' ? 'red' : 'green';
  const split = line.text.length - line.bar;
  const painted = paint(theme, line.text.slice(0, split), colour) + paint(theme, line.text.slice(split), colour, line.side === 'ask' ? 'darkRed' : 'darkGreen');
  return line.selected ? inverse(painted) : painted;
}

export function BookPane({ width, height, depth }: { width: number; height: number; depth: number }) {
  const view = useTerminal((s) => bookView(s, width, depth));
  const focused = useTerminal((s) => s.focus === 'book');
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const lines = useMemo(() => view.lines.map((line) => paintLine(theme, line)), [view, theme]);
  if (view.waiting) {
    return (
      <Pane title={view.title} width={width} height={height} focused={focused}>
        <Text color={theme.muted}>waiting for the book…</Text>
      </Pane>
    );
  }
  const { below } = view;
  const bottom = below === '' ? undefined : { cells: below.length, content: <Text color={theme.focus}>{below}</Text> };
  return (
    <Pane title={view.title} width={width} height={height} focused={focused} {...(bottom ? { bottom } : {})}>
      <Text color={view.flagAbove ? theme.focus : theme.muted}>{view.header}</Text>
      <PrebuiltLines lines={lines} width={inner} />
      <Box flexGrow={1} />
    </Pane>
  );
}

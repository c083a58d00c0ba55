// The DOM ladder in the book's place: a fixed column of prices, per row your orders, the bid and ask size,
// the price and the volume traded there lately; the cursor row in inverse video. The rows are one
// pre-built block (PrebuiltLines), as the book's are. When the spread leaves the rows (or none was set)
// the pane writes the centre its view model chose: the one scroll the ladder makes by itself.

import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { placeLadder } from '../../state/ladder.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useTerminal, useTerminalStore } from '../shell/store-context.js';
import { paint } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { ladderSpan } from './rows.js';
import { ladderRowCount, ladderView, type LadderLine } from './view.js';

const INVERSE_ON = '\u001B[7m';
const INVERSE_OFF = '\u001B[27m';

function paintLine(theme: Palette, line: LadderLine): string {
  const painted = line.side === null ? line.text : paint(theme, line.text, line.side === 'ask' ? 'red' : 'green');
  return line.cursor ? `${INVERSE_ON}${painted.replaceAll(INVERSE_OFF, INVERSE_OFF + INVERSE_ON)}${INVERSE_OFF}` : painted;
}

export function LadderPane({ width, height }: { width: number; height: number }) {
  const store = useTerminalStore();
  const view = useTerminal((s) => ladderView(s, width, height));
  const focused = useTerminal((s) => s.focus === 'book');
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const lines = useMemo(() => view.lines.map((line) => paintLine(theme, line)), [view, theme]);
  useEffect(() => {
    if (view.follow === null) return;
    const { ladder } = store.getState();
    // A cursor the move left off screen goes: it is always on a row the trader can see, or absent.
    const { top, bottom } = ladderSpan(view.follow, ladderRowCount(height), view.group);
    const cursor = ladder.group === view.group && ladder.cursor !== null && ladder.cursor <= top && ladder.cursor >= bottom ? ladder.cursor : null;
    placeLadder(store, view.group, view.follow, cursor);
  }, [store, view.follow, view.group, height]);
  if (view.waiting) {
    return (
      <Pane title={view.title} width={width} height={height} focused={focused}>
        <Text color={theme.muted}>waiting for the book…</Text>
      </Pane>
    );
  }
  return (
    <Pane title={view.title} width={width} height={height} focused={focused}>
      <Text color={theme.muted}>{view.header}</Text>
      <PrebuiltLines lines={lines} width={inner} />
      <Box flexGrow={1} />
    </Pane>
  );
}

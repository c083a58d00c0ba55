// A bordered pane with its title in the top border (and, optionally, a line of its own in the bottom
// border). Fixed size: its content never moves the layout.
// No overflow clipping: panes render exactly as many fixed-width rows as fit (clipping makes Ink
// re-slice every line with ANSI-aware slicing, a large share of the paint time).

import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { useTheme } from './theme.js';

export interface PaneProps {
  title: string;
  width: number;
  height: number;
  focused?: boolean;
  children?: ReactNode;
  /** Drawn in the bottom border between "└─ " and " ─┘": `cells` wide (the caller fits it to width - 6). */
  bottom?: { cells: number; content: ReactNode };
}

export function Pane({ title, width, height, focused = false, children, bottom }: PaneProps) {
  const theme = useTheme();
  const color = focused ? theme.focus : theme.border;
  const label = ` ${focused ? '▸ ' : ''}${title} `;
  const dashes = Math.max(0, width - 3 - label.length);
  const top = width >= 4 ? `┌─${label.slice(0, Math.max(0, width - 3))}${'─'.repeat(dashes)}┐` : '';
  return (
    <Box flexDirection="column" width={width} height={height} flexShrink={0}>
      <Text color={color} bold={focused} wrap="truncate">
        {top}
      </Text>
      {/* Keyed: Ink never clears a border edge it once set, so switching the bottom edge off needs a new node. */}
      <Box
        key={bottom ? 'open-bottom' : 'bordered'}
        flexDirection="column"
        width={width}
        height={Math.max(0, height - (bottom ? 2 : 1))}
        borderStyle="single"
        borderTop={false}
        borderBottom={!bottom}
        borderColor={color}
      >
        {children}
      </Box>
      {bottom ? (
        <Box flexDirection="row" width={width} height={1}>
          <Text color={color}>└─ </Text>
          {bottom.content}
          <Text color={color}>{` ${'─'.repeat(Math.max(0, width - 5 - bottom.cells))}┘`}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

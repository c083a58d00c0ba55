// A bordered pane with its title in the top border. Fixed size: its content never moves the layout.
// No overflow clipping: panes render exactly as many fixed-width rows as fit (clipping makes Ink
// re-slice every line with ANSI-aware slicing, a large share of the paint time).

import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { theme } from './theme.js';

export interface PaneProps {
  title: string;
  width: number;
  height: number;
  focused?: boolean;
  children?: ReactNode;
}

export function Pane({ title, width, height, focused = false, children }: PaneProps) {
  const color = focused ? theme.focus : theme.border;
  const label = ` ${focused ? '▸ ' : ''}${title} `;
  const dashes = Math.max(0, width - 3 - label.length);
  const top = width >= 4 ? `┌─${label.slice(0, Math.max(0, width - 3))}${'─'.repeat(dashes)}┐` : '';
  return (
    <Box flexDirection="column" width={width} height={height} flexShrink={0}>
      <Text color={color} bold={focused} wrap="truncate">
        {top}
      </Text>
      <Box
        flexDirection="column"
        width={width}
        height={Math.max(0, height - 1)}
        borderStyle="single"
        borderTop={false}
        borderColor={color}
      >
        {children}
      </Box>
    </Box>
  );
}

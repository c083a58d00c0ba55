// Shown instead of the layout below 80x24; goes away on the next resize that fits. Only what it shows
// acts: q (and Ctrl-C) quit, the panic chord asks its question here too, and a confirm is shown here to be
// answered when it fits whole (ui/too-small/lines.ts: never more lines than the screen has).

import { Box, Text } from 'ink';
import { useTerminal } from '../shell/store-context.js';
import { tooSmallView } from './view.js';

export function TooSmall({ cols, rows }: { cols: number; rows: number }) {
  const view = useTerminal((s) => tooSmallView(s, cols, rows));
  return (
    <Box width={cols} height={view.height} flexDirection="column" justifyContent="center" alignItems="center">
      {view.lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

// Shown instead of the layout below 80x24; goes away on the next resize that fits. Only what it shows
// acts: q (and Ctrl-C) quit, the panic chord asks its question here too, and a confirm is shown here to be
// answered when it fits whole (too-small/lines.ts: never more lines than the screen has).

import { Box, Text } from 'ink';
import { tooSmallHeight, tooSmallLines } from './lines.js';
import { useTerminal } from '../shell/store-context.js';
import { shownNotice } from '../../state/notice.js';

export function TooSmall({ cols, rows }: { cols: number; rows: number }) {
  const confirm = useTerminal((s) => s.tradingUi.confirm);
  const notice = useTerminal(shownNotice);
  const lines = tooSmallLines(cols, rows, confirm, notice);
  return (
    <Box width={cols} height={tooSmallHeight(rows)} flexDirection="column" justifyContent="center" alignItems="center">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

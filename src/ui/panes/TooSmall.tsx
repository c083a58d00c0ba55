// Shown instead of the layout below 80x24; goes away on the next resize that fits. Only what it shows
// acts: q (and Ctrl-C) quit, and a confirm opened before the resize is shown here to be answered.

import { Box, Text } from 'ink';
import { confirmLine } from '../format/confirm-text.js';
import { MIN_COLS, MIN_ROWS } from '../layout.js';
import { useTerminal } from '../store-context.js';
import { shownNotice } from '../../state/notice.js';

export function TooSmall({ cols, rows }: { cols: number; rows: number }) {
  const confirm = useTerminal((s) => s.tradingUi.confirm);
  const notice = useTerminal(shownNotice);
  return (
    <Box width={cols} height={Math.max(1, rows - 1)} flexDirection="column" justifyContent="center" alignItems="center">
      <Text wrap="truncate">{`terminal too small (need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows})`}</Text>
      {confirm ? <Text wrap="wrap">{confirmLine(confirm)}</Text> : <Text wrap="truncate">q quits</Text>}
      {!confirm && notice ? <Text wrap="wrap">{notice}</Text> : null}
    </Box>
  );
}

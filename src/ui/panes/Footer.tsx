// The key hint line; a notice replaces the right-hand side when there is one.

import { Box, Text } from 'ink';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

const HINTS_WIDE = ' / market  Tab focus  j/k move  [ ] timeframe  Esc back  q quit';
const HINTS_NARROW = ' / mkt  Tab focus  [ ] tf  q quit';

export function Footer({ width }: { width: number }) {
  const notice = useTerminal((s) => s.notice);
  const picker = useTerminal((s) => s.picker.open);
  const keyScope = useTerminal((s) => s.keyScope);
  const hints = picker ? ' type to search  ↑/↓ choose  Enter select  Esc close' : width >= 100 ? HINTS_WIDE : HINTS_NARROW;
  return (
    <Box width={width} height={1} flexDirection="row" overflow="hidden">
      <Text color={theme.muted} wrap="truncate">
        {hints}
      </Text>
      <Box flexGrow={1} />
      {notice ? <Text wrap="truncate">{`${notice} `}</Text> : null}
      {keyScope !== 'trade' ? <Text color={theme.muted}>{'READ-ONLY '}</Text> : null}
    </Box>
  );
}

// Shown instead of the layout below 80x24; goes away on the next resize that fits.

import { Box, Text } from 'ink';
import { MIN_COLS, MIN_ROWS } from '../layout.js';

export function TooSmall({ cols, rows }: { cols: number; rows: number }) {
  return (
    <Box width={cols} height={Math.max(1, rows - 1)} flexDirection="column" justifyContent="center" alignItems="center">
      <Text wrap="truncate">{`terminal too small (need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows})`}</Text>
      <Text wrap="truncate">q quits</Text>
    </Box>
  );
}

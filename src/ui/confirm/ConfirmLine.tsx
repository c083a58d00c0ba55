// The one confirm at the bottom of the screen (default Cancel): the question and what `y` does, in the
// warning colour, on as many lines as the question needs (the App gives it the rows: confirmRows).

import { Box, Text } from 'ink';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { useTheme } from '../shell/theme.js';
import { confirmView } from './view.js';

/** The rows the confirm takes at the bottom of the screen at `width` (1 when none is asked). */
export function confirmRows(prompt: ConfirmPrompt | null, width: number): number {
  return prompt ? confirmView(prompt, width).lines.length : 1;
}

export function ConfirmLine({ prompt, width }: { prompt: ConfirmPrompt; width: number }) {
  const theme = useTheme();
  const { lines } = confirmView(prompt, width);
  return (
    <Box flexDirection="column" width={width} height={lines.length} flexShrink={0}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate" color={theme.warn} bold>
          {line}
        </Text>
      ))}
    </Box>
  );
}

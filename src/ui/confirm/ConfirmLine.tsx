// The one confirm on the bottom line (default Cancel): the question and what `y` does, in the warning colour.

import { Text } from 'ink';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { useTheme } from '../shell/theme.js';
import { confirmView } from './view.js';

export function ConfirmLine({ prompt, width }: { prompt: ConfirmPrompt; width: number }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" color={theme.warn} bold>
      {confirmView(prompt, width).line}
    </Text>
  );
}

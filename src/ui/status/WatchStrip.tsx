// Favourite markets' mini prices in the header (config `watchlist`), as ui/status/view.ts fitted them.

import { Text } from 'ink';
import { useTheme } from '../shell/theme.js';

export function WatchStrip({ text }: { text: string }) {
  const theme = useTheme();
  if (text === '') return null;
  return <Text color={theme.muted} wrap="truncate">{` ${text} `}</Text>;
}

// Favourite markets' mini prices in the header (config `watchlist`), in at most `width` cells.

import { Text } from 'ink';
import { watchlistText } from './watchlist.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';

export function WatchStrip({ width }: { width: number }) {
  const theme = useTheme();
  const quotes = useTerminal((s) => s.workspace.watchlist);
  const symbol = useTerminal((s) => s.market?.symbol ?? null);
  const text = watchlistText(quotes, symbol, Math.max(0, width - 2));
  if (text === '') return null;
  return <Text color={theme.muted} wrap="truncate">{` ${text} `}</Text>;
}

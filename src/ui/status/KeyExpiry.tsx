// Key expiry countdown for the status bar: shown only when the loaded key has an expiry.

import { Text } from 'ink';
import { formatCountdown } from '../format/numbers.js';
import { useNow } from '../shell/use-now.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';

export function KeyExpiry() {
  const theme = useTheme();
  const expiresAt = useTerminal((s) => s.trading.keyExpiresAt);
  const now = useNow(1000);
  if (expiresAt === null) return null;
  const left = expiresAt - now;
  return <Text color={left < 86_400_000 ? theme.warn : theme.muted}>{left > 0 ? `  key ${formatCountdown(left)}` : '  KEY EXPIRED'}</Text>;
}

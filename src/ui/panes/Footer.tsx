// The key hint line; a notice (errors, market switches) takes the right-hand side and the hints give way.

import { Text } from 'ink';
import { fitText } from '../format/numbers.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

const HINTS_WIDE = ' / market  Tab focus  j/k move  [ ] timeframe  Esc back  q quit';
const HINTS_NARROW = ' / mkt  Tab focus  [ ] tf  q quit';
const HINTS_PICKER = ' type to search  ↑/↓ choose  Enter select  Esc close';

export function Footer({ width }: { width: number }) {
  const notice = useTerminal((s) => s.notice);
  const picker = useTerminal((s) => s.picker.open);
  const keyScope = useTerminal((s) => s.keyScope);
  const hints = picker ? HINTS_PICKER : width >= 100 ? HINTS_WIDE : HINTS_NARROW;
  const badge = keyScope !== 'trade' ? 'READ-ONLY ' : '';
  // The notice may use up to half the line; the hints keep at least the quit key visible.
  const noticeText = notice ? fitText(notice, Math.min(notice.length, Math.floor(width / 2))) + '  ' : '';
  const right = noticeText + badge;
  const left = fitText(hints, Math.max(0, width - right.length));
  return (
    <Text wrap="truncate">
      <Text color={theme.muted}>{left}</Text>
      <Text>{noticeText}</Text>
      <Text color={theme.muted}>{badge}</Text>
    </Text>
  );
}

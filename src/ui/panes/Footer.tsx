// The key hint line; a notice (errors, market switches) takes the right-hand side and the hints give way.

import { Text } from 'ink';
import { footerHints } from '../format/footer-hints.js';
import { fitText } from '../format/numbers.js';
import { activeBindings } from '../keymap-table.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

const HINTS_PICKER = ' type to search  ↑/↓ choose  Enter select  Esc close';
const HINTS_HELP = ' type to filter  Backspace edit  Esc close';

export function Footer({ width }: { width: number }) {
  const notice = useTerminal((s) => s.notice ?? s.live.configNotice);
  const picker = useTerminal((s) => s.picker.open);
  const focus = useTerminal((s) => s.focus);
  const help = useTerminal((s) => s.live.help.open);
  // The notice may use up to half the line; the hints keep at least the quit key visible.
  const noticeText = notice ? fitText(notice, Math.min(notice.length, Math.floor(width / 2))) + '  ' : '';
  // READ-ONLY lives in the status bar (always shown there); a second copy here only ate hint space.
  const right = noticeText;
  const hints = picker ? HINTS_PICKER : help ? HINTS_HELP : footerHints(activeBindings(), focus, Math.max(0, width - right.length));
  const left = fitText(hints, Math.max(0, width - right.length));
  return (
    <Text wrap="truncate">
      <Text color={theme.muted}>{left}</Text>
      <Text>{noticeText}</Text>
    </Text>
  );
}

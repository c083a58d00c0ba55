// The key hint line; a notice (errors, market switches) takes the right-hand side and the hints give way.
// Order keys that are off (read-only key, stale feed...) stay in the line, dimmed, with the short reason.

import { Text } from 'ink';
import { footerHintParts, type HintPart } from '../format/footer-hints.js';
import { fitText } from '../format/numbers.js';
import { newOrderLocks, tradingLocks } from '../../state/trading-locks.js';
import type { Action } from '../keymap.js';
import { activeBindings } from '../keymap-table.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

const HINTS_PICKER = ' type to search  ↑/↓ choose  Enter select  Esc close';
const HINTS_HELP = ' type to filter  Backspace edit  Esc close';

const NEW_ORDER: ReadonlySet<Action> = new Set<Action>(['buy', 'sell']);
const SESSION: ReadonlySet<Action> = new Set<Action>([
  'panic', 'cancelOrder', 'cancelMarketOrders', 'cancelAllOrders', 'amendOrder', 'closePosition', 'addCollateral', 'editTpsl',
]);

/** The short reason an action is off, given the two reasons above; null when it works (or is no order key). */
function orderKeyOff(action: Action, newOrders: string | null, session: string | null): string | null {
  if (NEW_ORDER.has(action)) return newOrders;
  return SESSION.has(action) ? session : null;
}

function Part({ part }: { part: HintPart }) {
  if (part.tone === 'off') return <Text dimColor>{part.text}</Text>;
  return <Text color={part.tone === 'reason' ? theme.warn : theme.muted}>{part.text}</Text>;
}

export function Footer({ width }: { width: number }) {
  const notice = useTerminal((s) => s.notice ?? s.live.configNotice);
  const picker = useTerminal((s) => s.picker.open);
  const focus = useTerminal((s) => s.focus);
  const help = useTerminal((s) => s.live.help.open);
  const newOrdersOff = useTerminal((s) => newOrderLocks(s)[0]?.label ?? null);
  const sessionOff = useTerminal((s) => tradingLocks(s)[0]?.label ?? null);
  // The notice may use up to half the line; the hints keep at least the quit key visible.
  const noticeText = notice ? fitText(notice, Math.min(notice.length, Math.floor(width / 2))) + '  ' : '';
  // READ-ONLY lives in the status bar (always shown there); a second copy here only ate hint space.
  const room = Math.max(0, width - noticeText.length);
  const fixed = picker ? HINTS_PICKER : help ? HINTS_HELP : null;
  const parts: HintPart[] = fixed !== null ? [{ text: fixed, tone: 'plain' }] : footerHintParts(activeBindings(), focus, room, (a) => orderKeyOff(a, newOrdersOff, sessionOff));
  const used = parts.reduce((n, p) => n + p.text.length, 0);
  return (
    <Text wrap="truncate">
      {used <= room ? parts.map((p, i) => <Part key={i} part={p} />) : <Text color={theme.muted}>{fitText(parts.map((p) => p.text).join(''), room)}</Text>}
      <Text>{' '.repeat(Math.max(0, room - used))}</Text>
      <Text>{noticeText}</Text>
    </Text>
  );
}

// The key hint line of the mode in use (the focused pane's keys, or the form's, the picker's, the help's),
// from the bindings in force; a notice (errors, market switches) takes the right-hand side and the hints
// give way. Keys that do nothing now stay in the line, dimmed, with the short reason their binding gives.

import { Text } from 'ink';
import { inputMode } from '../../state/input-mode.js';
import { shownNotice } from '../../state/notice.js';
import type { TerminalState } from '../../state/store.js';
import { fitText } from '../format/numbers.js';
import { footerHintParts, type HintPart } from '../keys/footer-hints.js';
import { TYPING_HINTS, type KeyPlace } from '../help/rows.js';
import type { Keymap } from '../keys/keymap.js';
import { useKeymap, useTerminal } from './store-context.js';
import { useTheme } from './theme.js';
import { sameShown, useTerminalEqual } from './use-terminal-equal.js';

function Part({ part }: { part: HintPart }) {
  const theme = useTheme();
  if (part.tone === 'off') return <Text dimColor>{part.text}</Text>;
  return <Text color={part.tone === 'reason' ? theme.warn : theme.muted}>{part.text}</Text>;
}

function placeOf(state: TerminalState): KeyPlace {
  return { mode: inputMode(state), pane: state.focus };
}

/** The hint parts for `room` cells (kept while their text is the same: the line redraws only when it changes). */
function hintParts(keymap: Keymap, state: TerminalState, room: number): HintPart[] {
  const place = placeOf(state);
  const typing = TYPING_HINTS[place.mode];
  const lead: HintPart[] = typing ? [{ text: ` ${typing}`, tone: 'plain' }] : [];
  const used = lead.reduce((n, p) => n + p.text.length, 0);
  return [...lead, ...footerHintParts(keymap.bindings, place, Math.max(0, room - used), state)];
}

/**
 * The notice's part of the line: up to half of it (the hints keep at least the quit key visible), and two
 * cells apart from the hints before it, however many of them fit: at 80 columns they never run together.
 */
export function noticeSegment(notice: string | null, width: number): string {
  if (!notice) return '';
  return `  ${fitText(notice, Math.min(notice.length, Math.floor(width / 2)))}`;
}

export function Footer({ width }: { width: number }) {
  const theme = useTheme();
  const keymap = useKeymap();
  const notice = useTerminal((s) => shownNotice(s) ?? s.workspace.configNotice);
  const noticeText = noticeSegment(notice, width);
  // READ-ONLY lives in the status bar (always shown there); a second copy here only ate hint space.
  const room = Math.max(0, width - noticeText.length);
  const parts = useTerminalEqual((s: TerminalState) => hintParts(keymap, s, room), sameShown);
  const used = parts.reduce((n, p) => n + p.text.length, 0);
  return (
    <Text wrap="truncate">
      {used <= room ? parts.map((p, i) => <Part key={i} part={p} />) : <Text color={theme.muted}>{fitText(parts.map((p) => p.text).join(''), room)}</Text>}
      <Text>{' '.repeat(Math.max(0, room - used))}</Text>
      <Text>{noticeText}</Text>
    </Text>
  );
}

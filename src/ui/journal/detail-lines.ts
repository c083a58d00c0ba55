// The detail page of one Journal request: every line the Journal wrote of it, oldest first, each followed
// by the wire frame behind it (the mt 22 sent, the mt 3 ack, the mt 24 rows received), cut into lines of
// the page's width. The frames were made terminal-safe when the engine kept them (terminalSafeJson): they
// are shown as they are, never parsed again. Pure.

import type { JournalEntryView } from '../../domain/trading/views.js';
import { formatTimeOfDay } from '../format/numbers.js';

const FRAME_INDENT = '    ';

/** `text` in pieces of at most `width` characters, the pieces after the first indented. */
export function cutLines(text: string, width: number, indent = FRAME_INDENT): string[] {
  if (width <= indent.length) return [text.slice(0, Math.max(0, width))];
  const out = [text.slice(0, width)];
  for (let i = width; i < text.length; i += width - indent.length) out.push(indent + text.slice(i, i + width - indent.length));
  return out;
}

/** What the trader's side did with the frame: the request and a resend went out, the rest came in. */
const direction = (e: JournalEntryView): string => (e.kind === 'request' || e.kind === 'sent' ? 'sent' : 'received');

/** The Journal lines of `requestKey` (oldest first) with their frames, for a page `width` wide. */
export function journalDetailLines(journal: readonly JournalEntryView[], requestKey: string, width: number): string[] {
  const entries = journal.filter((e) => e.requestKey === requestKey);
  if (entries.length === 0) return ['this request is no longer in the Journal (it keeps the latest 300 lines)'];
  const out: string[] = [];
  for (const e of entries) {
    out.push(...cutLines(`${formatTimeOfDay(e.timeMs)}  ${e.kind.padEnd(8)} ${e.text}`, width));
    if (e.raw !== undefined) out.push(...cutLines(`${FRAME_INDENT}${direction(e)} ${e.raw}`, width, FRAME_INDENT + '  '));
  }
  return out;
}

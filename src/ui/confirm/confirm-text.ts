// How the one confirm reads, wherever it shows (the bottom line, the order entry pane, the trading tabs):
// the question, then `y` and what it does, and that any other key cancels (the default). Pure.

import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { fitText } from '../format/numbers.js';
import { wrapWords } from '../format/wrap.js';

/** The most lines the confirm takes at the bottom of the screen (the panes above give them up). */
export const CONFIRM_MAX_LINES = 6;
/** How a question too long even for CONFIRM_MAX_LINES ends: the app journals such a question whole. */
export const CONFIRM_CUT_TAIL = '… (the whole question is in the Journal)';

/** "y send anyway   any other key cancels". */
export function confirmKeys(prompt: Pick<ConfirmPrompt, 'yes'>): string {
  return `y ${prompt.yes ?? 'yes'}   any other key cancels`;
}

/** The question and its keys on one line, then the note on the last key when there is one. */
export function confirmLine(prompt: ConfirmPrompt): string {
  return `${prompt.text}  ${confirmKeys(prompt)}${prompt.note ? `  ${prompt.note}` : ''}`;
}

/** The question's words in lines of `width`, at most `max` lines; cut with CONFIRM_CUT_TAIL when more. */
function questionLines(text: string, width: number, max: number): string[] {
  const lines = wrapWords(text, width, Number.MAX_SAFE_INTEGER);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  const room = Math.max(0, width - CONFIRM_CUT_TAIL.length);
  kept[max - 1] = `${kept[max - 1]!.slice(0, room).trimEnd()}${CONFIRM_CUT_TAIL}`.slice(0, width);
  return kept;
}

/**
 * The confirm in lines of `width` cells, never a word of the question cut: one line where it fits (the note
 * after the keys too), else the question wrapped over as many lines as it needs and the keys line last and
 * whole (beside the question's last words where they fit, with the note where it fits). A question longer
 * than CONFIRM_MAX_LINES lines ends saying the Journal has it whole (confirmCut).
 */
export function confirmLines(prompt: ConfirmPrompt, width: number, maxLines = CONFIRM_MAX_LINES): string[] {
  const line = confirmLine(prompt);
  if (line.length <= width) return [line];
  const keys = confirmKeys(prompt);
  const keysLine = prompt.note && `${keys}  ${prompt.note}`.length <= width ? `${keys}  ${prompt.note}` : fitText(keys, width).trimEnd();
  const question = questionLines(prompt.text, width, Math.max(1, maxLines - 1));
  const last = question[question.length - 1]!;
  const together = `${last}  ${keysLine}`;
  if (!confirmCut(prompt, width, maxLines) && together.length <= width) return [...question.slice(0, -1), together];
  return [...question, keysLine];
}

/** The question does not fit its lines at `width` (the screen says so and the Journal holds it whole). */
export function confirmCut(prompt: Pick<ConfirmPrompt, 'text'>, width: number, maxLines = CONFIRM_MAX_LINES): boolean {
  return wrapWords(prompt.text, width, Number.MAX_SAFE_INTEGER).length > Math.max(1, maxLines - 1);
}

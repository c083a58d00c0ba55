// How the one confirm reads, wherever it shows (the bottom line, the order entry pane, the trading tabs):
// the question, then `y` and what it does, and that any other key cancels (the default). Pure.

import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { fitText } from '../format/numbers.js';

/** "y send anyway   any other key cancels". */
export function confirmKeys(prompt: Pick<ConfirmPrompt, 'yes'>): string {
  return `y ${prompt.yes ?? 'yes'}   any other key cancels`;
}

/** The question and its keys on one line, then the note on the last key when there is one. */
export function confirmLine(prompt: ConfirmPrompt): string {
  return `${prompt.text}  ${confirmKeys(prompt)}${prompt.note ? `  ${prompt.note}` : ''}`;
}

/**
 * The question and its keys in `width` cells: when it does not fit, the question is shortened, never the
 * keys, so a trader always sees what `y` does and that any other key cancels. The note comes only where
 * the whole question does too.
 */
export function confirmLineFit(prompt: ConfirmPrompt, width: number): string {
  const keys = confirmKeys(prompt);
  const line = confirmLine(prompt);
  if (line.length <= width) return line;
  if (prompt.note) return confirmLineFit({ ...prompt, note: undefined }, width);
  return `${fitText(prompt.text, Math.max(0, width - keys.length - 2))}  ${keys}`.slice(0, Math.max(0, width));
}

// How the one confirm reads, wherever it shows (the bottom line, the order entry pane, the trading tabs):
// the question, then `y` and what it does, and that any other key cancels (the default). Pure.

import type { ConfirmPrompt } from '../../state/trading-slice.js';

/** "y send anyway   any other key cancels". */
export function confirmKeys(prompt: Pick<ConfirmPrompt, 'yes'>): string {
  return `y ${prompt.yes ?? 'yes'}   any other key cancels`;
}

/** The question and its keys on one line. */
export function confirmLine(prompt: ConfirmPrompt): string {
  return `${prompt.text}  ${confirmKeys(prompt)}`;
}

// What the confirm shows on the bottom line: the question and what `y` does, fitted to the width (the
// question is shortened, never the keys: confirm-text.ts). Pure and memoised on the prompt and the width,
// so a redraw of the bar with the same question reuses the line.

import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { confirmLineFit } from './confirm-text.js';

export interface ConfirmView {
  /** The question and its keys in the width, with the note on a refused key where it fits. */
  line: string;
}

let last: { prompt: ConfirmPrompt; width: number; view: ConfirmView } | null = null;

export function confirmView(prompt: ConfirmPrompt, width: number): ConfirmView {
  if (last && last.prompt === prompt && last.width === width) return last.view;
  const view = { line: confirmLineFit(prompt, width) };
  last = { prompt, width, view };
  return view;
}

// What the confirm shows at the bottom of the screen: the question and what `y` does, in the width, the
// question wrapped over lines rather than cut (confirm-text.ts). Pure and memoised on the prompt and the
// width, so a redraw of the bar with the same question reuses the lines (and the App sizes the panes by them).

import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { memoLast } from '../../lib/memo-last.js';
import { confirmLines } from './confirm-text.js';

export interface ConfirmView {
  /** The question and its keys in the width, the keys line last, the note on a refused key where it fits. */
  lines: string[];
}

export const confirmView = memoLast((prompt: ConfirmPrompt, width: number): ConfirmView => ({ lines: confirmLines(prompt, width) }));

// A confirm whose question is longer than the lines the screen gives it (confirm-text.ts confirmCut) ends
// saying the Journal has it whole: here it is journaled, once per question asked. Judged at the narrowest
// screen (80 columns), so whatever width the trader has, a question the screen cuts is in the Journal.

import type { TerminalStore } from '../state/store.js';
import { confirmCut } from '../ui/confirm/confirm-text.js';
import { MIN_COLS } from '../ui/shell/layout.js';

/** Journals (`note`) each question asked that the screen would cut; returns the unsubscribe. */
export function journalCutQuestions(store: TerminalStore, note: (text: string) => void): () => void {
  let asked = store.getState().tradingUi.confirm;
  return store.subscribe((s) => {
    const prompt = s.tradingUi.confirm;
    if (prompt === asked) return;
    const same = prompt !== null && asked !== null && prompt.text === asked.text;
    asked = prompt;
    // A note on a refused key re-asks the same question: journaled once.
    if (prompt && !same && confirmCut(prompt, MIN_COLS)) note(`asked (too long for the screen): ${prompt.text}`);
  });
}

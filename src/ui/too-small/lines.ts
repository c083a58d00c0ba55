// What the too-small screen says, fitted to its size: no line wider than the terminal and never more lines
// than the frame has (a taller column is drawn over itself). A confirm is shown whole or not at all: a
// question cut short would let `y` answer what was never read. Pure.

import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { MIN_COLS, MIN_ROWS } from '../shell/layout.js';
import { confirmKeys } from '../confirm/confirm-text.js';
import { wrapWords } from '../format/wrap.js';

/** Rows the too-small screen draws: one less than the terminal, as every frame. */
export function tooSmallHeight(rows: number): number {
  return Math.max(1, rows - 1);
}

/** `text` broken at spaces into lines of `width`; null when a word is longer than the line. */
function wrapWhole(text: string, width: number): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (width <= 0 || words.some((w) => w.length > width)) return null;
  return wrapWords(words.join(' '), width, words.length);
}

/** The question and what the keys do, in lines of `width`; null when it cannot be shown whole. */
function confirmBlock(prompt: ConfirmPrompt, width: number): string[] | null {
  const question = wrapWhole(prompt.text, width);
  const keysLine = confirmKeys(prompt);
  const yes = wrapWhole(`y ${prompt.yes ?? 'yes'}`, width);
  const others = wrapWhole('other keys cancel', width);
  if (!question || !yes || !others) return null;
  return [...question, ...(keysLine.length <= width ? [keysLine] : [...yes, ...others])];
}

/** The confirm can be read whole on the too-small screen of `cols` x `rows`. */
export function confirmFitsTooSmall(prompt: ConfirmPrompt, cols: number, rows: number): boolean {
  const block = confirmBlock(prompt, cols);
  return block !== null && block.length <= tooSmallHeight(rows);
}

/** The notice when a question has no room on the too-small screen. */
export function noRoomToAsk(prompt: ConfirmPrompt): string {
  return `enlarge the terminal to be asked: ${prompt.text}`;
}

/** The lines of the too-small screen, top to bottom: what it is, then the open question or `q quits` and the notice. */
export function tooSmallLines(cols: number, rows: number, confirm: ConfirmPrompt | null, notice: string | null): string[] {
  const height = tooSmallHeight(rows);
  const full = `terminal too small (need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows})`;
  const header = full.length <= cols ? [full] : wrapWords(`too small: ${cols}x${rows}, need ${MIN_COLS}x${MIN_ROWS}`, cols, 2);
  const under = (lines: string[]): string[] => [...header, ...lines].slice(0, height);
  if (confirm) {
    const block = confirmBlock(confirm, cols);
    if (block && block.length <= height) return block.length + header.length <= height ? [...header, ...block] : block;
    return under(wrapWords('enlarge to read the question (y does nothing, other keys cancel)', cols, Math.max(0, height - header.length)));
  }
  return under(['q quits', ...(notice ? wrapWords(notice, cols, Math.max(0, height - header.length - 1)) : [])]);
}

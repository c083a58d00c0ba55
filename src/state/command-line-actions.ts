// The `:` line's state changes: open, close, edit, history and a refusal (the flow in ui/command-line/ decides
// which; these are the only writers of its fields).

import type { TerminalStore } from './store.js';
import { patchUi } from './trading-actions.js';

/** Lines kept for Up / Down. */
const HISTORY_KEPT = 50;
/** Longest line the `:` line holds. */
export const COMMAND_LINE_MAX = 120;

export function openLine(store: TerminalStore): void {
  patchUi(store, { commandLine: '', commandError: null, commandHint: null, commandHistoryAt: null });
}

export function closeLine(store: TerminalStore): void {
  patchUi(store, { commandLine: null, commandError: null, commandHint: null, commandHistoryAt: null });
}

/** The line's text as typed (a refusal clears), with Tab's candidates when several fit. */
export function setLineText(store: TerminalStore, text: string, hint: string | null = null): void {
  patchUi(store, { commandLine: text.slice(0, COMMAND_LINE_MAX), commandError: null, commandHint: hint });
}

/** Up / Down: the line run `at` (null: past the newest, an empty line). */
export function showHistoryLine(store: TerminalStore, text: string, at: number | null): void {
  patchUi(store, { commandLine: text, commandHistoryAt: at, commandError: null, commandHint: null });
}

/** A line run goes into the history (a repeat of the last one is not kept twice). */
export function rememberLine(store: TerminalStore, line: string): void {
  const { commandHistory } = store.getState().tradingUi;
  if (line === '' || commandHistory.at(-1) === line) return;
  patchUi(store, { commandHistory: [...commandHistory, line].slice(-HISTORY_KEPT) });
}

/** Why the line was not run: it stays open with its text so the trader can fix it. */
export function refuseLine(store: TerminalStore, message: string): void {
  patchUi(store, { commandError: message });
}

/** The leverage new orders start from (`:lev X`). */
export function setDefaultLeverage(store: TerminalStore, leverage: string): void {
  patchUi(store, { leverage });
}

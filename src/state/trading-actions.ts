// Screen-side trading state changes: toasts, order entry open/close/edit, review, confirm, the command
// line and the panic chord. Pure store writes; sending goes through TerminalCommands.trading().

import type { TerminalStore } from './store.js';
import type { ConfirmPrompt, ToastTone, TradingUiState } from './trading-slice.js';

export const TOAST_MS = 5_000;
const MAX_TOASTS = 4;
let nextToastId = 1;

function patchUi(store: TerminalStore, patch: Partial<TradingUiState>): void {
  store.setState((s) => ({ tradingUi: { ...s.tradingUi, ...patch } }));
}

/** Adds a toast (newest last), keeping the last few; it hides itself after TOAST_MS. */
export function pushToast(store: TerminalStore, text: string, tone: ToastTone, nowMs: number): void {
  const toast = { id: nextToastId++, text, tone, expiresAtMs: nowMs + TOAST_MS };
  store.setState((s) => ({ tradingUi: { ...s.tradingUi, toasts: [...s.tradingUi.toasts, toast].slice(-MAX_TOASTS) } }));
}

/** Drops expired toasts; returns true when it removed any. */
export function expireToasts(store: TerminalStore, nowMs: number): boolean {
  const { toasts } = store.getState().tradingUi;
  const alive = toasts.filter((t) => t.expiresAtMs > nowMs);
  if (alive.length === toasts.length) return false;
  patchUi(store, { toasts: alive });
  return true;
}

export function setBell(store: TerminalStore, on: boolean): void {
  patchUi(store, { bell: on });
}

export function askConfirm(store: TerminalStore, prompt: ConfirmPrompt | null): void {
  patchUi(store, { confirm: prompt });
}

export { patchUi as patchTradingUi };

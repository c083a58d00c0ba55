// Screen-side trading state changes: toasts, order entry open/close/edit, review, confirm, the command
// line and the panic chord. Pure store writes; sending goes through TerminalServices.trading().

import type { TerminalStore } from './store.js';
import type { AmendReview, ConfirmPrompt, ScaleReview, Toast, ToastTone, TradingSlice, TradingUiState } from './trading-slice.js';

export const TOAST_MS = 5_000;
const MAX_TOASTS = 4;
let nextToastId = 1;

/** Within state/ only: the ui calls the named reducers. */
export function patchUi(store: TerminalStore, patch: Partial<TradingUiState>): void {
  store.setState((s) => ({ tradingUi: { ...s.tradingUi, ...patch } }));
}

/**
 * Adds a toast (newest last), keeping the last few; it hides itself after TOAST_MS. `news` (a fill arriving)
 * is dropped first when there are too many: a burst of fills never pushes out how a request ended (its
 * outcome says what filled, e.g. "partially filled 1.92355 of 5, ...").
 */
export function pushToast(store: TerminalStore, text: string, tone: ToastTone, nowMs: number, opts: { news?: boolean } = {}): void {
  const toast = { id: nextToastId++, text, tone, expiresAtMs: nowMs + TOAST_MS, ...(opts.news ? { news: true } : {}) };
  store.setState((s) => {
    // Expired ones first (they stay in the store until the next expiry sweep), then the oldest news but this one.
    const toasts = [...s.tradingUi.toasts.filter((t) => t.expiresAtMs > nowMs), toast];
    while (toasts.length > MAX_TOASTS) {
      const oldestNews = toasts.findIndex((t, i) => t.news === true && i < toasts.length - 1);
      toasts.splice(oldestNews >= 0 ? oldestNews : 0, 1);
    }
    return { tradingUi: { ...s.tradingUi, toasts } };
  });
}

/** The toasts on screen at `nowMs`, in the order the line shows them: how requests ended first, then fills news, each newest first. */
export function shownToasts(toasts: readonly Toast[], nowMs: number): Toast[] {
  const live = toasts.filter((t) => t.expiresAtMs > nowMs).reverse();
  return [...live.filter((t) => t.news !== true), ...live.filter((t) => t.news === true)];
}

export function setBell(store: TerminalStore, on: boolean): void {
  patchUi(store, { bell: on });
}

export function askConfirm(store: TerminalStore, prompt: ConfirmPrompt | null): void {
  patchUi(store, { confirm: prompt });
}

/** A change of an open order under review: the order entry pane shows it in place of the form (which closes). */
export function showAmendReview(store: TerminalStore, review: AmendReview | null): void {
  patchUi(store, review ? { amend: review, entry: null, reviewing: false } : { amend: null });
}

/** A scaled order under review: the order entry pane shows it in place of the form (which closes). */
export function showScaleReview(store: TerminalStore, review: ScaleReview | null): void {
  patchUi(store, review ? { scale: review, entry: null, amend: null, reviewing: false } : { scale: null });
}

/** The amount last added as collateral in `marketId` (collateral units, as typed): where its next `a` starts. */
export function rememberCollateral(store: TerminalStore, marketId: number, amount: string): void {
  store.setState((s) => ({ tradingUi: { ...s.tradingUi, lastCollateral: { ...s.tradingUi.lastCollateral, [marketId]: amount } } }));
}

/** The first `!` of the chord at `atMs`, or null: disarmed. */
export function setPanicArmed(store: TerminalStore, atMs: number | null): void {
  patchUi(store, { panicArmedAtMs: atMs });
}

/** The read a question was asked in: a `y` from that same read never answers it. */
export function noteAskedInRead(store: TerminalStore, read: number): void {
  patchUi(store, { askedInRead: read });
}

/** A trading side is starting (true) or has started or given up (false): see TradingSlice.starting. */
export function tradingStarting(store: TerminalStore, starting: boolean): void {
  if ((store.getState().trading.starting === true) === starting) return;
  store.setState((s) => ({ trading: { ...s.trading, starting } }));
}

/** The trading session's and engine's copy (app/trading-publisher.ts), one version past the one shown. */
export function publishTrading(store: TerminalStore, trading: Omit<TradingSlice, 'version'>): void {
  store.setState((s) => ({ trading: { ...trading, version: s.trading.version + 1 } }));
}

// Screen furniture a trader lives with all day: the help overlay, pane zoom, the theme in force, price
// alerts and the watchlist's mini prices. Written by workspace-actions.ts and the app's alert watcher.

import type { InputMode, PaneId } from './places.js';

// The detail overlay's subject and scroll (functions in detail-overlay.ts): here, beside the slice it lives in.
export type DetailSubject =
  /** Every Journal line of one request (the raw frames behind them) and its execution report. */
  | { kind: 'journal'; requestKey: string }
  /** The session's execution statistics (`:stats`). */
  | { kind: 'stats' }
  /** The API key in use: where it came from and its public key (`:key`). */
  | { kind: 'key' }
  /** The PnL calendar of one month (`:pnl [month]`, month 1-12). */
  | { kind: 'pnl'; year: number; month: number };

export interface DetailOverlay {
  subject: DetailSubject;
  /** First line shown (j / k, PgUp / PgDn). */
  scroll: number;
}

export interface PriceAlert {
  id: number;
  /** Market symbol as typed (upper-cased), e.g. `BTC`. */
  symbol: string;
  direction: 'above' | 'below';
  /** Threshold as a decimal string, exactly as typed; scaled with the market's decimals when compared. */
  priceText: string;
}

/** Themes the screen knows (ui/shell/theme-palettes.ts holds their colours). */
export const THEME_NAMES = ['dark', 'light', 'colorblind', 'mono'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface WatchQuote {
  symbol: string;
  /** Scaled mark price, null when the feed has not sent one yet. */
  mark: number | null;
  priceDecimals: number;
}

/** Config `[confirm]`: names follow smart-confirm.ts's ConfirmThresholds (leverage in x, window in seconds). */
export interface ConfirmPrefs {
  /** Limit price this far from mark (percent) always stops for a confirm. */
  priceFromMarkPct?: number;
  /** Margin used above this share of equity (percent) always stops for a confirm. */
  marginOfEquityPct?: number;
  /** Leverage above this (e.g. 10 = 10x) always stops for a confirm. */
  leverageAbove?: number;
  /** The same order again within this many seconds stops for a confirm. */
  duplicateWindowSec?: number;
  /** A change (`e`, `:amend`) that makes an order more than this many times its size names it in its confirm (default 2). */
  amendSizeGrowthAbove?: number;
  /** Routine orders skip the review step. */
  skipReview?: boolean;
}

export interface HelpState {
  open: boolean;
  query: string;
  /** Whose keys it lists: the mode it was opened from (order entry, its review) or the panes. */
  from: InputMode;
  /** First row shown (j / k, PgUp / PgDn). */
  scroll: number;
}

export interface WorkspaceState {
  help: HelpState;
  /** The detail page over the top panes (a Journal request's frames, `:stats`, `:key`), or null. */
  detail: DetailOverlay | null;
  /** The pane drawn full screen, or null for the normal layout. */
  zoomed: PaneId | null;
  /** Name of the theme in force (the screen remounts when it changes). */
  theme: ThemeName;
  /** A config file problem (line and key), shown in the footer until Esc. */
  configNotice: string | null;
  /** Every config problem, one line each (line, key, reason, what is used instead): the help overlay lists them all. */
  configProblems: readonly string[];
  alerts: PriceAlert[];
  /** Favourite markets (config `watchlist`), with their latest marks. */
  watchlist: WatchQuote[];
  /** Smart-confirm thresholds and skip-review from the config (absent = the engine's defaults). */
  confirmPrefs: ConfirmPrefs;
  /** The low-bandwidth profile is on (fewer frames, ASCII, slow chart and tape): the status bar says LB. */
  lowBandwidth: boolean;
  /** F12: the perf line in place of the key hints (its meter runs only while it is shown). */
  perfOverlay: boolean;
}

export const INITIAL_WORKSPACE: WorkspaceState = {
  help: { open: false, query: '', from: 'panes', scroll: 0 },
  detail: null,
  zoomed: null,
  theme: 'dark',
  configNotice: null,
  configProblems: [],
  alerts: [],
  watchlist: [],
  confirmPrefs: {},
  lowBandwidth: false,
  perfOverlay: false,
};

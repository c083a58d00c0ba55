// What the screen may ask of the rest of the program. app/ implements it over the market-data session;
// the ui sees only this interface, never the session itself.

import type { TradingCommands } from '../domain/trading/commands.js';
import type { HistoryFeedKind } from './trading-tabs.js';

export interface TerminalCommands {
  selectMarket(marketId: number): void;
  /** Candle resolution in seconds (60, 300, 900, 3600, 14400, 86400, ...). */
  setResolution(seconds: number): void;
  /** Leave the app: stop everything and restore the terminal. */
  quit(): void;
  /** Put text on the user's clipboard (OSC 52 through the app's terminal writer). */
  copyText?(text: string): void;
  /** Trading intents once a key is loaded and the trading client runs; null = market data only. */
  trading?(): TradingCommands | null;
  /** Appends the next REST page of a history list into the store (tabs.history); no-op while loading or done. */
  loadMoreHistory?(kind: HistoryFeedKind): void;
  /** Re-reads the newest REST page of a history list and merges it in front (`r`); reads the first page of a list never read. */
  refreshHistory?(kind: HistoryFeedKind): void;
}

/** Candle resolutions the timeframe keys step through (interface.md 4.1 allowed values). */
export const TIMEFRAMES: readonly { seconds: number; label: string }[] = [
  { seconds: 60, label: '1m' },
  { seconds: 300, label: '5m' },
  { seconds: 900, label: '15m' },
  { seconds: 3600, label: '1h' },
  { seconds: 14400, label: '4h' },
  { seconds: 86400, label: '1d' },
];

export function timeframeLabel(seconds: number): string {
  return TIMEFRAMES.find((t) => t.seconds === seconds)?.label ?? `${seconds}s`;
}

/** The next timeframe in `direction`, clamped at both ends. */
export function stepTimeframe(seconds: number, direction: 1 | -1): number {
  const index = TIMEFRAMES.findIndex((t) => t.seconds === seconds);
  const from = index < 0 ? 0 : index;
  const next = Math.max(0, Math.min(TIMEFRAMES.length - 1, from + direction));
  return TIMEFRAMES[next]?.seconds ?? seconds;
}

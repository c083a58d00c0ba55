// The two sides of the screen's one door to the program (ui/actions/), declared once:
//   TerminalServices: what the program gives it (app/ implements it over the market-data session, the
//     trading client's commands, the clipboard and the history loaders);
//   TerminalActions: what a key binding may ask of it (ui/actions/terminal-actions.ts implements it over
//     TerminalServices). Every effectful request goes through one of its methods, which reports the outcome
//     one way (a toast and the footer notice, and a Journal line for what the engine never saw) and
//     returns it typed.
// A key press is traced in three places: its context's binding and flow (ui/<context>/), TerminalActions, the client.

import type { AlgoControl } from './algos/algo-row.js';
import type { ExportAsk, ExportWritten } from './export-kinds.js';
import type { ChaseSpec } from './algos/chase.js';
import type { ScaleGroup } from './algos/scale.js';
import type { TrailSpec } from './algos/trail.js';
import type { TwapSpec } from './algos/twap.js';
import type { CloseParams, CommandOutcome, PlaceParams, ReplaceOptions, TradingCommands, TriggerSpec } from './trading/commands.js';
import type { KeyStamp } from './trading/execution-report.js';
import type { HistoryFeedKind } from './trading/history-views.js';
import type { SessionLock } from './trading/session-locks.js';

/** What became of a copy: written, written inside tmux (whose settings decide whether it arrives), or refused. */
export type CopyOutcome = 'sent' | 'sent-unconfirmed' | 'too-long';

export interface TerminalServices {
  selectMarket(marketId: number): void;
  /** Candle resolution in seconds (60, 300, 900, 3600, 14400, 86400, ...). */
  setResolution(seconds: number): void;
  /** Leave the app: stop everything and restore the terminal. */
  quit(): void;
  /** Put text on the user's clipboard (OSC 52 through the app's terminal writer). */
  copyText?(text: string): CopyOutcome;
  /** The trading commands once a key is loaded and the trading client runs; null = market data only. */
  trading?(): TradingCommands | null;
  /** The algo runner once trading runs; null = none (market data only, a replay). */
  algos?(): AlgoControl | null;
  /** Appends the next REST page of a history list into the store (tabs.history); no-op while loading or done. */
  loadMoreHistory?(kind: HistoryFeedKind): void;
  /** Fetches the REST page of candles before the oldest held (the chart scrolled back); no-op while one is in flight or none is older. */
  loadOlderCandles?(): void;
  /** Re-reads the newest REST page of a history list and merges it in front (`r`); reads the first page of a list never read. */
  refreshHistory?(kind: HistoryFeedKind): void;
  /** Reads fills, account events and position history and folds them into round trips (state.ledger). */
  loadLedger?(): void;
  /** `:export`: writes the history to a file, telling `onProgress` each page; null = no signed REST client (no key, a replay). */
  exportHistory?(ask: ExportAsk, onProgress: (line: string) => void): Promise<ExportWritten> | null;
  /** `:account NAME`: the trading side swapped for the config's account NAME (market data kept); ok false = refused or read-only, with why. */
  switchAccount?(name: string): Promise<{ ok: boolean; text: string }>;
}

/** How a request ended, as the controller reports it. */
export type ActionResult =
  /** Sent, and the exchange's outcome: `outcome.ok` says whether every request reached a definitive status. */
  | { kind: 'done'; label: string; outcome: CommandOutcome }
  /** Not sent: the session is locked (the typed reasons). */
  | { kind: 'locked'; label: string; locks: SessionLock[] }
  /** Not sent: refused before sending (nothing to close, a value the rules refuse, no trading client). */
  | { kind: 'refused'; label: string; message: string };

/** `key`: the key press that sent it (ui/actions/execution-origin.ts keyStamp); its orders get execution reports. */
export interface TerminalActions {
  /** A new order (order entry and `:buy` / `:sell`, after their review and confirm); its origin rides in `order`. */
  place(order: PlaceParams, label: string): Promise<ActionResult>;
  /** The order the key thread already sent on the review's `y` (issue 35): its outcome, reported as place's; nothing is sent. */
  placeFired(label: string): Promise<ActionResult>;
  /** A change of a resting order (after its review and confirm). */
  amend(orderId: number, change: { price?: number; size?: number }, label: string, key?: KeyStamp): Promise<ActionResult>;
  /** An order group (a scaled order's legs): each leg a place of its own, the outcome said as "N of M legs placed". */
  placeGroup(orders: readonly PlaceParams[], label: string): Promise<ActionResult>;
  /**
   * A scaled order: placeGroup, with the group journaled by the algo runner before its legs leave (so the
   * Algos tab and `perpl algos` list it, after a restart too). Without a runner the legs are placed all the same.
   */
  placeScale(group: ScaleGroup, orders: readonly PlaceParams[], label: string): Promise<ActionResult>;
  cancel(orderId: number, label: string, key?: KeyStamp): Promise<ActionResult>;
  /** The orders of a group cancelled as one: each a cancel of its own, the outcome said as "N of M legs cancelled". */
  cancelGroup(orderIds: readonly number[], label: string, key?: KeyStamp): Promise<ActionResult>;
  cancelAll(marketId: number | undefined, label: string, key?: KeyStamp): Promise<ActionResult>;
  close(positionId: number, opts: CloseParams, label: string, key?: KeyStamp): Promise<ActionResult>;
  addCollateral(positionId: number, amountAtoms: string, label: string): Promise<ActionResult>;
  /** Arms the new TP / SL first, then cancels the old of the same role. */
  replaceProtection(positionId: number, p: { tp?: TriggerSpec; sl?: TriggerSpec }, opts: ReplaceOptions, label: string, key?: KeyStamp): Promise<ActionResult>;
  /** Stop every algo, then cancel everything, then close every position at market. */
  panic(key?: KeyStamp): Promise<ActionResult>;
  /** Starts a TWAP (after its confirm); refused with the runner's words (validateTwapSpec) before anything is sent. */
  startTwap(spec: TwapSpec, label: string): ActionResult;
  /** Starts a trailing stop (after its confirm); refused with the runner's words (validateTrailSpec) before anything is sent. */
  startTrail(spec: TrailSpec, label: string): ActionResult;
  /** Starts a chase limit (after its confirm); refused with the runner's words (validateChaseSpec) before anything is sent. */
  startChase(spec: ChaseSpec, label: string): ActionResult;
  pauseAlgo(id: string): ActionResult;
  resumeAlgo(id: string): ActionResult;
  cancelAlgo(id: string): ActionResult;
  selectMarket(marketId: number, symbol: string): void;
  setResolution(seconds: number): void;
  copyText(text: string): void;
  loadMoreHistory(kind: HistoryFeedKind): void;
  refreshHistory(kind: HistoryFeedKind): void;
  loadLedger(): void;
  loadOlderCandles(): void;
  /** `:export fills ...`: says its progress in the notice and where the file went (or why not) as a toast. */
  exportHistory(ask: ExportAsk): Promise<void>;
  /** `:account NAME`: says the outcome in the notice and a toast (the flow refuses first while a question is open). */
  switchAccount(name: string): Promise<void>;
  /** Leave the app now (the quit flow asks first when requests are in flight or quitting wipes the in-process exchange). */
  quit(): void;
}

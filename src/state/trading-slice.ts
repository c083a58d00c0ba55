// The `trading` store slice: a frame-rate copy of the trading session and order engine (written by
// app/trading-publisher.ts only when their versions move), plus the screen-side state of order entry,
// review, the command line, panic and toasts (written by the trading actions).

import type { ChaseSpec } from '../domain/algos/chase.js';
import type { TrailSpec } from '../domain/algos/trail.js';
import type { TwapSpec } from '../domain/algos/twap.js';
import type { MarkReading } from '../domain/marks.js';
import type { ConnectionView } from '../domain/views.js';
import type { SessionFacts } from '../domain/trading/session-locks.js';
import type { AccountView, FillRowView, JournalEntryView, OrderRowView, PositionRowView } from '../domain/trading/views.js';
import type { Market } from '../protocol/frames.js';
import type { OrderEntryForm } from './order-entry.js';
import type { TabIntent } from './trading-tabs.js';
import type { PlaceParams } from '../domain/trading/commands.js';
import type { ExecutionReport } from '../domain/trading/execution-report.js';
import type { GuardStatusView } from '../domain/guards/guard-status.js';

export interface TradingSlice {
  /** A trading client runs (a key was loaded). False = market data only. */
  enabled: boolean;
  /** Not enabled yet, but a trading side is starting (after the first frame): its locks say so, not "no key". */
  starting?: boolean;
  /** Engine + session version of the last copy; -1 before the first. */
  version: number;
  account: AccountView | null;
  positions: PositionRowView[];
  orders: OrderRowView[];
  /** Newest first. */
  fills: FillRowView[];
  /** Oldest first. */
  journal: JournalEntryView[];
  /** Execution reports of the orders placed from this terminal this session, oldest first. */
  executions: ExecutionReport[];
  /** What the trading session knows about itself (engine lockFacts): the input of sessionLocks. */
  lockFacts: SessionFacts | null;
  /** Its locks' messages as one line, null when orders can be sent (for logs, bots and tests; keys read the typed locks). */
  lockReason: string | null;
  /** Requests sent and not yet definitive. */
  inFlight: number;
  health: ConnectionView | null;
  /** Unix ms when the API key expires, null = never / unknown. */
  keyExpiresAt: number | null;
  /** The context's `max_account_trigger_orders`; absent when not known. */
  maxAccountTriggerOrders?: number;
  /** Markets of the context with their configs (order entry limits, preview). */
  markets: Market[];
  /**
   * Prices of every market with a position or an open order, on screen or not (the market-data session, by
   * the rule of domain/marks.ts): what the review of a change and the TP/SL checks of a market read.
   */
  marketPrices: Record<number, MarketPrices>;
  /** The config's guards and what is left of each (domain/guards/guard-status.ts); absent/null when none is set. */
  guards?: GuardStatusView | null;
}

/** A market's prices now: its mark with its freshness, and its last trade price while the feed is live. */
export interface MarketPrices {
  mark: MarkReading;
  lastTrade: number | null;
}

export type ToastTone = 'info' | 'good' | 'bad';

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  /** Wall-clock ms after which it is no longer shown (the journal keeps it). */
  expiresAtMs: number;
  /** News the trader did not ask for at that moment (a fill arriving): shown after, and dropped before, the outcomes of requests. */
  news?: boolean;
}

/** What answering yes to the confirm does. */
export type ConfirmAction =
  | { kind: 'send-order' }
  | { kind: 'amend' }
  /** A scaled order under review (tradingUi.scale). */
  | { kind: 'scale' }
  | { kind: 'panic' }
  | { kind: 'quit' }
  /** A typed `:close` / `:cancel` line, run as typed. */
  | { kind: 'command'; text: string }
  /** `X` on a scaled order's Algos row (ui/algos/scale-cancel.ts): `y` cancels the open legs of order group `group`. */
  | { kind: 'cancel-scale'; group: string }
  /** A typed `:twap`, exact (ui/algos/twap-flow.ts): `y` starts it. */
  | { kind: 'twap'; spec: TwapSpec }
  /** A typed `:trail` / `:chase`, exact (ui/algos/trail-flow.ts, chase-flow.ts): `y` starts it. */
  | { kind: 'trail'; spec: TrailSpec }
  | { kind: 'chase'; spec: ChaseSpec }
  /** `c` on a ladder row holding several own orders (ui/ladder/flow.ts): `y` cancels each of them. */
  | { kind: 'cancel-orders'; orderIds: readonly number[] }
  /** A request of the trading tabs (close, collateral, TP/SL, cancel, cancel all). */
  | { kind: 'tab'; intent: TabIntent };

/** The one confirm: a question whose default answer is Cancel (only `y` proceeds, anything else cancels). */
export interface ConfirmPrompt {
  /** What the question is about, e.g. "price 12% from mark; send anyway?" */
  text: string;
  action: ConfirmAction;
  /** Where the eye is besides the bottom line: in the order entry pane or the trading tabs' key line. */
  at: 'entry' | 'tabs' | 'bar';
  /** What `y` does, in two or three words ("send anyway"); default "yes". */
  yes?: string;
  /** Why the last key did not answer (it came in one burst with the key that asked), shown after the keys. */
  note?: string;
}

/**
 * A scaled order under review (ui/algos/scale-flow.ts), shown in the order entry pane with its confirm
 * open: every leg as it will be sent and what all of them filled would do. Figures as scaled integers
 * (prices ticks, sizes units; money atoms as decimal strings, so the store stays serialisable).
 */
export interface ScaleReview {
  /** The group id every leg is journaled with. */
  group: string;
  marketId: number;
  side: 'long' | 'short';
  leverage: number;
  postOnly: boolean;
  /** Skew hundredths (last leg over first). */
  skew: number;
  legs: { price: number; size: number }[];
  averagePrice: number;
  notional: string;
  margin: string;
  fee: string;
  liquidation: number | null;
}

/** A change of a resting order under review (order entry pane) with its confirm open. */
export interface AmendReview {
  orderId: number;
  marketId: number;
  /** The order when the review opened: price ticks and open size units (a send refuses if it moved). */
  before: { price: number; size: number };
  /** What the Change sends. */
  change: { price?: number; size?: number };
  /** The order as it would stand after the change: what the review shows and smart confirm judged. */
  after: ReviewedOrder;
  /** Smart confirm's reasons to ask (also in the pane: the bottom line may be too narrow for them). */
  reasons: string[];
}

export interface TradingUiState {
  entry: OrderEntryForm | null;
  /** A change of a resting order under review, or null. */
  amend: AmendReview | null;
  /** A scaled order under review, or null. */
  scale: ScaleReview | null;
  /** The review line is shown (Enter pressed on a valid form). */
  reviewing: boolean;
  /** A confirm whose default answer is Cancel (only `y` proceeds). */
  confirm: ConfirmPrompt | null;
  /** Command line text, null when closed. */
  commandLine: string | null;
  /** Last command line error (shown under the line until the next keystroke). */
  commandError: string | null;
  /** Tab's candidates when several match (shown after the line until the next keystroke). */
  commandHint: string | null;
  /** Wall-clock ms of the first `!`, for the `!!` chord. */
  panicArmedAtMs: number | null;
  /**
   * The keyboard read (one burst of input) whose key opened the confirm or the review on screen: a key of
   * that same read (a paste, `!!y` in one burst) never answers it. Null when no key opened it.
   */
  askedInRead: number | null;
  toasts: Toast[];
  /** Ring the bell on fills and triggers. */
  bell: boolean;
  /** Command lines run before, oldest first (Up / Down on the `:` line). */
  commandHistory: string[];
  /** Position in commandHistory while stepping through it; null when editing a new line. */
  commandHistoryAt: number | null;
  /** Leverage order entry starts with (`:lev`), empty = min(5x, market max). */
  leverage: string;
  /** Orders sent lately, for the duplicate check of smart confirm. */
  recent: { signature: string; atMs: number }[];
  /** The size last sent per market id, as typed ("0.01", "$500", "25%"): order entry starts with it. */
  lastSize: Record<number, string>;
  /** The collateral amount last added to a position this session, per market id ("25", "12.5"): `a` starts with it. */
  lastCollateral: Record<number, string>;
}

export const EMPTY_TRADING: TradingSlice = {
  enabled: false,
  version: -1,
  account: null,
  positions: [],
  orders: [],
  fills: [],
  journal: [],
  executions: [],
  lockFacts: null,
  lockReason: null,
  inFlight: 0,
  health: null,
  keyExpiresAt: null,
  markets: [],
  marketPrices: {},
};

export const INITIAL_TRADING_UI: TradingUiState = {
  entry: null,
  amend: null,
  scale: null,
  reviewing: false,
  confirm: null,
  commandLine: null,
  commandError: null,
  commandHint: null,
  panicArmedAtMs: null,
  askedInRead: null,
  toasts: [],
  bell: true,
  commandHistory: [],
  commandHistoryAt: null,
  leverage: '',
  recent: [],
  lastSize: {},
  lastCollateral: {},
};

/** An order as it would stand after the send: a new order, or a resting one after its change. */
export interface ReviewedOrder extends PlaceParams {
  /** A close order (t 3 / 4): it reduces the position and never opens one. */
  reduceOnly?: boolean;
}

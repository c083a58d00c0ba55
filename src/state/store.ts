// The one zustand store the screen reads. Market-data slices are written by the Publisher at frame
// rate; ui slices (focus, picker, cursor, viewport) by the actions in actions.ts.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  NO_CANDLE_HISTORY,
  type BookView,
  type CandleHistoryView,
  type CandleView,
  type ConnectionView,
  type MarketHeaderView,
  type MarketRef,
  type TradeView,
} from '../domain/views.js';
import { LIVE_CHART, type ChartViewState } from './chart-view.js';
import { NOMINAL_MS_PER_BLOCK } from '../domain/block-time.js';
import { marketDirectoryOf, type MarketDirectory, type MarketListing } from '../domain/market-directory.js';
import { INITIAL_BOOK_DISPLAY, type BookDisplay } from './book-display.js';
import type { PickerSort } from './market-picker.js';
import { INITIAL_WORKSPACE, type WorkspaceState } from './workspace-slice.js';
import type { SnapshotWants } from './snapshot.js';
import type { ThrottleView } from './throttle.js';
import { INITIAL_TRADING_TABS, type TradingTabsState } from './trading-tabs.js';
import { EMPTY_TRADING, INITIAL_TRADING_UI, type TradingSlice, type TradingUiState } from './trading-slice.js';

import type { PaneId } from './places.js';
import type { AlgoRow } from '../domain/algos/algo-row.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import { INITIAL_LEDGER, type LedgerState } from './ledger.js';
import { CLOSED_LADDER, type LadderState } from './ladder-slice.js';
import { NO_PRICE_VOLUME, type PriceVolumeView } from '../domain/price-volume.js';

export type { PaneId } from './places.js';
export const PANE_ORDER: readonly PaneId[] = ['book', 'chart', 'trades', 'trading'];

/** What the loaded API key may do; `none` when no key is configured (market data only). */
export type KeyScope = 'none' | 'read' | 'trade';

/** The API key the trading side signs with: where it came from (home-shortened path, or the env variables) and its public key. Never a secret. */
export interface KeyInUse {
  source: string;
  publicKeyHex: string;
}

/** An account of the config, as the header and the account panel name it. */
export interface NamedAccount {
  name: string;
  label?: string;
}

export interface NetworkBadge {
  /** `local`, `testnet`, `mainnet` or `custom`. */
  name: string;
  chainId: number;
  isMainnet: boolean;
  /** The local exchange runs inside this terminal: quitting stops it and wipes its orders and positions. */
  inProcess?: boolean;
}

export type { MarketListing } from '../domain/market-directory.js';

export interface BookCursor {
  side: 'ask' | 'bid';
  /** 0 = best level of that side. */
  level: number;
}

export interface PickerState {
  open: boolean;
  query: string;
  /** Index into the picker's list (market-picker.ts), used when `selectedId` is not in it. */
  selected: number;
  /** The chosen market: the choice stays on it while a live sort moves the rows. */
  selectedId?: number | null;
  /** Sort column and direction (watchlist markets always come first). */
  sort?: PickerSort;
}

export interface Viewport {
  cols: number;
  rows: number;
  tooSmall: boolean;
}

/**
 * When a notice stops being true: orders were disabled (on `marketId` for a new order, else for any
 * request); or it was about the question on screen (the confirm or the review asked in read `askedInRead`),
 * which has gone.
 */
export type NoticeLapse =
  | { kind: 'orders-enabled'; marketId: number | null }
  | { kind: 'question-gone'; question: 'confirm' | 'review'; askedInRead: number | null };

export interface TerminalState {
  /** `version` of the last snapshot written; -1 before the first. */
  dataVersion: number;
  /** Number of publisher writes so far (diagnostics, and what tests count). */
  publishes: number;
  /** Wall-clock ms of the last publisher write; countdowns in the view run on from here. */
  publishedAtMs: number;
  connection: ConnectionView;
  market: MarketRef | null;
  header: MarketHeaderView | null;
  book: BookView | null;
  trades: TradeView[];
  /** Volume per price over the last minutes, while the ladder asks for it (wants.priceVolume). */
  priceVolume: PriceVolumeView;
  candles: CandleView[];
  /** How far the held candles reach, and whether an older page is loading (the chart's scroll-back). */
  candleHistory: CandleHistoryView;
  /** Candle resolution in seconds. */
  resolution: number;
  headBlock: number | null;
  /** The block time the client measured (ms): blocks are said with the time they take. */
  msPerBlock: number;
  /** The chart's scroll position and cursor (state/chart-view.ts). */
  chart: ChartViewState;

  network: NetworkBadge | null;
  keyScope: KeyScope;
  /** The key trading loaded (`:key`, the account box, the help), null while none is. */
  keyInUse: KeyInUse | null;
  /** The config's account trading runs on (`[accounts.NAME]`, `:account`), null when none is named. */
  account: NamedAccount | null;
  /** Every market of the context, for the picker. */
  markets: MarketListing[];
  /** Every market's header figures (last, 24 h change and volume, OI, funding) for the picker; [] before the feed has any. */
  marketStats: readonly MarketHeaderView[];

  focus: PaneId;
  picker: PickerState;
  bookCursor: BookCursor | null;
  /** The book pane's price grouping and scroll (state/book-display.ts). */
  bookDisplay: BookDisplay;
  /** The DOM ladder in the book's place (state/ladder.ts). */
  ladder: LadderState;
  viewport: Viewport;
  /** How much the current layout can show; the publisher asks the source for this much. */
  wants: SnapshotWants;
  /** A one-line notice for the footer (e.g. "market ETH selected"), null when none. */
  notice: string | null;
  /** A notice that says why orders are disabled stops showing once they are not (state/notice.ts). */
  noticeLapse: NoticeLapse | null;
  /**
   * The notice on screen said again by later keys, `times` in a row (state/notice.ts): the footer counts
   * them, so a key refused for the reason already shown is seen to be read. Applies while `notice` is its text.
   */
  noticeAgain: { notice: string; times: number } | null;
  /** Bottom trading tabs: tab, selections, history pages, inline prompt (state/trading-tabs.ts). */
  tabs: TradingTabsState;
  /** Trading session/engine copy (app/trading-publisher.ts). */
  trading: TradingSlice;
  /** Order entry, review, confirm, command line, toasts (state/trading-actions.ts). */
  tradingUi: TradingUiState;
  /** Help overlay, zoom, theme, alerts, watchlist (state/workspace-actions.ts). */
  workspace: WorkspaceState;
  /** Requests held back by the client's rate limits or a 429 back-off; null when none (app/throttle-wiring.ts). */
  throttle: ThrottleView | null;
  /** Frames that failed to decode and were skipped, per socket, since start (status bar; the log says which). */
  badFrames: BadFrameCounts;
  /** Set while `perpl replay` plays a recording: the header then says replay, never live (app/run-replay.ts). */
  replay: ReplayView | null;
  /** The algo runner's algos (state/algo-actions.ts, from app/algo-wiring.ts). */
  algos: readonly AlgoRow[];
  /** The algos' own lines for the Journal tab, oldest first, sanitized and bounded (state/algo-actions.ts publishAlgoLines). */
  algoLines: readonly JournalEntryView[];
  /** The trader's ledger: round trips with net PnL (state/ledger.ts, from app/ledger-feed.ts). */
  ledger: LedgerState;
}

export interface ReplayView {
  state: 'playing' | 'paused' | 'ended';
}

export interface BadFrameCounts {
  marketData: number;
  trading: number;
  /** Markets of the context past the decoder's cap, dropped unread. */
  context: number;
}

export type TerminalStore = StoreApi<TerminalState>;

export const INITIAL_CONNECTION: ConnectionView = {
  health: 'connecting',
  lastDataAt: null,
  headBlock: null,
  roundTrip: null,
  retryInMs: null,
  reason: null,
};

export function initialTerminalState(overrides: Partial<TerminalState> = {}): TerminalState {
  return {
    dataVersion: -1,
    publishes: 0,
    publishedAtMs: 0,
    connection: INITIAL_CONNECTION,
    market: null,
    header: null,
    book: null,
    trades: [],
    priceVolume: NO_PRICE_VOLUME,
    candles: [],
    candleHistory: NO_CANDLE_HISTORY,
    resolution: 60,
    headBlock: null,
    msPerBlock: NOMINAL_MS_PER_BLOCK,
    chart: LIVE_CHART,
    network: null,
    keyScope: 'none',
    keyInUse: null,
    account: null,
    markets: [],
    marketStats: [],
    focus: 'book',
    picker: { open: false, query: '', selected: 0 },
    bookCursor: null,
    bookDisplay: INITIAL_BOOK_DISPLAY,
    ladder: CLOSED_LADDER,
    viewport: { cols: 80, rows: 24, tooSmall: false },
    wants: { depth: 10, trades: 20, candles: 60 },
    notice: null,
    noticeLapse: null,
    noticeAgain: null,
    tabs: INITIAL_TRADING_TABS,
    trading: EMPTY_TRADING,
    tradingUi: INITIAL_TRADING_UI,
    workspace: INITIAL_WORKSPACE,
    throttle: null,
    badFrames: { marketData: 0, trading: 0, context: 0 },
    replay: null,
    algos: [],
    algoLines: [],
    ledger: INITIAL_LEDGER,
    ...overrides,
  };
}

export function createTerminalStore(overrides: Partial<TerminalState> = {}): TerminalStore {
  return createStore<TerminalState>()(() => initialTerminalState(overrides));
}

/** The markets of the context (listings and, once trading runs, their configs), looked up one way. */
export function marketsOf(state: TerminalState): MarketDirectory {
  return marketDirectoryOf(state.markets, state.trading.markets);
}

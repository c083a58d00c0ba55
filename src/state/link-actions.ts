// What the program's wiring (app/) tells the screen about its link to the exchange: which network, the
// key in force, the markets listed, the context's retries, skipped frames, the throttle and a replay's
// state. Named writes of the store, so that only state/ writes it (eslint.config.js store-writer rule).

import type { ThrottleView } from './throttle.js';
import type { BadFrameCounts, KeyInUse, KeyScope, MarketListing, NamedAccount, NetworkBadge, ReplayView, TerminalStore } from './store.js';
import { INITIAL_LEDGER } from './ledger.js';
import { EMPTY_TRADING } from './trading-slice.js';
import { INITIAL_TRADING_TABS } from './trading-tabs.js';

/** The exchange is known: its badge in the header, and the start-up notice gone. */
export function exchangeChosen(store: TerminalStore, network: NetworkBadge): void {
  store.setState({ network, notice: null, noticeLapse: null });
}

/** A recording plays: its badge (never the live exchange's), and no key of the trader's in force. */
export function replayChosen(store: TerminalStore, network: NetworkBadge): void {
  store.setState({ network, keyScope: 'none' });
}

export function setReplayView(store: TerminalStore, replay: ReplayView): void {
  store.setState({ replay });
}

/** The context could not be loaded: disconnected, retrying in `retryInMs`, and why. */
export function contextLoadFailed(store: TerminalStore, retryInMs: number, reason: string, nowMs: number): void {
  store.setState((s) => ({
    connection: { ...s.connection, health: 'disconnected', retryInMs, reason },
    publishedAtMs: nowMs,
    notice: `no context: ${reason}`,
    noticeLapse: null,
  }));
}

/** The markets of the context, for the picker, with what start-up has to say about them (null: nothing). */
export function marketsListed(store: TerminalStore, markets: MarketListing[], notice: string | null): void {
  store.setState({ markets, notice, noticeLapse: null });
}

/** Frames (or context markets) skipped by `source` since start. */
export function countBadFrames(store: TerminalStore, source: keyof BadFrameCounts, count: number): void {
  store.setState((s) => ({ badFrames: { ...s.badFrames, [source]: count } }));
}

/** No key in force (read-only), with why when there is something to say. */
export function tradingKeyless(store: TerminalStore, notice: string | null = null): void {
  store.setState({ keyScope: 'none', ...(notice !== null ? { notice, noticeLapse: null } : {}) });
}

/** The key trading signs with, and what it may do. */
export function tradingKeyInUse(store: TerminalStore, keyScope: KeyScope, keyInUse: KeyInUse): void {
  store.setState({ keyScope, keyInUse });
}

/** The config's account trading starts on (`--account NAME`); null when none is named. */
export function accountNamed(store: TerminalStore, account: NamedAccount | null): void {
  store.setState({ account });
}

/**
 * A switch to another account: nothing of the last one stays on screen (its orders, positions, journal,
 * algos, ledger and history pages) until the new account's trading side publishes its own. The market
 * data, the workspace and the tab the trader is on are kept. A question asked about the last account
 * (the review, a confirm such as panic's, an amend or scale review) is withdrawn: its `y` must never act
 * on the next account; the order form stays, to be reviewed again against the new one.
 */
export function accountSwitched(store: TerminalStore, account: NamedAccount): void {
  store.setState((s) => ({
    tradingUi: { ...s.tradingUi, reviewing: false, confirm: null, amend: null, scale: null, askedInRead: null },
    account,
    keyScope: 'none',
    keyInUse: null,
    trading: EMPTY_TRADING,
    algos: [],
    algoLines: [],
    ledger: INITIAL_LEDGER,
    tabs: { ...s.tabs, selected: INITIAL_TRADING_TABS.selected, prompt: null, history: INITIAL_TRADING_TABS.history },
  }));
}

/** Requests held back by the client's rate limits (status bar "throttled 2s"); null when none wait. */
export function setThrottle(store: TerminalStore, throttle: ThrottleView | null): void {
  store.setState({ throttle });
}

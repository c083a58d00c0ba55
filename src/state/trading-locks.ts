// The typed locks of the screen's requests, from the store's copy of the session's facts (the same pure
// sessionLocks the order engine applies before it sends). The footer, the forms and the flows read these;
// none of them looks at a message's words.

import { sessionLocks, type SessionFacts, type SessionLock } from '../domain/trading/session-locks.js';
import { marketsOf, type TerminalState } from './store.js';
import { marketLabel } from '../domain/market-label.js';

/** A trading side that has not published yet: nothing is known, so nothing may go. */
const NOT_YET: SessionFacts = { canTrade: false, socketOpen: false, feedHealth: 'connecting', account: null };

function facts(state: TerminalState): SessionFacts | null {
  if (!state.trading.enabled) return null;
  const f = state.trading.lockFacts ?? NOT_YET;
  // The key's scope as loaded is the screen's own fact too (a read key never trades, whatever the session says).
  return state.keyScope === 'trade' || f.readOnly ? f : { ...f, canTrade: false };
}

/** Locks of requests that only need the trading session: cancels, closes, TP/SL, collateral, panic. */
export function tradingLocks(state: TerminalState): SessionLock[] {
  return sessionLocks({ session: facts(state), starting: startingOf(state) });
}

/** A trading side on its way (read only while there is none: facts are then null). */
const startingOf = (state: TerminalState): boolean => state.trading.starting === true;

/** Locks of a new order (or a change) decided on the screen: also a live market-data feed and, with `market`, an open market. */
export function newOrderLocks(state: TerminalState, marketId: number | null = state.market?.id ?? null, checkMarket = true): SessionLock[] {
  const market = checkMarket && marketId !== null ? marketsOf(state).configOf(marketId) : undefined;
  return sessionLocks({
    session: facts(state),
    starting: startingOf(state),
    newOrder: { marketFeed: state.connection.health, market: market ? { symbol: marketLabel(market), isOpen: market.config.is_open } : undefined },
  });
}

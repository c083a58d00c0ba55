// Why the order keys are off right now, in a few words for the footer (lazygit style: the keys stay
// listed, dimmed, with the reason). The full reason is the notice a press gives and the entry's lock line.

import { currentMarket, disabledReason } from '../../state/order-entry-actions.js';
import type { TerminalState } from '../../state/store.js';
import type { Action } from '../keymap.js';

const SHORT: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/no API key loaded/, () => 'no key'],
  [/^replay: read-only/, () => 'replay'],
  [/read-only/, () => 'read-only key'],
  [/^key refused/, () => 'key refused'],
  [/not connected/, () => 'disconnected'],
  [/feed is (\w+)/, (m) => `feed ${m[1] ?? 'down'}`],
  [/no exchange account/, () => 'no account'],
  [/fw=false/, () => 'fw=false'],
  [/frozen/, () => 'account frozen'],
  [/market \S+ is closed/, () => 'market closed'],
  [/journal/, () => 'journal error'],
];

/** The first problem of a (possibly `; `-joined) reason, in a few words. */
export function shortReason(reason: string): string {
  const first = reason.split('; ')[0] ?? reason;
  for (const [pattern, short] of SHORT) {
    const m = pattern.exec(first);
    if (m) return short(m);
  }
  return first.length <= 24 ? first : `${first.slice(0, 23)}…`;
}

/** Cancels, closes and panic: off only when the trading session cannot send at all. */
export function sessionKeysOff(state: TerminalState): string | null {
  const reason = disabledReason(state);
  return reason === null ? null : shortReason(reason);
}

/** New orders (b / s) also need a live market-data feed and an open market (as order entry checks). */
export function newOrderKeysOff(state: TerminalState): string | null {
  const session = sessionKeysOff(state);
  if (session !== null) return session;
  const feed = state.connection.health;
  if (feed !== 'live') return `feed ${feed}`;
  const market = currentMarket(state);
  return market && !market.config.is_open ? 'market closed' : null;
}

const NEW_ORDER: ReadonlySet<Action> = new Set<Action>(['buy', 'sell']);
const SESSION: ReadonlySet<Action> = new Set<Action>([
  'panic', 'cancelOrder', 'cancelMarketOrders', 'cancelAllOrders', 'amendOrder', 'closePosition', 'addCollateral', 'editTpsl',
]);

/** The short reason an action is off, given the two reasons above; null when it works (or is no order key). */
export function orderKeyOff(action: Action, newOrders: string | null, session: string | null): string | null {
  if (NEW_ORDER.has(action)) return newOrders;
  return SESSION.has(action) ? session : null;
}

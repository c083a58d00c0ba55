// Why orders cannot be sent right now, as typed reasons: a code the footer and the form branch on, the
// whole message (with what to do) and a few words for the footer's "(off: …)". One pure function: the
// order engine reads it before sending, the store's copy of the same facts feeds the footer and the form,
// so a reason is never built as English and parsed back.

import { OrderType } from '../../protocol/enums.js';
import type { ConnectionHealth } from '../views.js';
import { keyRefusedMessage } from './key-refused.js';

export type LockCode =
  /** No trading key loaded: market data only. */
  | 'no-key'
  /** The trading side is on its way (it starts after the first frame): not yet signed in. */
  | 'starting'
  /** The key has no trade scope (or the session is a replay). */
  | 'read-only'
  /** The exchange refused the key (close 3401) and no sign-in succeeded since. */
  | 'key-refused'
  | 'socket-down'
  /** The trading socket is open but its state is not live (stale, resyncing). */
  | 'feed-stale'
  | 'no-account'
  | 'forwarding-off'
  | 'frozen'
  /** The order journal cannot be written: a crash could lose track of an order. */
  | 'journal'
  /** Too many requests already wait for the trading rate budget (new risk only). */
  | 'throttled'
  /** The market-data feed a new order is decided on is not live. */
  | 'market-feed'
  | 'market-closed';

export interface SessionLock {
  code: LockCode;
  /** The whole reason, with what to do where there is something to do. */
  message: string;
  /** A few words for the footer (`off: read-only key`). */
  label: string;
}

/** What the trading session knows about itself: the engine reads it live, the store holds a copy. */
export interface SessionFacts {
  canTrade: boolean;
  /** Why the key cannot trade when it is not for lack of scope (a replay); shown instead of the scope message. */
  readOnly?: { message: string; label: string };
  keyRefused?: string;
  socketOpen: boolean;
  feedHealth: ConnectionHealth;
  account: { fw: boolean; frozen: boolean } | null;
  journalError?: string | null;
}

export interface SessionLockContext {
  /** The trading session's facts; null when no trading key is loaded (market data only). */
  session: SessionFacts | null;
  /** With no session: one is starting (its key loads after the first frame), so it is not "no key". */
  starting?: boolean;
  /**
   * What is about to be sent. `reduce` (cancels, closes, TP/SL triggers) is never throttled; `risk` (new
   * orders, changes, collateral) is once `queuedRequests` reach MAX_QUEUED_REQUESTS.
   */
  request?: { kind: 'reduce' | 'risk'; queuedRequests: number };
  /** A new order from the screen: the market-data feed it is decided on and its market. */
  newOrder?: { marketFeed: ConnectionHealth; market: { symbol: string; isOpen: boolean } | undefined };
}

/**
 * Past this many requests waiting for the trading rate budget (about 5 s of waiting at the live refill of
 * ~1.8 a second), new orders are refused instead of queued: an order that leaves a minute after the key
 * press trades on a market the trader no longer sees. Cancels and closes (triggers included) still queue:
 * they only reduce risk, and panic needs them.
 */
export const MAX_QUEUED_REQUESTS = 8;

export const NO_KEY_LOCK: SessionLock = { code: 'no-key', message: 'read-only: no API key loaded', label: 'no key' };
export const STARTING_LOCK: SessionLock = { code: 'starting', message: 'trading is starting: its key signs in just after the first screen; try again in a moment', label: 'starting' };
const READ_ONLY: SessionLock = { code: 'read-only', message: 'the API key is read-only (no trade scope)', label: 'read-only key' };

function readOnlyLock(s: SessionFacts): SessionLock {
  return s.readOnly ? { code: 'read-only', ...s.readOnly } : READ_ONLY;
}

function sessionOnly(s: SessionFacts): SessionLock[] {
  const out: SessionLock[] = [];
  if (s.keyRefused !== undefined) {
    // Nothing else is known until the key signs in: not the connection, not the account.
    out.push({ code: 'key-refused', message: keyRefusedMessage(s.keyRefused), label: 'key refused' });
    if (!s.canTrade) out.push(readOnlyLock(s));
    return out;
  }
  if (!s.socketOpen) out.push({ code: 'socket-down', message: 'the trading socket is not connected', label: 'disconnected' });
  else if (s.feedHealth !== 'live') {
    out.push({ code: 'feed-stale', message: `the feed is ${s.feedHealth}: orders are locked until it is live`, label: `feed ${s.feedHealth}` });
  }
  if (s.account === null) out.push({ code: 'no-account', message: 'no exchange account for this key', label: 'no account' });
  else {
    if (!s.account.fw) out.push({ code: 'forwarding-off', message: 'order forwarding is off (fw=false): enable One-Click Trading', label: 'fw=false' });
    if (s.account.frozen) out.push({ code: 'frozen', message: 'the account is frozen', label: 'account frozen' });
  }
  if (!s.canTrade) out.push(readOnlyLock(s));
  if (s.journalError) out.push({ code: 'journal', message: s.journalError, label: 'journal error' });
  return out;
}

/** Every reason the request described by `ctx` cannot be sent now, most fundamental first; empty = it can. */
export function sessionLocks(ctx: SessionLockContext): SessionLock[] {
  if (ctx.session === null) return [ctx.starting ? STARTING_LOCK : NO_KEY_LOCK];
  const out = sessionOnly(ctx.session);
  const queued = ctx.request?.queuedRequests ?? 0;
  if (ctx.request?.kind === 'risk' && queued >= MAX_QUEUED_REQUESTS) {
    out.push({ code: 'throttled', message: `throttled: ${queued} requests already wait for the trading rate limit; try again in a few seconds`, label: 'throttled' });
  }
  const order = ctx.newOrder;
  if (order) {
    // The book, mark and preview the trader decides on would be stale.
    if (order.marketFeed !== 'live') out.push({ code: 'market-feed', message: `the market data feed is ${order.marketFeed}`, label: `feed ${order.marketFeed}` });
    if (order.market && !order.market.isOpen) out.push({ code: 'market-closed', message: `the market ${order.market.symbol} is closed`, label: 'market closed' });
  }
  return out;
}

/** The locks as one line (the engine's lockReason, for logs and bots): their messages joined. */
export function describeLocks(locks: readonly SessionLock[]): string | null {
  return locks.length === 0 ? null : locks.map((l) => l.message).join('; ');
}

/** Cancels and closes (TP/SL triggers too) only reduce risk; every other request adds some. */
export function requestKindOf(orderType: number): 'reduce' | 'risk' {
  return orderType === OrderType.Cancel || orderType === OrderType.CloseLong || orderType === OrderType.CloseShort ? 'reduce' : 'risk';
}

// Accounts: creation, deposits, and publishing what happened to an account (socket output + REST history).
// Internal flow accounts are tracked for money but produce no output and keep no history.

import { AccountEventType } from '../../protocol/enums.js';
import type { AccountEvent, Fill, Position } from '../../protocol/frames.js';
import type { EngineCore } from './core.js';
import type { AccountRecord, OrderRecord, PositionRecord } from './records.js';
import { orderToWire, positionToWire, type PositionRowExtras } from './wire.js';

/** Per-account history is bounded so a long-running session cannot grow without limit. */
const MAX_HISTORY = 20_000;
export const FIRST_USER_ACCOUNT_ID = 1001;

/** Appends, trimming the oldest quarter at a time so a full history does not cost O(n) per row. */
function pushBounded<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_HISTORY + MAX_HISTORY / 4) list.splice(0, list.length - MAX_HISTORY);
}

export function newAccount(core: EngineCore, id: number, address: string, internal: boolean, fw: boolean): AccountRecord {
  const account: AccountRecord = {
    id,
    address: address.toLowerCase(),
    internal,
    fw,
    ft: 0,
    lfr: 0,
    balance: 0n,
    locked: 0n,
    executed: [],
    outcomes: new Map(),
    positions: new Map(),
    openOrders: new Map(),
    stats: { deposits: 0n, withdrawals: 0n, volume: 0n, fees: 0n, realizedPnl: 0n, closes: 0, wins: 0 },
    history: { fills: [], orders: [], positions: [], events: [] },
  };
  core.accounts.set(id, account);
  const owned = core.wallets.get(account.address) ?? [];
  owned.push(id);
  core.wallets.set(account.address, owned);
  return account;
}

/** Credits a deposit: new money enters the system (counted in `deposits` for conservation checks). */
export function deposit(core: EngineCore, account: AccountRecord, amount: bigint): void {
  if (amount <= 0n) throw new RangeError('deposit amount must be positive');
  account.balance += amount;
  account.stats.deposits += amount;
  core.protocol.deposits += amount;
  recordEvent(core, account, { et: AccountEventType.Deposit, a: amount, f: 0n });
  core.out.statsChanged(account.id);
}

type EventLink = 'm' | 'r' | 'o' | 'p';

/**
 * The optional fields each event type carries, as live sends them (captures, wire.md 8.3/8.4): a settlement
 * names the market, request and order (no position); a collateral increase the market and position (no
 * request: the top-up is matched to its request by position and amount). Funding and liquidation events
 * were not captured: they name the market and position here. A deposit names nothing.
 */
const EVENT_LINKS: ReadonlyMap<number, readonly EventLink[]> = new Map([
  [AccountEventType.Settlement, ['m', 'r', 'o']],
  [AccountEventType.IncreasePositionCollateral, ['m', 'p']],
  [AccountEventType.Funding, ['m', 'p']],
  [AccountEventType.Liquidation, ['m', 'p']],
]);

export function recordEvent(
  core: EngineCore,
  account: AccountRecord,
  e: { et: number; a: bigint; f: bigint; m?: number; r?: number; o?: number; p?: number },
): void {
  core.out.accountChanged(account.id);
  if (account.internal) return;
  const row: AccountEvent = {
    at: core.logStamp(),
    in: core.instanceId,
    id: account.id,
    et: e.et,
    a: e.a.toString(),
    b: account.balance.toString(),
    lb: account.locked.toString(),
    f: e.f.toString(),
    bfa: '0',
  };
  const links = EVENT_LINKS.get(e.et) ?? [];
  if (links.includes('m') && e.m !== undefined) row.m = e.m;
  if (links.includes('r') && e.r !== undefined && e.r > 0) row.r = e.r;
  if (links.includes('o') && e.o !== undefined && e.o > 0) row.o = e.o;
  if (links.includes('p') && e.p !== undefined && e.p > 0) row.p = e.p;
  core.out.event(account.id, row);
  // History keeps its own copies: the server may decorate the rows it sends.
  pushBounded(account.history.events, { ...row });
}

/** Publishes the order's current state (one mt 24 row and one order-history row). */
export function publishOrder(core: EngineCore, order: OrderRecord): void {
  if (order.internal) return;
  const account = core.accounts.get(order.acc);
  if (!account) return;
  const row = orderToWire(order, core.logStamp(), core.market(order.mkt).scale);
  core.out.order(account.id, row);
  const hist = { ...row, c: {} };
  delete hist.r;
  pushBounded(account.history.orders, hist);
}

export function publishFill(core: EngineCore, account: AccountRecord, fill: Omit<Fill, 'at' | 'acc'>): void {
  if (account.internal) return;
  const row: Fill = { at: core.logStamp(), acc: account.id, ...fill };
  core.out.fill(account.id, row);
  pushBounded(account.history.fills, { ...row });
}

export function publishPosition(core: EngineCore, pos: PositionRecord, extras: PositionRowExtras): void {
  const account = core.accounts.get(pos.acc);
  if (!account || account.internal) return;
  const row: Position = positionToWire(pos, core.logStamp(), core.market(pos.mkt).scale, extras);
  core.out.position(account.id, row);
  // Position history is per event (wire.md 11: fold by pid): the event row, with this event's deltas.
  pushBounded(account.history.positions, { ...(row.e?.[0] ?? row) });
}

/** Changes the locked balance (resting opens reserve collateral); marks the account for an mt 21. */
export function adjustLocked(core: EngineCore, account: AccountRecord, delta: bigint): void {
  account.locked += delta;
  if (account.locked < 0n) account.locked = 0n;
  core.out.accountChanged(account.id);
}

// The account's live trading state as the trading socket reports it. Snapshots (19/23/26) REPLACE;
// updates (20/21/24/25/27/28) apply on top. Late or duplicated updates (a lost-and-resent or duplicated frame)
// must not resurrect an order or position that a newer frame already changed: rows are ordered by
// their block/tx/log timestamp per id, and exact duplicates are skipped.

import { atomsOrZero } from '../../protocol/scaling.js';
import { AccountEventType, MessageType, OrderStatus, PositionStatus } from '../../protocol/enums.js';
import type {
  Account,
  AccountEvent,
  AccountStats,
  AccountStatsFrame,
  AccountUpdateFrame,
  BlockTxLogTimestamp,
  Fill,
  FillsFrame,
  Order,
  OrdersFrame,
  Position,
  PositionsFrame,
  WalletSnapshotFrame,
  WalletUpdateFrame,
} from '../../protocol/frames.js';

/** The trading socket's update frames (mt 20, 21, 24, 25, 27, 28): applied on top of the snapshots. */
export type TradingUpdateFrame = WalletUpdateFrame | AccountUpdateFrame | AccountStatsFrame | OrdersFrame | FillsFrame | PositionsFrame;

const UPDATE_TYPES: ReadonlySet<number> = new Set([
  MessageType.WalletUpdate,
  MessageType.AccountUpdate,
  MessageType.AccountStatsUpdate,
  MessageType.OrdersUpdate,
  MessageType.FillsUpdate,
  MessageType.PositionsUpdate,
]);

/** An update frame that applyUpdate takes (not a snapshot that shares its frame type, as 23 with 24). */
export function isTradingUpdate(frame: { mt: number }): frame is TradingUpdateFrame {
  return UPDATE_TYPES.has(frame.mt);
}

export const DEFAULT_MAX_FILLS = 500;

/** One account event's identity: where it was logged, what it moved and where. */
function creditKey(e: AccountEvent): string {
  return `${e.at.b ?? ''}:${e.at.tx ?? ''}:${e.at.l ?? ''}:${e.p ?? ''}:${e.a}:${e.r ?? ''}`;
}
const MAX_CREDITS = 64;

type Stamp = readonly [number, number, number];

function stampOf(at: BlockTxLogTimestamp | undefined): Stamp | null {
  if (at?.b === undefined) return null;
  return [at.b, at.tx ?? 0, at.l ?? 0];
}
function isOlder(a: Stamp, b: Stamp): boolean {
  for (let i = 0; i < 3; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}

/** Remembers the newest stamp per id and the fingerprints of recently applied rows. */
class RowOrdering {
  private readonly newest = new Map<number, Stamp>();
  private readonly seen = new Set<string>();
  private readonly seenOrder: string[] = [];
  constructor(private readonly memory = 4096) {}

  reset(): void {
    this.newest.clear();
    this.seen.clear();
    this.seenOrder.length = 0;
  }

  /** True when the row is new enough to apply (and records it). */
  admit(id: number, at: BlockTxLogTimestamp | undefined, row: unknown): boolean {
    const fingerprint = `${id}:${JSON.stringify(row)}`;
    if (this.seen.has(fingerprint)) return false;
    const stamp = stampOf(at);
    const last = this.newest.get(id);
    if (stamp && last && isOlder(stamp, last)) return false;
    if (stamp) this.newest.set(id, stamp);
    this.seen.add(fingerprint);
    this.seenOrder.push(fingerprint);
    if (this.seenOrder.length > this.memory) this.seen.delete(this.seenOrder.shift()!);
    return true;
  }
}

/** Statuses no order rests in: filled, cancelled, expired, failed, executed. */
const ENDED: ReadonlySet<number> = new Set([OrderStatus.Filled, OrderStatus.Canceled, OrderStatus.Expired, OrderStatus.Failed, OrderStatus.Executed]);

/**
 * The row takes its order out of the open-orders view: `r`, or a status it cannot rest in (live's report of
 * a collateral top-up, st 7 sr 32 blocks after the credit, is no open order whether or not it says `r`).
 */
function leavesOpenOrders(o: Order): boolean {
  return o.r === true || ENDED.has(o.st);
}

/** Identity of a fill: order, log position, size and price (fills carry no id of their own). */
export function fillKey(f: Fill): string {
  return `${f.oid}:${f.at.b ?? ''}:${f.at.tx ?? ''}:${f.at.l ?? ''}:${f.s}:${f.p ?? ''}`;
}

/**
 * Funding one update realized: live carries it on the update's event rows (`e[].fnd`) and leaves the
 * state row's `fnd` at "0" (wire.md 8.8); a row without events counts its own `fnd`.
 */
function fundingOfUpdate(update: Position): bigint {
  if (update.e && update.e.length > 0) return update.e.reduce((sum, e) => sum + atomsOrZero(e.fnd), 0n);
  return atomsOrZero(update.fnd);
}

/**
 * The open position keeps in `fnd` the funding realized since the snapshot (whose own `fnd` live sends
 * as "0"): "funding paid" on screen, negative = paid. history/fold-positions.ts sums the same event rows.
 */
function withFundingSoFar(update: Position, before: Position | undefined): Position {
  const sum = (before ? atomsOrZero(before.fnd) : 0n) + fundingOfUpdate(update);
  return { ...update, fnd: sum.toString() };
}

/**
 * A snapshot row of a position already held: live sends `fnd` "0" on snapshots even after funding was paid
 * (wire.md 15.5), so a "0" or absent `fnd` keeps the funding folded so far; a figure the exchange does send wins.
 */
function withFundingKept(row: Position, before: Position | undefined): Position {
  if (!before || atomsOrZero(row.fnd) !== 0n) return row;
  return { ...row, fnd: before.fnd ?? '0' };
}

/** Position events of one order in one transaction: what a fill of it did (fill-effect.ts pairs them). */
export function fillEventKey(oid: number, at: BlockTxLogTimestamp): string {
  return `${oid}:${at.b ?? ''}:${at.tx ?? ''}`;
}

export class TradingState {
  account: Account | null = null;
  stats: AccountStats | null = null;
  /** Wallet address of the signed-in key. */
  address: string | null = null;
  /** The wallet's transaction count and fee level (mt 19, then mt 20); null before the snapshot. */
  walletNonce: number | null = null;
  feeLevel: number | null = null;
  readonly orders = new Map<number, Order>();
  readonly positions = new Map<number, Position>();
  /** Newest first, bounded. */
  fills: Fill[] = [];
  /** Block of the latest account frame, to ignore an older mt 21. */
  private accountBlock = -1;
  /** Recent account events et 3 (collateral moved into a position), oldest first: the proof a t 6 landed. */
  private readonly creditEvents: AccountEvent[] = [];
  /** The et 3 event each collateral request was matched to (collateral-credit.ts), by the request's rq. */
  private readonly claimed = new Map<number, AccountEvent>();
  private readonly orderRows = new RowOrdering();
  private readonly positionRows = new RowOrdering();
  private readonly fillKeys = new Set<string>();
  /** Position event rows (`e[]` of mt 27) by fillEventKey, oldest key first, bounded like the fills. */
  private readonly fillEvents = new Map<string, Position[]>();
  /** Bumps on every change, so publishers can skip identical frames. */
  version = 0;

  constructor(
    /** Which account of the wallet to follow; undefined = the first one. */
    private readonly accountId?: number,
    private readonly maxFills = DEFAULT_MAX_FILLS,
  ) {}

  private pickAccount(accounts: readonly Account[]): Account | null {
    if (this.accountId !== undefined) return accounts.find((a) => a.id === this.accountId) ?? null;
    return accounts[0] ?? null;
  }

  applyWalletSnapshot(frame: WalletSnapshotFrame): void {
    this.address = frame.addr;
    this.walletNonce = frame.n ?? null;
    this.feeLevel = frame.fl ?? null;
    this.account = this.pickAccount(frame.as);
    this.stats = frame.sts.find((s) => s.id === this.account?.id) ?? null;
    this.accountBlock = frame.sn ?? -1;
    this.noteCredits(this.account?.h);
    this.version++;
  }

  /**
   * mt 20: the wallet's header moved (its transaction count `n` after a deposit or the forwarding switch, its
   * fee level `fl`). Nothing of the account's money is in it; the account's own frames say what changed.
   */
  applyWalletUpdate(frame: WalletUpdateFrame): void {
    if (frame.addr !== undefined && this.address !== null && frame.addr.toLowerCase() !== this.address.toLowerCase()) return;
    if (frame.n !== undefined) this.walletNonce = frame.n;
    if (frame.fl !== undefined) this.feeLevel = frame.fl;
    this.version++;
  }

  /** The collateral increase (account event et 3) matched to request `rq`, once the engine claimed it. */
  collateralCredit(rq: number): AccountEvent | undefined {
    return this.claimed.get(rq);
  }

  /** The recent et 3 events of the account, oldest first (what a collateral request is matched against). */
  recentCredits(): readonly AccountEvent[] {
    return this.creditEvents;
  }

  isCreditClaimed(event: AccountEvent): boolean {
    for (const e of this.claimed.values()) if (creditKey(e) === creditKey(event)) return true;
    return false;
  }

  /** Records that `event` proves request `rq` landed: no other request may count it. */
  claimCredit(rq: number, event: AccountEvent): void {
    this.claimed.set(rq, event);
    if (this.claimed.size > MAX_CREDITS) this.claimed.delete(this.claimed.keys().next().value!);
  }

  private noteCredits(events: readonly AccountEvent[] | undefined): void {
    for (const e of events ?? []) {
      if (e.et !== AccountEventType.IncreasePositionCollateral || e.id !== this.account?.id) continue;
      // The same event may come twice (a frame sent again): keep one.
      if (this.creditEvents.some((c) => creditKey(c) === creditKey(e))) continue;
      this.creditEvents.push(e);
      // Only recent ones matter (a request follows its own); the oldest go first.
      if (this.creditEvents.length > MAX_CREDITS) this.creditEvents.shift();
    }
  }

  applyAccountUpdate(frame: AccountUpdateFrame): void {
    if (this.account && frame.id !== this.account.id) return;
    // An event is a fact even in a late frame; only the balance fields must not go back in time.
    this.noteCredits(frame.h);
    if (frame.sn !== undefined && frame.sn < this.accountBlock) return;
    const { mt: _mt, sid: _sid, sn: _sn, cid: _cid, ses: _ses, ...account } = frame;
    this.account = { ...account };
    if (frame.sn !== undefined) this.accountBlock = frame.sn;
    this.version++;
  }

  /** One update frame (the live session and a replay apply them alike); snapshot kinds (23, 26) are not updates. */
  applyUpdate(frame: TradingUpdateFrame): void {
    switch (frame.mt) {
      case MessageType.WalletUpdate:
        return this.applyWalletUpdate(frame);
      case MessageType.AccountUpdate:
        return this.applyAccountUpdate(frame);
      case MessageType.AccountStatsUpdate: {
        const { mt: _mt, sid: _sid, sn: _sn, cid: _cid, ses: _ses, ...stats } = frame;
        return this.applyStats(stats);
      }
      case MessageType.OrdersUpdate:
        this.applyOrders(frame.d);
        return;
      case MessageType.FillsUpdate:
        return this.applyFills(frame.d);
      case MessageType.PositionsUpdate:
        return this.applyPositions(frame.d);
      default:
        return;
    }
  }

  applyStats(stats: AccountStats): void {
    if (this.account && stats.id !== this.account.id) return;
    this.stats = stats;
    this.version++;
  }

  private mine(row: { acc: number }): boolean {
    // Before the wallet snapshot names the account, the one we were told to follow still decides.
    const id = this.account?.id ?? this.accountId;
    return id === undefined || row.acc === id;
  }

  replaceOrders(rows: readonly Order[]): void {
    this.orders.clear();
    this.orderRows.reset();
    for (const o of rows) if (this.mine(o) && !leavesOpenOrders(o)) this.orders.set(o.oid, o);
    this.version++;
  }

  /** Applies mt 24 rows; returns the rows that were applied (not stale, not duplicates). */
  applyOrders(rows: readonly Order[]): Order[] {
    const applied: Order[] = [];
    for (const o of rows) {
      if (!this.mine(o) || !this.orderRows.admit(o.oid, o.at, o)) continue;
      if (leavesOpenOrders(o)) this.orders.delete(o.oid);
      else this.orders.set(o.oid, withCreation(o, this.orders.get(o.oid)));
      applied.push(o);
    }
    if (applied.length > 0) this.version++;
    return applied;
  }

  replacePositions(rows: readonly Position[]): void {
    const before = new Map(this.positions);
    this.positions.clear();
    this.positionRows.reset();
    for (const p of rows) if (this.mine(p) && p.st === PositionStatus.Open) this.positions.set(p.pid, withFundingKept(p, before.get(p.pid)));
    this.version++;
  }

  applyPositions(rows: readonly Position[]): void {
    let changed = false;
    for (const p of rows) {
      if (!this.mine(p) || !this.positionRows.admit(p.pid, p.at, p)) continue;
      // A full close arrives as st 2, s 0: drop every row that is not open.
      if (p.st === PositionStatus.Open && p.s > 0) this.positions.set(p.pid, withFundingSoFar(p, this.positions.get(p.pid)));
      else this.positions.delete(p.pid);
      this.keepFillEvents(p.e);
      changed = true;
    }
    if (changed) this.version++;
  }

  applyFills(rows: readonly Fill[]): void {
    const fresh: Fill[] = [];
    for (const f of rows) {
      if (!this.mine(f)) continue;
      const key = fillKey(f);
      if (this.fillKeys.has(key)) continue;
      this.fillKeys.add(key);
      fresh.push(f);
    }
    if (fresh.length === 0) return;
    this.fills = [...fresh.reverse(), ...this.fills].slice(0, this.maxFills);
    if (this.fillKeys.size > this.maxFills * 4) {
      this.fillKeys.clear();
      for (const f of this.fills) this.fillKeys.add(fillKey(f));
    }
    this.version++;
  }

  private keepFillEvents(events: readonly Position[] | undefined): void {
    for (const e of events ?? []) {
      if (e.oid === undefined || e.oid === 0) continue;
      const key = fillEventKey(e.oid, e.at);
      const list = this.fillEvents.get(key);
      if (list) list.push(e);
      else this.fillEvents.set(key, [e]);
    }
    while (this.fillEvents.size > this.maxFills * 2) this.fillEvents.delete(this.fillEvents.keys().next().value!);
  }

  /** The position events (sr, dpnl, s) the order `oid` caused in the transaction at `at`; empty when none were seen. */
  positionEventsOf(oid: number, at: BlockTxLogTimestamp): readonly Position[] {
    return this.fillEvents.get(fillEventKey(oid, at)) ?? [];
  }

  /** Open (resting or untriggered) order carrying request id `rq`. */
  orderByRq(rq: number): Order | undefined {
    for (const o of this.orders.values()) if (o.rq === rq) return o;
    return undefined;
  }

  /** Resting trigger orders, for the max_account_trigger_orders cap. */
  triggerOrderCount(): number {
    let n = 0;
    for (const o of this.orders.values()) if ((o.tp ?? 0) > 0) n++;
    return n;
  }
}

/** An update that does not repeat the order's creation stamp keeps the one seen before (the order's age reads it). */
function withCreation(o: Order, before: Order | undefined): Order {
  return o.c === undefined && before?.c !== undefined ? { ...o, c: before.c } : o;
}

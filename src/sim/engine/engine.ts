// The local exchange's engine: orchestration of admission, block execution, flow steps and snapshots.
// Pure and deterministic for a seed: no timers, no sockets, no wall clock (the server passes time in).

import { OrderStatus, OrderStatusReason } from '../../protocol/enums.js';
import type { AccountEvent, Candle, Context, Fill, FundingEvent, L2Level, MarketState, Order, OrderRequestFrame, Position, Trade } from '../../protocol/frames.js';
import { amountToBigInt } from '../../protocol/scaling.js';
import { MarketFlow } from '../flow/flow.js';
import { deposit, FIRST_USER_ACCOUNT_ID, newAccount } from './accounts.js';
import { decodeAccountSnapshot, restoreAccount, snapshotAccount, type AccountSnapshot } from './account-snapshot.js';
import { checkAccountSnapshot } from './snapshot-checks.js';
import { checkAdmission } from './admission.js';
import { blockTimeMs } from './block-time.js';
import { buildContext } from './context.js';
import { EngineCore } from './core.js';
import { ensureFundingHistory, maybeApplyFunding } from './funding.js';
import { runLiquidations } from './liquidation.js';
import { marketStateOf, updateMark } from './market-data.js';
import { executeRequest, reportDueTopUps } from './requests.js';
import { endResting } from './resting.js';
import { fireTriggers, settleLinks } from './triggers.js';
import type { AdmissionResult, EngineOutput, SimEngine, SimEngineOptions, SimLedger, SimMoneySupply, WalletHeader } from './types.js';
import { accountToWire, orderToWire, positionSnapshot, statsToWire } from './wire.js';
import type { AccountRecord } from './records.js';

const MAX_FUNDING_PER_QUERY = 1024;

export class Engine implements SimEngine {
  readonly chainId: number;
  private readonly core: EngineCore;
  private readonly flow: MarketFlow;
  private queue: OrderRequestFrame[] = [];
  private nextAccountId = FIRST_USER_ACCOUNT_ID;
  private started = false;

  constructor(private readonly opts: SimEngineOptions) {
    this.chainId = opts.chainId;
    this.core = new EngineCore(opts);
    this.flow = new MarketFlow(this.core, opts);
    if (opts.startTimeMs !== undefined) this.ensureStarted(opts.startTimeMs);
  }

  /** The first moment the engine learns the time: backfill candle history up to it. */
  private ensureStarted(timeMs: number): void {
    if (this.started) return;
    this.started = true;
    this.core.timeMs = blockTimeMs(timeMs);
    this.flow.backfill(this.opts.startTimeMs ?? timeMs);
  }

  private take(withMarketState: boolean): EngineOutput {
    const core = this.core;
    return core.out.take({
      bookChanges: (id) => core.book(id).takeChanges(),
      marketIds: core.markets.keys(),
      marketState: (id) => marketStateOf(core, id),
      wallet: (id) => {
        const a = core.accounts.get(id);
        return a && !a.internal ? this.walletHeader(a.address) : undefined;
      },
      account: (id) => {
        const a = core.accounts.get(id);
        return a && !a.internal ? accountToWire(a, core.instanceId) : undefined;
      },
      stats: (id) => {
        const a = core.accounts.get(id);
        return a && !a.internal ? statsToWire(a, core.instanceId) : undefined;
      },
    }, withMarketState);
  }

  context(headBlock: number, nowMs: number): Context {
    this.ensureStarted(nowMs);
    for (const id of this.core.markets.keys()) ensureFundingHistory(this.core, id, headBlock, blockTimeMs(nowMs));
    return buildContext(this.core, headBlock, blockTimeMs(nowMs));
  }

  createAccount(address: string, balance: string, opts: { orderForwarding?: boolean; feeTier?: number } = {}): number {
    const ft = opts.feeTier ?? 0;
    if (!Number.isSafeInteger(ft) || ft < 0) throw new RangeError('fee tier must be a non-negative integer');
    const id = this.nextAccountId++;
    const account = newAccount(this.core, id, address, false, opts.orderForwarding ?? true);
    // approve + createAccount, and allowOrderForwarding when it is on: the wallet's transactions so far.
    const txs = 2 + (account.fw ? 1 : 0);
    this.core.walletNonces.set(account.address, (this.core.walletNonces.get(account.address) ?? 0) + txs);
    account.ft = ft;
    const amount = amountToBigInt(balance);
    if (amount > 0n) deposit(this.core, account, amount);
    // The account and its opening deposit are on-chain history by the time anyone signs in: the deposit is
    // in the account history, but no socket is sent an mt 21 / 28 about it (live sends none after sign-in).
    if (!account.internal) this.core.out.discard(id);
    return id;
  }

  snapshotAccount(accountId: number): AccountSnapshot {
    return snapshotAccount(this.core, this.core.account(accountId));
  }

  restoreAccount(snapshot: unknown): number {
    const decoded = decodeAccountSnapshot(snapshot, new Set(this.core.markets.keys()));
    checkAccountSnapshot(decoded, this.core.maxTriggerOrders);
    const id = this.nextAccountId++;
    restoreAccount(this.core, newAccount(this.core, id, decoded.address, false, decoded.fw), decoded);
    return id;
  }

  accountsOf(address: string): number[] {
    return [...(this.core.wallets.get(address.toLowerCase()) ?? [])].filter((id) => !this.core.account(id).internal);
  }

  setOrderForwarding(accountId: number, allowed: boolean): void {
    const account = this.core.account(accountId);
    account.fw = allowed;
    this.core.out.accountChanged(accountId);
    this.walletTransaction(account);
  }

  /** An on-chain transaction of the account's wallet (allowOrderForwarding, depositCollateral): `n` moves, mt 20 says so. */
  private walletTransaction(account: AccountRecord): void {
    this.core.walletNonces.set(account.address, (this.core.walletNonces.get(account.address) ?? 0) + 1);
    this.core.out.walletChanged(account.id);
  }

  private walletHeader(address: string): WalletHeader {
    const addr = address.toLowerCase();
    return { addr, n: this.core.walletNonces.get(addr) ?? 0, fl: 0 };
  }

  admit(address: string, req: OrderRequestFrame, head: number): AdmissionResult {
    const result = checkAdmission(this.core, address, req, head);
    if (result.code === 0) this.queue.push({ ...req });
    return result;
  }

  advanceBlock(block: number, timeMs: number): EngineOutput {
    this.ensureStarted(timeMs);
    const core = this.core;
    core.setClock(block, timeMs);
    const queue = this.queue;
    this.queue = [];
    const settle = (): void => settleLinks(core);
    reportDueTopUps(core);
    for (const req of queue) {
      executeRequest(core, req);
      settle();
      // A trigger on the last price fires on the trade that reaches it, even if a later request of this block
      // trades back (interface.md 2.4: held "until the market last price crosses tp"), as between blocks.
      if (core.markets.has(req.mkt)) fireTriggers(core, req.mkt, settle);
    }
    for (const order of [...core.expiring]) {
      if (order.tif > 0 && block > order.tif) {
        core.beginTx();
        endResting(core, order, OrderStatusReason.ClearingExpiredOrder, OrderStatus.Expired);
        settle();
      }
    }
    for (const id of core.markets.keys()) {
      updateMark(core, id);
      fireTriggers(core, id, settle);
      maybeApplyFunding(core, id);
      runLiquidations(core, id, settle);
    }
    settle();
    return this.take(true);
  }

  flowStep(timeMs: number, head: number): EngineOutput {
    this.ensureStarted(timeMs);
    const core = this.core;
    core.setClock(head, timeMs);
    const settle = (): void => settleLinks(core);
    this.flow.step(settle);
    // Triggers watch prices continuously (a flow trade may cross tp and come back before the block).
    for (const id of core.markets.keys()) fireTriggers(core, id, settle);
    return this.take(false);
  }

  wallet(address: string): ReturnType<SimEngine['wallet']> {
    const ids = this.accountsOf(address);
    const accounts = ids.map((id) => accountToWire(this.core.account(id), this.core.instanceId));
    const stats = ids.map((id) => statsToWire(this.core.account(id), this.core.instanceId));
    return { ...this.walletHeader(address), accounts, stats };
  }

  openOrders(accountId: number): Order[] {
    const account = this.core.accounts.get(accountId);
    if (!account) return [];
    return [...account.openOrders.values()].map((o) => {
      const row = orderToWire(o, o.created, this.core.market(o.mkt).scale);
      delete row.sr;
      return row;
    });
  }

  openPositions(accountId: number): Position[] {
    const account = this.core.accounts.get(accountId);
    if (!account) return [];
    return [...account.positions.values()].map((p) => positionSnapshot(p, this.core.market(p.mkt).scale));
  }

  book(marketId: number, levels: number): { bid: L2Level[]; ask: L2Level[] } {
    const book = this.core.books.get(marketId);
    if (!book) return { bid: [], ask: [] };
    return { bid: book.bid.snapshot(levels), ask: book.ask.snapshot(levels) };
  }

  /** The newest `count` trades, oldest first. */
  recentTrades(marketId: number, count: number): Trade[] {
    const tape = this.core.markets.get(marketId)?.recentTrades ?? [];
    return tape.slice(Math.max(0, tape.length - count));
  }

  marketState(marketId: number): MarketState | undefined {
    return marketStateOf(this.core, marketId);
  }

  latestFunding(marketId: number): FundingEvent | undefined {
    const list = this.core.markets.get(marketId)?.fundingHistory;
    return list?.[list.length - 1];
  }

  /** Funding events with `at.t` in [fromMs, toMs], oldest first, at most 1024 (the newest). */
  fundingHistory(marketId: number, fromMs: number, toMs: number): FundingEvent[] {
    const list = this.core.markets.get(marketId)?.fundingHistory ?? [];
    const hits = list.filter((f) => (f.at.t ?? 0) >= fromMs && (f.at.t ?? 0) <= toMs);
    return hits.slice(Math.max(0, hits.length - MAX_FUNDING_PER_QUERY));
  }

  candles(marketId: number, resolution: number, fromMs: number, toMs: number): Candle[] {
    return this.core.candles.get(marketId)?.query(resolution, fromMs, toMs) ?? [];
  }

  fillHistory(accountId: number): Fill[] {
    return [...(this.core.accounts.get(accountId)?.history.fills ?? [])].reverse();
  }
  orderHistory(accountId: number): Order[] {
    return [...(this.core.accounts.get(accountId)?.history.orders ?? [])].reverse();
  }
  positionHistory(accountId: number): Position[] {
    return [...(this.core.accounts.get(accountId)?.history.positions ?? [])].reverse();
  }
  accountHistory(accountId: number): AccountEvent[] {
    return [...(this.core.accounts.get(accountId)?.history.events ?? [])].reverse();
  }

  setOraclePrice(marketId: number, price: number): void {
    if (!Number.isSafeInteger(price) || price <= 0) throw new RangeError('oracle price must be a positive integer');
    const market = this.core.market(marketId);
    market.oracleExact = price;
    market.oracle = price;
    market.mark = price;
    this.core.out.marketChanged(marketId);
  }

  ledger(accountId: number): SimLedger {
    const account = this.core.account(accountId);
    return {
      balance: account.balance.toString(),
      locked: account.locked.toString(),
      lfr: account.lfr,
      orders: this.openOrders(accountId),
      positions: this.openPositions(accountId),
    };
  }

  executedRequests(accountId: number): number[] {
    return [...this.core.account(accountId).executed];
  }

  deposit(accountId: number, amount: string): void {
    const account = this.core.account(accountId);
    deposit(this.core, account, amountToBigInt(amount));
    this.walletTransaction(account);
  }

  moneySupply(): SimMoneySupply {
    let balances = 0n;
    let collateral = 0n;
    for (const a of this.core.accounts.values()) {
      balances += a.balance;
      for (const p of a.positions.values()) collateral += p.collateral;
    }
    const { fees, pool, deposits } = this.core.protocol;
    return {
      deposits: deposits.toString(),
      balances: balances.toString(),
      collateral: collateral.toString(),
      fees: fees.toString(),
      pool: pool.toString(),
      total: (balances + collateral + fees + pool).toString(),
    };
  }

  pendingRequests(): number {
    return this.queue.length;
  }

  newestIdBlock(): number {
    return this.core.newestIdBlock();
  }
}

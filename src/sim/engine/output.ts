// Collects what one block or one flow step changed, then hands it to the server as an EngineOutput.
// Market state is built lazily from the markets marked dirty, book deltas from the books' dirty prices.

import type { Account, AccountEvent, AccountStats, Candle, Fill, FundingEvent, L2Level, MarketState, Order, Position, Trade } from '../../protocol/frames.js';
import type { AccountOutput, EngineOutput, WalletHeader } from './types.js';

interface AccountSink {
  walletDirty: boolean;
  accountDirty: boolean;
  statsDirty: boolean;
  events: AccountEvent[];
  orders: Order[];
  fills: Fill[];
  positions: Position[];
}

export class OutputCollector {
  private trades = new Map<number, Trade[]>();
  private marketsDirty = new Set<number>();
  private funding = new Map<number, FundingEvent>();
  private candles = new Map<number, Map<number, Map<number, Candle>>>();
  private accounts = new Map<number, AccountSink>();

  private sink(accountId: number): AccountSink {
    let s = this.accounts.get(accountId);
    if (!s) {
      s = { walletDirty: false, accountDirty: false, statsDirty: false, events: [], orders: [], fills: [], positions: [] };
      this.accounts.set(accountId, s);
    }
    return s;
  }

  /** The account's wallet made an on-chain transaction (its `n` moved). */
  walletChanged(accountId: number): void {
    this.sink(accountId).walletDirty = true;
  }
  accountChanged(accountId: number): void {
    this.sink(accountId).accountDirty = true;
  }
  statsChanged(accountId: number): void {
    this.sink(accountId).statsDirty = true;
  }
  event(accountId: number, e: AccountEvent): void {
    const s = this.sink(accountId);
    s.accountDirty = true;
    s.events.push(e);
  }
  order(accountId: number, o: Order): void {
    this.sink(accountId).orders.push(o);
  }
  fill(accountId: number, f: Fill): void {
    this.sink(accountId).fills.push(f);
  }
  position(accountId: number, p: Position): void {
    this.sink(accountId).positions.push(p);
  }

  /** Forgets what an account's changes would have sent (an account that existed before anyone listened). */
  discard(accountId: number): void {
    this.accounts.delete(accountId);
  }

  trade(marketId: number, t: Trade): void {
    let list = this.trades.get(marketId);
    if (!list) this.trades.set(marketId, (list = []));
    list.push(t);
    this.marketsDirty.add(marketId);
  }
  marketChanged(marketId: number): void {
    this.marketsDirty.add(marketId);
  }
  fundingEvent(marketId: number, f: FundingEvent): void {
    this.funding.set(marketId, f);
    this.marketsDirty.add(marketId);
  }
  /** The candle object is live (mutated by later trades); the latest state is what gets sent. */
  candle(marketId: number, resolution: number, c: Candle): void {
    let byRes = this.candles.get(marketId);
    if (!byRes) this.candles.set(marketId, (byRes = new Map()));
    let byT = byRes.get(resolution);
    if (!byT) byRes.set(resolution, (byT = new Map()));
    byT.set(c.t, c);
  }

  /**
   * Builds the output and resets the collector.
   * The callbacks read current state: book deltas, market state, account and stats rows.
   */
  take(
    read: {
      bookChanges(marketId: number): { bid: L2Level[]; ask: L2Level[] } | undefined;
      marketIds: Iterable<number>;
      marketState(marketId: number): MarketState | undefined;
      wallet(accountId: number): WalletHeader | undefined;
      account(accountId: number): Account | undefined;
      stats(accountId: number): AccountStats | undefined;
    },
    /** Market state goes out once a block, as live (a frame every ~165 ms with heartbeats, wire.md 7.1): flow steps keep it dirty. */
    withMarketState: boolean,
  ): EngineOutput {
    const book = new Map<number, { bid: L2Level[]; ask: L2Level[] }>();
    for (const id of read.marketIds) {
      const changes = read.bookChanges(id);
      if (changes) {
        book.set(id, changes);
        this.marketsDirty.add(id);
      }
    }
    const marketState = new Map<number, MarketState>();
    if (withMarketState) {
      for (const id of this.marketsDirty) {
        const st = read.marketState(id);
        if (st) marketState.set(id, st);
      }
      this.marketsDirty = new Set();
    }
    const candles = new Map<number, Map<number, Candle[]>>();
    for (const [mkt, byRes] of this.candles) {
      const m = new Map<number, Candle[]>();
      for (const [res, byT] of byRes) m.set(res, [...byT.values()].map((c) => ({ ...c })));
      candles.set(mkt, m);
    }
    const accounts = new Map<number, AccountOutput>();
    for (const [id, s] of this.accounts) {
      const out: AccountOutput = { orders: s.orders, fills: s.fills, positions: s.positions };
      if (s.walletDirty) {
        const w = read.wallet(id);
        if (w) out.wallet = w;
      }
      if (s.accountDirty) {
        const acc = read.account(id);
        if (acc) out.account = s.events.length > 0 ? { ...acc, h: s.events } : acc;
      }
      // Live sends the account's stats (mt 28) with every mt 21 of a block, changed or not (wire.md 15).
      if (s.statsDirty || s.accountDirty) {
        const st = read.stats(id);
        if (st) out.stats = st;
      }
      // Flow accounts have nobody listening: leave them out so a quiet step has an empty map.
      const empty = !out.wallet && !out.account && !out.stats && out.orders.length === 0 && out.fills.length === 0 && out.positions.length === 0;
      if (!empty) accounts.set(id, out);
    }
    const output: EngineOutput = { book, trades: this.trades, marketState, funding: this.funding, candles, accounts };
    this.trades = new Map();
    this.funding = new Map();
    this.candles = new Map();
    this.accounts = new Map();
    return output;
  }
}

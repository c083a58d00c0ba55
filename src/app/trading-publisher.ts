// Copies the trading session and order engine into the store's `trading` slice at frame rate, only
// when something visible moved; announces new fills (toast + optional bell) as they arrive.

import type { OrderEngine } from '../client/trading/order-engine.js';
import type { TradingSession } from '../client/trading/session.js';
import type { MarkReading, MarkSource } from '../domain/marks.js';
import { fillEffects } from '../domain/trading/fill-effect.js';
import { describeLocks, sessionLocks } from '../domain/trading/session-locks.js';
import { accountView, fillRowWithEffect, orderRow, positionRow } from '../domain/trading/rows.js';
import type { AccountView, FillRowView, OrderRowView, PositionRowView } from '../domain/trading/views.js';
import type { ExecutionReport } from '../domain/trading/execution-report.js';
import { lastResult } from '../lib/memo-last.js';
import type { Market } from '../protocol/frames.js';
import type { TerminalStore } from '../state/store.js';
import type { FrameTurn } from '../state/frame-turn.js';
import type { MarketPrices } from '../state/trading-slice.js';
import { publishTrading, pushToast } from '../state/trading-actions.js';
import { countBadFrames } from '../state/link-actions.js';
import { publishAlgoLines, publishAlgos } from '../state/algo-actions.js';
import type { AlgoLine, AlgoRow } from '../domain/algos/algo-row.js';
import { tradingIsCurrent } from '../ui/status/trading-freshness.js';
import { fillWords, marketWords } from '../domain/trading/order-words.js';
import type { GuardLimits } from '../domain/guards/guard-limits.js';
import type { DailyNet } from '../domain/guards/daily-loss.js';
import { guardStatusView } from '../domain/guards/guard-status.js';
import { keepSame } from '../lib/same-data.js';

/** What the publisher reads: a live TradingClient, or a replay's recorded trading side (replay/replay-trading.ts). */
export interface TradingSource {
  session: Pick<TradingSession, 'state' | 'head' | 'synced' | 'connectionView' | 'malformedFrames'>;
  engine: Pick<OrderEngine, 'version' | 'lockFacts' | 'journalEntries' | 'pending' | 'lastBlockOf'> & Partial<Pick<OrderEngine, 'executionReports' | 'sentAsPlainStop' | 'note' | 'groupOf'>>;
}

export interface TradingPublisherOptions {
  store: TerminalStore;
  client: TradingSource;
  markets: readonly Market[];
  /** The marks of every market (the market-data session): positions and equity are valued at them. */
  marks: MarkSource;
  scopeMask: number;
  keyExpiresAt: number | null;
  /** The context's `max_account_trigger_orders`, copied into the slice (a `:trail` is refused before its confirm when no slot is free). */
  maxAccountTriggerOrders?: number;
  hz: number;
  /** Shared with the market-data publisher: one paint per event-loop turn, input read between (state/frame-turn.ts). */
  turn?: FrameTurn;
  /** Rings the terminal bell (app writes BEL); called on fills and triggers when the bell is on. */
  bell?: () => void;
  now?: () => number;
  /** The algo runner's rows (app/algo-wiring.ts), copied into the `algos` slice when they change. */
  algoRows?: () => readonly AlgoRow[];
  /** The algos' own lines (app/algo-wiring.ts), copied into the Journal's `algoLines` when they change. */
  algoLines?: () => readonly AlgoLine[];
  /** The config's guards and the day's net they read, for the account panel (absent: none set). */
  guards?: { limits: GuardLimits; dailyNet: DailyNet };
}

/** An order's row with the group (a scaled order) the journal says it was placed in. */
function withGroup(row: OrderRowView, group: string | undefined): OrderRowView {
  return group === undefined ? row : { ...row, group };
}

const OPEN_TYPES: ReadonlySet<number> = new Set([1, 2]);

/** What a trigger order is when it goes off: a TP/SL of a position, or a stop order (its own kind of order). */
type TriggerKind = 'TP/SL' | 'stop';

function fillText(f: FillRowView, market: Market | undefined, triggered: TriggerKind | undefined): string {
  const words = fillWords(f.type === 1 || f.type === 4, f.size, f.price, f.liquidity, marketWords(market, f.marketId));
  return triggered ? `${triggered} triggered: ${words}` : words;
}

export class TradingPublisher {
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastKey = '';
  private seenFills = new Set<string>();
  /** Set once the first synced snapshot was seen: fills before it are history, not news. */
  private baselined = false;
  /** Order ids that rest as trigger orders, by what they are: a fill of one is a trigger going off. */
  private triggerOrders = new Map<number, TriggerKind>();
  private readonly now: () => number;
  /** The marks positions and the account were last valued at while trading was live. */
  private liveMarks = new Map<number, MarkReading>();
  /** One array for the life of the publisher: the store's market directory is built once from it. */
  private readonly markets: Market[];
  /** When it last ticked (performance.now), and how it stops following the market-data paints (FrameTurn.follow). */
  private tickedAt = Number.NEGATIVE_INFINITY;
  private unfollow: (() => void) | null = null;
  /** The slice's parts as last built, each with what it was built from. */
  private readonly rows = {
    fills: lastResult<FillRowView[]>(),
    orders: lastResult<OrderRowView[]>(),
    positions: lastResult<PositionRowView[]>(),
    account: lastResult<AccountView | null>(),
    executions: lastResult<ExecutionReport[]>(),
    marketPrices: lastResult<Record<number, MarketPrices>>(),
  };

  constructor(private readonly o: TradingPublisherOptions) {
    this.now = o.now ?? Date.now;
    this.markets = [...o.markets];
  }

  start(): void {
    if (this.timer) return;
    const turn = this.o.turn;
    const intervalMs = Math.max(20, Math.round(1000 / this.o.hz));
    // Ticked right after each market-data paint, its write joins that paint instead of painting on its own;
    // its own timer ticks only when no such paint came for an interval (the market-data publisher slowed or stopped).
    const followTick = (): void => void (this.timer !== null && this.timedTick());
    this.unfollow = turn?.follow(followTick) ?? null;
    this.timer = setInterval(() => {
      if (!turn) this.tick();
      else if (performance.now() - this.tickedAt >= intervalMs) turn.run(followTick);
    }, intervalMs);
    this.timer.unref?.();
    this.timedTick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unfollow?.();
    this.unfollow = null;
  }

  private timedTick(): boolean {
    this.tickedAt = performance.now();
    return this.tick();
  }

  /** Writes the slice when the engine, the session, the health or a held market's mark moved. Returns true when it wrote. */
  tick(): boolean {
    const { session, engine } = this.o.client;
    const badFrames = this.o.store.getState().badFrames;
    if (session.malformedFrames !== badFrames.trading) countBadFrames(this.o.store, 'trading', session.malformedFrames);
    const st = session.state;
    const health = session.connectionView();
    const lockFacts = engine.lockFacts();
    const lockReason = describeLocks(sessionLocks({ session: lockFacts }));
    // One reading per market held or ordered in, this tick: rows, equity and reviews see the same marks.
    const prices = new Map<number, MarketPrices>();
    // The last trade only where a position is (its `last` triggers are checked on it): it moves on every trade.
    const read = (id: number, withLast: boolean): MarketPrices => ({ mark: this.o.marks.readMark(id), lastTrade: withLast ? (this.o.marks.lastTradePrice?.(id) ?? null) : null });
    for (const p of st.positions.values()) if (!prices.has(p.mkt)) prices.set(p.mkt, read(p.mkt, true));
    for (const o of st.orders.values()) if (!prices.has(o.mkt)) prices.set(o.mkt, read(o.mkt, false));
    const readNow = (id: number): MarkReading => prices.get(id)?.mark ?? this.o.marks.readMark(id);
    // While trading is not live the positions are what was last received: their uPnL stays at the marks of
    // that moment (shown dimmed "as of"), instead of moving with market data as if it were current.
    const current = tradingIsCurrent(true, health);
    if (current) this.liveMarks = new Map([...prices].map(([id, p]) => [id, p.mark]));
    // A mark that is no longer live itself (stale, unknown) is shown as such: it does not move either.
    const markOf = (id: number): MarkReading => {
      const now = readNow(id);
      return current || now.state !== 'live' ? now : (this.liveMarks.get(id) ?? now);
    };
    // The positions, the equity and the guards are valued at the marks alone; the last trade (the editors' `last`
    // triggers) moves on every trade, with a position held at every tick: it rebuilds the prices, not them.
    const marksKey = [...prices].map(([id, { mark: r }]) => `${id}=${r.state}:${r.state === 'unknown' ? r.reason : r.price}`).join(',');
    const lastTradesKey = [...prices.values()].map((p) => p.lastTrade ?? '').join(',');
    if (this.o.algoRows) publishAlgos(this.o.store, this.o.algoRows());
    if (this.o.algoLines) publishAlgoLines(this.o.store, this.o.algoLines());
    const g = this.o.guards;
    const guards = g ? guardStatusView(g.limits, g.limits.maxDailyLoss !== null ? g.dailyNet() : null, st.positions.values(), this.o.markets, markOf) : null;
    // The day's net moves with history loading and the day's roll-over, apart from the session's version.
    const guardsKey = guards?.dailyLoss ? `${guards.dailyLoss.loss ?? '?'}` : '';
    const key = `${st.version}:${engine.version}:${health.health}:${health.reason ?? ''}:${health.keyRefused ?? ''}:${session.head ?? ''}:${marksKey}:${lastTradesKey}:${lockReason ?? ''}:${guardsKey}`;
    if (key === this.lastKey) return false;
    this.lastKey = key;
    const markets = this.o.markets;
    const marketOf = (id: number) => markets.find((m) => m.id === id);
    // Each part is built again only when what it is built from moved, and what did not move keeps its identity:
    // the views cached on a part (the book on the orders, the status bar on the health, a tab on its rows) are not
    // built again, and their panes do not draw again, when only the block's mark moved.
    const fills = this.rows.fills([st, st.version], () => {
      const effects = fillEffects(st.fills, (oid, at) => st.positionEventsOf(oid, at));
      return st.fills.map((f, i) => fillRowWithEffect(f, effects[i] ?? null));
    });
    this.announceFills(fills, session.synced);
    for (const o of st.orders.values()) if ((o.tp ?? 0) > 0 && !this.triggerOrders.has(o.oid)) this.triggerOrders.set(o.oid, this.triggerKind(o.t, o.rq));
    const before = this.o.store.getState().trading;
    const valued = [st, st.version, marksKey, current];
    const orders = this.rows.orders([st, st.version, session.head, engine.version], () => [...st.orders.values()].map((o) => withGroup(orderRow(o, session.head, engine.lastBlockOf(o.rq)), engine.groupOf?.(o.rq))));
    const journal = engine.journalEntries();
    publishTrading(this.o.store, {
      enabled: true,
      account: this.rows.account(valued, () => (st.account ? accountView(st.account, st.positions.values(), markets, markOf, this.o.scopeMask) : null)),
      positions: this.rows.positions(valued, () => [...st.positions.values()].map((p) => positionRow(p, marketOf(p.mkt), markOf(p.mkt)))),
      // No order before and none now (a TWAP's market slices): the head's move changes nothing shown.
      orders: orders.length === 0 && before.orders.length === 0 ? before.orders : orders,
      fills,
      // The journal only grows at its end (and drops its oldest past its bound): the same ends, the same lines.
      journal: journal.length === before.journal.length && journal.at(-1) === before.journal.at(-1) && journal[0] === before.journal[0] ? before.journal : [...journal],
      executions: this.rows.executions([engine.version], () => engine.executionReports?.() ?? []),
      lockFacts: keepSame(before.lockFacts, lockFacts),
      lockReason,
      inFlight: engine.pending().length,
      health: keepSame(before.health, health),
      keyExpiresAt: this.o.keyExpiresAt,
      ...(this.o.maxAccountTriggerOrders !== undefined ? { maxAccountTriggerOrders: this.o.maxAccountTriggerOrders } : {}),
      markets: this.markets,
      marketPrices: this.rows.marketPrices([marksKey, lastTradesKey], () => Object.fromEntries(prices)),
      guards: keepSame(before.guards ?? null, guards),
    });
    return true;
  }

  /**
   * An opening trigger is a stop order; a closing one is a TP/SL unless this run sent it as a stop order (a
   * reduce-only stop looks like a stop-loss on the wire: the engine knows which it sent).
   */
  private triggerKind(t: number, rq: number): TriggerKind {
    if (OPEN_TYPES.has(t)) return 'stop';
    return this.o.client.engine.sentAsPlainStop?.(rq) === true ? 'stop' : 'TP/SL';
  }

  private announceFills(fills: readonly FillRowView[], synced: boolean): void {
    const fresh = fills.filter((f) => !this.seenFills.has(f.key));
    for (const f of fresh) this.seenFills.add(f.key);
    // Fills of the snapshot at sign-in are history, not news.
    if (!this.baselined) {
      this.baselined = synced;
      return;
    }
    if (fresh.length === 0) return;
    const store = this.o.store;
    for (const f of fresh.slice(0, 3).reverse()) {
      const triggered = this.triggerOrders.get(f.orderId);
      const text = fillText(f, this.o.markets.find((m) => m.id === f.marketId), triggered);
      pushToast(store, text, 'good', this.now(), { news: true });
      // A trigger going off is no request's outcome: the Journal keeps it beside the requests.
      if (triggered) this.o.client.engine.note?.(text);
    }
    if (fresh.length > 3) pushToast(store, `${fresh.length - 3} more fills (see Fills)`, 'info', this.now(), { news: true });
    if (store.getState().tradingUi.bell) this.o.bell?.();
  }
}

// The market-data session: one socket to /ws/v1/market-data, one subscription frame for every stream,
// frames routed by the sid map from mt 6 into the domain models, and resync-by-reconnect whenever the
// state could be wrong (heartbeat gap, stall, crossed book, malformed book frame). Models are cleared
// and rebuilt from fresh snapshots, never patched on stale state. Views are built only in snapshot().
// The link is timed with protocol-level pings (never mt 1: it would spend the 10 requests/min budget).

import { buildMarketHeader, newestFunding } from '../../domain/market-header.js';
import { livePrice, readSeenMark, type MarkReading, type MarkSource } from '../../domain/marks.js';
import type { ConnectionView, MarketHeaderView } from '../../domain/views.js';
import { DecodeError } from '../../protocol/errors.js';
import type { Context, InboundFrame } from '../../protocol/frames.js';
import { decodeInbound } from '../../protocol/decode/index.js';
import {
  ReconnectingSocket,
  type BackoffOptions,
  type ConnectionInfo,
  type ConnectionState,
  type FrameTap,
  type OpenConnection,
} from '../../transport/ws/index.js';
import { realTimers, type Timers } from '../../lib/timers.js';
import type { ThrottleReport } from '../../transport/rate/index.js';
import { CandleBackfill, type CandleSource } from './candle-backfill.js';
import { MarketFeed } from './feed.js';
import { connectionView } from '../../domain/connection-health.js';
import { RoundTripTimes, type RoundTripFigure } from '../../domain/round-trip.js';
import { checkResolution, marketInfo, type MarketInfo } from './market-info.js';
import { RequestBudget } from './request-budget.js';
import { sameWants, type MarketDataSnapshot, type SnapshotWants } from '../../domain/market-data-snapshot.js';
import { candleStream, chainStreams, marketStreams } from './streams.js';

export type { CandleSource } from './candle-backfill.js';
export type { MarketDataSnapshot, SnapshotWants } from '../../domain/market-data-snapshot.js';

export interface MarketDataSessionOptions {
  /** WebSocket base without /api, e.g. wss://app.perpl.xyz or ws://127.0.0.1:port. */
  wsBase: string;
  chainId: number;
  context: Context;
  marketId: number;
  /** Candle resolution in seconds (default 60). */
  resolution?: number;
  /** REST candles for backfill. */
  rest?: CandleSource;
  /** The clock of the socket (stall watchdog, reconnect delay, send budget) and of staleness (default real). */
  timers?: Timers;
  /** Default timers.now. */
  now?: () => number;
  /** No server frame for this long -> reconnect; half of it -> 'stale' (default 10 s). */
  stallMs?: number;
  log?: (line: string) => void;
  /** Reconnect delays (tests shorten them). */
  backoff?: BackoffOptions;
  /** Told how long frames wait for the socket's send budget (WS_MESSAGE_LIMIT), null once none waits. */
  onThrottle?: ThrottleReport;
  /** Sees every frame and connection event (the `--record` recorder). */
  tap?: FrameTap;
  /**
   * Time the link with a protocol ping this often (default 5 s; the first at once on each connection).
   * 0: not at all (a replay: its server is on this machine, so the answer would time only the loopback).
   */
  roundTripEveryMs?: number;
}

const DEFAULT_STALL_MS = 10_000;
const DEFAULT_ROUND_TRIP_EVERY_MS = 5_000;
/** A book frame that fails to decode leaves the book unknowable: recognise it without parsing. */
const BOOK_FRAME = /"mt"\s*:\s*1[56]\b/;
/** The message type at the start of a frame that may not parse. */
const LEADING_MT = /^\s*\{\s*"mt"\s*:\s*(\d{1,4})\b/;

export class MarketDataSession implements MarkSource {
  private readonly opts: MarketDataSessionOptions;
  private readonly now: () => number;
  private readonly stallMs: number;
  private readonly socket: ReconnectingSocket;
  private readonly feed: MarketFeed;
  private readonly budget = new RequestBudget();
  private readonly backfill: CandleBackfill;
  private readonly roundTrips: RoundTripTimes;
  /** The socket's clock: pings are stamped with it, so their age is read on it too. */
  private readonly linkNow: () => number;

  private market: MarketInfo;
  private readonly infos = new Map<number, MarketInfo>();
  private res: number;

  private conn: OpenConnection | null = null;
  private socketState: ConnectionState = 'closed';
  private retryAtMs: number | null = null;
  private closeReason: string | null = null;
  private resyncReason: string | null = null;

  /** Bumped on changes the feed does not see (connection, selection, time-driven fields). */
  private changes = 0;
  private lastTimeKey = '';
  private readonly changeListeners = new Set<() => void>();
  private cached: { version: number; wants: SnapshotWants; snapshot: MarketDataSnapshot } | null = null;
  private readonly stats = { framesReceived: 0, malformedFrames: 0, resyncs: 0, lastFrameAtMs: null as number | null };

  constructor(opts: MarketDataSessionOptions) {
    this.opts = opts;
    const timers = opts.timers ?? realTimers;
    this.linkNow = timers.now;
    this.now = opts.now ?? timers.now;
    this.stallMs = opts.stallMs ?? DEFAULT_STALL_MS;
    this.res = checkResolution(opts.resolution ?? 60);
    this.market = marketInfo(opts.context, opts.marketId);
    this.feed = new MarketFeed(this.market.id, this.res);
    this.backfill = new CandleBackfill(opts.rest, opts.log);
    const roundTripEveryMs = opts.roundTripEveryMs ?? DEFAULT_ROUND_TRIP_EVERY_MS;
    // A ping unanswered when the next would be due shows as "at least its age".
    this.roundTrips = new RoundTripTimes({ lateAfterMs: roundTripEveryMs });
    for (const s of [...chainStreams(opts.chainId), ...marketStreams(this.market.id, this.res)]) this.feed.routes.want(s);
    this.socket = new ReconnectingSocket({
      url: `${opts.wsBase.replace(/\/+$/, '')}/ws/v1/market-data`,
      stallMs: this.stallMs,
      ...(opts.backoff ? { backoff: opts.backoff } : {}),
      onOpen: (conn) => this.handleOpen(conn),
      onFrame: (text, at) => this.handleFrame(text, at),
      onStall: (ms) => this.noteResync(`feed stalled for ${(ms / 1000).toFixed(1)} s`),
      onStateChange: (state, info) => this.handleState(state, info),
      ...(roundTripEveryMs > 0
        ? {
            roundTrip: {
              everyMs: roundTripEveryMs,
              sent: (at: number) => this.roundTrips.pinged(at),
              answered: (sentAt: number, at: number) => {
                const ours = this.roundTrips.answered(sentAt, at);
                // A cue for the publisher, which writes the store at its frame rate (never one write per pong).
                if (ours) this.notifyChange();
                return ours;
              },
            },
          }
        : {}),
      ...(opts.onThrottle ? { onThrottle: opts.onThrottle } : {}),
      ...(opts.tap ? { tap: opts.tap } : {}),
      timers,
      ...(opts.log ? { log: opts.log } : {}),
    });
  }

  get marketId(): number {
    return this.market.id;
  }
  get resolution(): number {
    return this.res;
  }
  /** Successful connections so far (increments on every reconnect). */
  get epoch(): number {
    return this.socket.epoch;
  }
  /** The publisher's cue that a frame is worth drawing (state/publisher.ts); time-driven fields are polled. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(): void {
    this.changes += 1;
    this.notifyChange();
  }

  private notifyChange(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Diagnostics: frames dropped because their stream is not (or no longer) ours. */
  get unroutedFrameCount(): number {
    return this.feed.unroutedFrames;
  }
  /** The live mark of every market that has one (watchlist, alerts): the same rule as readMark. */
  marks(): Map<number, number> {
    const out = new Map<number, number>();
    for (const id of this.feed.models.marks.marketIds()) {
      const price = livePrice(this.readMark(id));
      if (price !== null) out.set(id, price);
    }
    return out;
  }

  /** The mark of any market with its freshness (domain/marks.ts holds the rule). */
  readMark(marketId: number): MarkReading {
    const feed = this.feed;
    const socketOpen = this.socketState === 'open' && this.conn !== null;
    return readSeenMark(feed.models.marks.get(marketId), {
      socketOpen,
      generation: feed.models.marks.generation,
      reason: socketOpen ? this.resyncReason : (this.closeReason ?? this.resyncReason),
      silentMs: feed.lastDataAt === null ? null : Math.max(0, this.now() - feed.lastDataAt),
      stallMs: this.stallMs,
    });
  }

  /** The last trade price (mt 9 `lst`) of `marketId` on this connection, while its mark is live; else null. */
  lastTradePrice(marketId: number): number | null {
    if (this.readMark(marketId).state !== 'live') return null;
    const last = this.feed.models.states.get(marketId)?.lst;
    return last !== undefined && last > 0 ? last : null;
  }

  /**
   * The best bid and ask of `marketId` (a chase's reference) while its book is the one followed, snapshotted
   * and its mark live; both null otherwise (a chase waits rather than price off a book it does not see).
   */
  bookTop(marketId: number): { bid: number | null; ask: number | null } {
    const book = this.feed.models.book;
    if (book.marketId !== marketId || !book.hasSnapshot || this.readMark(marketId).state !== 'live') return { bid: null, ask: null };
    return { bid: book.bestBid(), ask: book.bestAsk() };
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.backfill.cancel();
    this.socket.stop();
    this.conn = null;
  }

  /** Switches the book, trades and candles streams to another market; its models start empty. */
  setMarket(marketId: number): void {
    if (marketId === this.market.id) return;
    const next = marketInfo(this.opts.context, marketId);
    const oldStreams = marketStreams(this.market.id, this.res);
    const newStreams = marketStreams(marketId, this.res);
    for (const s of oldStreams) this.feed.routes.unwant(s);
    for (const s of newStreams) this.feed.routes.want(s);
    this.market = next;
    this.feed.models.selectMarket(marketId, this.res);
    this.changed();
    this.resubscribe(oldStreams, newStreams);
  }

  /** Switches the candle resolution (seconds) and backfills its history over REST. */
  setResolution(resolution: number): void {
    const res = checkResolution(resolution);
    if (res === this.res) return;
    const oldStream = candleStream(this.market.id, this.res);
    const newStream = candleStream(this.market.id, res);
    this.feed.routes.unwant(oldStream);
    this.feed.routes.want(newStream);
    this.res = res;
    this.feed.models.selectResolution(res);
    this.changed();
    this.resubscribe([oldStream], [newStream]);
  }

  /** Fetches the page of candles before the oldest held (the chart scrolled back to it); see CandleBackfill. */
  loadOlderCandles(): void {
    const models = this.feed.models;
    const sent = this.backfill.requestOlder(models.candles, this.now(), (series) => series === models.candles, () => this.changed());
    if (sent) this.changed();
  }

  /** The visible slice; returns the same object when nothing changed since the last call. */
  snapshot(wants: SnapshotWants): MarketDataSnapshot {
    const nowMs = this.now();
    const feed = this.feed;
    const roundTrip = this.roundTrips.figure(this.linkNow());
    const connection = this.connectionView(nowMs, roundTrip);
    const header = buildMarketHeader({
      market: this.market,
      state: feed.models.states.get(this.market.id),
      // The context's latest event until the stream reports a newer one (it may not for most of an interval).
      funding: newestFunding(feed.models.funding.get(this.market.id), this.market.contextFunding),
      headBlock: feed.headBlock,
      nowMs,
      msPerBlock: feed.msPerBlock,
    });
    // Time alone moves some of what is shown (stale age, retry countdown, funding countdown).
    const timeKey = [
      connection.health,
      connection.reason,
      seconds(connection.retryInMs),
      seconds(connection.lastDataAt === null ? null : nowMs - connection.lastDataAt),
      seconds(header.nextFundingInMs),
      // A new median, or a late ping's age in whole seconds (what the status bar shows of it).
      roundTrip === null ? null : roundTrip.atLeast ? `>${seconds(roundTrip.ms)}` : roundTrip.ms,
    ].join('|');
    if (timeKey !== this.lastTimeKey) {
      this.lastTimeKey = timeKey;
      this.changes += 1;
    }
    const version = this.changes + feed.changes;
    const c = this.cached;
    if (c && c.version === version && sameWants(c.wants, wants)) return c.snapshot;
    const m = feed.models;
    const snapshot: MarketDataSnapshot = {
      version,
      connection,
      market: this.market.ref,
      header,
      book: m.book.view(wants.depth, wants.bookGroup ?? 1),
      trades: m.trades.view(wants.trades),
      ...(wants.priceVolume ? { priceVolume: m.trades.volume.view(nowMs) } : {}),
      candles: m.candles.viewEndingAt(wants.candlesEndT ?? null, wants.candles),
      candleHistory: {
        oldestT: m.candles.oldestT,
        newestT: m.candles.newestT,
        loadingOlder: this.backfill.loadingOlder(m.candles),
        noOlder: m.candles.noOlder,
      },
      resolution: this.res,
      headBlock: feed.headBlock,
      msPerBlock: Math.round(feed.msPerBlock),
      stats: { ...this.stats },
      marketStats: this.marketStats(nowMs),
    };
    this.cached = { version, wants: { ...wants }, snapshot };
    return snapshot;
  }

  /** Every listed market's header figures: market-state and funding cover the whole chain, not only the market on screen. */
  private marketStats(nowMs: number): MarketHeaderView[] {
    const feed = this.feed;
    return this.opts.context.markets.map((listed) => {
      let info = this.infos.get(listed.id);
      if (!info) this.infos.set(listed.id, (info = marketInfo(this.opts.context, listed.id)));
      return buildMarketHeader({
        market: info,
        state: feed.models.states.get(listed.id),
        funding: newestFunding(feed.models.funding.get(listed.id), info.contextFunding),
        headBlock: feed.headBlock,
        nowMs,
        msPerBlock: feed.msPerBlock,
      });
    });
  }

  // ---------- connection ----------

  private handleOpen(conn: OpenConnection): void {
    this.conn = conn;
    if (conn.epoch > 1 && this.resyncReason === null) {
      this.resyncReason = `reconnected${this.closeReason ? ` after: ${this.closeReason}` : ''}`;
    }
    this.closeReason = null;
    this.budget.reset();
    this.feed.resetConnection();
    // Whatever happened while we were away is unknown: start from this connection's snapshots.
    this.feed.clear();
    this.budget.tryTake(this.now());
    const subs = this.feed.routes.wantedStreams().map((stream) => ({ stream, subscribe: true }));
    conn.send(JSON.stringify({ mt: 5, subs }));
    this.requestBackfill();
  }

  private handleState(state: ConnectionState, info: ConnectionInfo): void {
    this.socketState = state;
    this.retryAtMs = info.retryInMs !== undefined ? this.now() + info.retryInMs : null;
    if (state !== 'open') {
      this.conn = null;
      this.roundTrips.clear();
    }
    if (info.reason && state !== 'open' && state !== 'connecting') {
      this.closeReason = info.code !== undefined ? `${info.reason} (${info.code})` : info.reason;
    }
    this.changed();
  }

  private resubscribe(unsubscribe: string[], subscribe: string[]): void {
    this.requestBackfill();
    const conn = this.conn;
    if (!conn) return; // the next onOpen subscribes to everything wanted
    if (!this.budget.tryTake(this.now())) {
      // A new connection has a fresh request budget; going over it would get us closed (1008).
      this.socket.forceReconnect('subscription budget used up');
      return;
    }
    const subs = [
      ...unsubscribe.map((stream) => ({ stream, subscribe: false })),
      ...subscribe.map((stream) => ({ stream, subscribe: true })),
    ];
    conn.send(JSON.stringify({ mt: 5, subs }));
  }

  private requestBackfill(): void {
    const models = this.feed.models;
    this.backfill.request(
      models.candles,
      this.now(),
      (series) => series === models.candles,
      () => this.changed(),
    );
  }

  private resync(reason: string): void {
    this.noteResync(reason);
    this.socket.forceReconnect(reason);
  }

  /** State may be wrong: count it, say why, and drop the models until fresh snapshots arrive. */
  private noteResync(reason: string): void {
    this.stats.resyncs += 1;
    this.resyncReason = reason;
    this.opts.log?.(`market data: resync (${reason})`);
    this.feed.clear();
    this.notifyChange();
  }

  private connectionView(nowMs: number, roundTrip: RoundTripFigure | null): ConnectionView {
    const feed = this.feed;
    return connectionView({
      linkState: this.socketState,
      opens: this.socket.epoch,
      retryAtMs: this.retryAtMs,
      closeReason: this.closeReason,
      resyncReason: this.resyncReason,
      awaitingSnapshots: !feed.models.book.hasSnapshot,
      streamFailures: feed.routes.failureLines(),
      lastDataAt: feed.lastDataAt,
      headBlock: feed.headBlock,
      roundTrip,
      nowMs,
      // Stale at half the stall window: the status bar warns before the watchdog reconnects.
      staleAfterMs: this.stallMs / 2,
    });
  }

  // ---------- frames ----------

  private handleFrame(text: string, receivedAt: number): void {
    this.stats.framesReceived += 1;
    this.stats.lastFrameAtMs = receivedAt;
    let frame: InboundFrame;
    try {
      frame = decodeInbound(text);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      this.stats.malformedFrames += 1;
      this.changed();
      // The frame's type (when its start names one) and why; never its body, which could hold anything.
      const mt = LEADING_MT.exec(text.slice(0, 64))?.[1];
      const type = mt !== undefined && !e.shortMessage.includes(`mt ${mt}`) ? ` (mt ${mt})` : '';
      this.opts.log?.(`market data: skipped malformed frame${type}: ${e.shortMessage}`);
      if (BOOK_FRAME.test(text.slice(0, 64))) this.resync('malformed order-book frame');
      return;
    }
    const hadBook = this.feed.models.book.hasSnapshot;
    const feedChanges = this.feed.changes;
    const broken = this.feed.apply(frame, receivedAt, (line) => this.opts.log?.(`market data: subscription failed: ${line}`));
    if (broken !== null) return this.resync(broken);
    // The first book snapshot on a connection ends any resync.
    if (!hadBook && this.feed.models.book.hasSnapshot) this.resyncReason = null;
    if (this.feed.changes !== feedChanges) this.notifyChange();
  }
}

function seconds(ms: number | null): number | null {
  return ms === null ? null : Math.floor(ms / 1000);
}

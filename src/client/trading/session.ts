// The trading socket (`/ws/v1/trading`): signs in with a freshly signed mt 29 on every (re)connect,
// rebuilds state from the new snapshots (19/23/26 replace, never patch stale state), applies updates,
// checks heartbeat continuity (seeded from the wallet snapshot; only mt 19 and mt 100 count, never pong),
// and reports health (domain/connection-health.ts). Malformed frames are counted and skipped; a gap or
// inconsistent state -> resync. The connection is a link: the reconnecting socket live, or a recording
// played back (replay/), which runs these same rules over what the live session received.

import { MessageType } from '../../protocol/enums.js';
import type { ApiKeySignInFrame, InboundFrame, Order, OrderRequestFrame, Position, StatusResponseFrame } from '../../protocol/frames.js';
import { decodeInbound } from '../../protocol/decode/index.js';
import { userMessage } from '../../protocol/errors.js';
import { connectionHealth, connectionView, type HealthInputs } from '../../domain/connection-health.js';
import { RoundTripTimes } from '../../domain/round-trip.js';
import type { ConnectionHealth, ConnectionView } from '../../domain/views.js';
import { KEY_REFUSED_CLOSE_CODE } from '../../domain/trading/key-refused.js';
import {
  type BackoffOptions,
  type ConnectionInfo,
  type ConnectionState,
  type OpenConnection,
  ReconnectingSocket,
  type FrameTap,
  type SendReceipt,
  type SocketFactory,
  WS_MESSAGE_LIMIT,
} from '../../transport/ws/index.js';
import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import type { ThrottleReport } from '../../transport/rate/index.js';
import type { TokenBucketLimit } from '../../lib/token-bucket.js';
import { MAINNET_TRADING_REQUEST_LIMIT } from './request-limits.js';
import { isTradingUpdate, TradingState } from './trading-state.js';
import { withListedMarketsOnly, type IsListedMarket } from './listed-markets.js';

export interface WsSignInSource {
  signWsSignIn(): ApiKeySignInFrame;
}

/** What the session needs of its connection (ReconnectingSocket live; a recording in a replay). */
export interface TradingLink {
  /** Successful opens so far (this connection's number while open). */
  readonly epoch: number;
  /** Frames waiting for the send budget on the current connection. */
  readonly queuedFrames: number;
  /** Frames the send budget lets go now without waiting (absent: a link that sends nothing). */
  readonly sendTokens?: number;
  start(): void;
  stop(): void;
  send(text: string, receipt?: SendReceipt): boolean;
  /** Counts a frame the key thread sent against the send budget (absent: a link without a key thread). */
  spendToken?(): boolean;
  /** A data frame arrived: the feed is alive (pongs and acks are not). */
  markAlive(): void;
  /** Drop the connection and reconnect. */
  forceReconnect(reason: string): void;
}

/** What a link tells its session, as the reconnecting socket does. */
export interface TradingLinkEvents {
  /** A connection opened; runs before any of its frames. */
  onOpen(conn: OpenConnection): void;
  onFrame(text: string, receivedAt: number): void;
  onStateChange(state: ConnectionState, info: ConnectionInfo): void;
}

interface CommonOptions {
  accountId?: number;
  /** Heartbeat older than this marks the feed stale and locks orders (default 3 s). */
  staleAfterMs?: number;
  maxFills?: number;
  /** Markets the context lists: rows for any other are refused as bad frames (listed-markets.ts). */
  isListedMarket?: IsListedMarket;
  /** The clock of the socket (stall watchdog, pings, reconnect delay, send budget) and of health (default real). */
  timers?: Timers;
  /** Default timers.now. */
  now?: () => number;
  log?: (line: string) => void;
}

/** A session on the exchange's trading socket. */
export interface LiveTradingOptions extends CommonOptions {
  /** e.g. ws://127.0.0.1:4000 or wss://app.perpl.xyz (no /api). */
  wsBase: string;
  signer: WsSignInSource;
  /** Reconnect after this much server silence (default 10 s, wire.md 7.8). */
  stallMs?: number;
  /** Ping mt 1 every (default 30 s). */
  pingEveryMs?: number;
  backoff?: BackoffOptions;
  /** Requests per connection (orders, pings); default the mainnet budget (request-limits.ts). */
  requestLimit?: TokenBucketLimit;
  /** Told how long frames wait for the send budget, null once none waits. */
  onThrottle?: ThrottleReport;
  /** Sees every frame and connection event (the `--record` recorder; it strips the sign-in). */
  tap?: FrameTap;
  /** Runs before every frame this session sends (the key thread's armed-order claim, armed-order.ts). */
  beforeSend?: () => void;
  /** Opens each connection (default on this thread; the key thread's, app/key-thread.ts). */
  createSocket?: SocketFactory;
}

/** A session over another link (a replayed recording): nothing signs in, the link answers as the exchange did. */
export interface LinkedTradingOptions extends CommonOptions {
  link(events: TradingLinkEvents): TradingLink;
}

export type TradingSessionOptions = LiveTradingOptions | LinkedTradingOptions;

export interface TradingSessionEvents {
  /** All three snapshots of a connection arrived: state is rebuilt. */
  snapshot?(epoch: number): void;
  heartbeat?(head: number): void;
  ack?(frame: StatusResponseFrame): void;
  /** mt 24 rows as received (including duplicates), for per-rq resolution. */
  orderUpdates?(rows: readonly Order[]): void;
  accountChanged?(lfr: number): void;
  /** mt 27 rows as received (their `e[]` event rows carry what each fill and funding realized). */
  positionUpdates?(rows: readonly Position[]): void;
  /** An update frame (mt 21, 24, 25, 27, 28) was applied to the state. */
  updated?(mt: number): void;
  connection?(view: ConnectionView): void;
}

/** Frames whose loss leaves account/order/position state possibly wrong: a malformed one forces a resync. */
const STATE_FRAMES: ReadonlySet<number> = new Set([19, 21, 23, 24, 25, 26, 27]);

/** mt of a frame that failed to decode, when it is at least JSON with a numeric mt. */
function peekMt(text: string): number | null {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && 'mt' in v && typeof v.mt === 'number') return v.mt;
  } catch {
    // Not JSON (e.g. truncated): a frame that starts like a state frame may still have carried state.
    const m = /^\s*\{\s*"mt"\s*:\s*(\d{1,4})\b/.exec(text.slice(0, 64));
    if (m) return Number(m[1]);
  }
  return null;
}

export class TradingSession {
  readonly state: TradingState;
  private readonly socket: TradingLink;
  private readonly listeners: TradingSessionEvents[] = [];
  private readonly now: () => number;
  private readonly staleAfterMs: number;
  private socketState: ConnectionState = 'closed';
  private lastInfo: ConnectionInfo = { epoch: 0 };
  /** Wall time of the next reconnect attempt while waiting. */
  private retryAtMs: number | null = null;
  private pending = new Set<number>();
  /** Epoch whose snapshots have all arrived; -1 before any. */
  private snapshotEpoch = -1;
  private lastHeartbeatSn: number | null = null;
  private lastHeartbeatAt: number | null = null;
  private resyncReason: string | null = null;
  /** The exchange's reason when it last closed the socket with 3401; null once a sign-in succeeds. */
  private keyRefusal: string | null = null;
  head: number | null = null;
  malformedFrames = 0;
  /** Round trips of our own mt 1 pings (the keep-alive the socket needs anyway; no extra request). */
  private readonly roundTrips = new RoundTripTimes();
  private readonly timers: Timers;
  private healthTimer: TimerHandle | null = null;
  private lastHealth: ConnectionHealth | null = null;

  constructor(private readonly options: TradingSessionOptions) {
    this.state = new TradingState(options.accountId, options.maxFills);
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? this.timers.now;
    this.staleAfterMs = options.staleAfterMs ?? 3_000;
    const signer = 'signer' in options ? options.signer : null;
    const events: TradingLinkEvents = {
      onOpen: (conn) => {
        this.beginResync('signing in');
        // Freshly signed on every connect: a replayed sign-in would be refused (nonce, timestamp).
        if (signer) conn.send(JSON.stringify(signer.signWsSignIn()));
      },
      onFrame: (text, at) => this.onFrame(text, at),
      onStateChange: (state, info) => {
        this.socketState = state;
        this.lastInfo = info;
        this.retryAtMs = info.retryInMs !== undefined ? this.now() + info.retryInMs : null;
        // Kept through the reconnects that follow (each is refused alike) until one signs in.
        if (state !== 'open' && info.code === KEY_REFUSED_CLOSE_CODE) this.keyRefusal = info.reason ?? '';
        if (state !== 'open') {
          this.snapshotEpoch = -1;
          this.roundTrips.clear();
        }
        this.emitConnection();
      },
    };
    this.socket = 'link' in options ? options.link(events) : this.liveSocket(options, events);
  }

  private liveSocket(options: LiveTradingOptions, events: TradingLinkEvents): ReconnectingSocket {
    return new ReconnectingSocket({
      url: `${options.wsBase.replace(/\/+$/, '')}/ws/v1/trading`,
      stallMs: options.stallMs ?? 10_000,
      // Pongs and acks must not keep a dead feed looking alive: only data frames feed the watchdog.
      autoFeedWatchdog: false,
      pingEveryMs: options.pingEveryMs ?? 30_000,
      pingFrame: () => {
        const t = this.now();
        this.roundTrips.pinged(t);
        return JSON.stringify({ mt: MessageType.Ping, t });
      },
      ...(options.backoff ? { backoff: options.backoff } : {}),
      // Every close reconnects (3401, 1001, 1006, 1008, 1011, 1013 alike) with a fresh sign-in; stop() ends it.
      ...events,
      // Messages per second and requests per minute: an order waits in line rather than get the socket closed.
      outboundLimits: [WS_MESSAGE_LIMIT, options.requestLimit ?? MAINNET_TRADING_REQUEST_LIMIT],
      ...(options.onThrottle ? { onThrottle: options.onThrottle } : {}),
      ...(options.tap ? { tap: options.tap } : {}),
      ...(options.beforeSend ? { beforeSend: options.beforeSend } : {}),
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      timers: this.timers,
      ...(options.log ? { log: options.log } : {}),
    });
  }

  on(events: TradingSessionEvents): () => void {
    this.listeners.push(events);
    return () => {
      const i = this.listeners.indexOf(events);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  start(): void {
    this.socket.start();
    this.watchHealth();
  }

  stop(): void {
    if (this.healthTimer) this.timers.clearTimeout(this.healthTimer);
    this.healthTimer = null;
    this.socket.stop();
  }

  /** Health also changes with time alone (a heartbeat grows old): look twice a second. */
  private watchHealth(): void {
    if (this.healthTimer) this.timers.clearTimeout(this.healthTimer);
    const timer = this.timers.setTimeout(() => {
      this.emitConnectionIfChanged();
      // Not re-armed when a listener stopped the session meanwhile.
      if (this.healthTimer === timer) this.watchHealth();
    }, 500);
    timer.unref();
    this.healthTimer = timer;
  }

  /** Connection epoch (successful opens so far). */
  get epoch(): number {
    return this.socket.epoch;
  }
  get isOpen(): boolean {
    return this.socketState === 'open';
  }
  /** The exchange refused the key (close 3401) with this reason, and no sign-in has succeeded since; else null. */
  get keyRefused(): string | null {
    return this.keyRefusal;
  }

  /** True once the current connection's snapshots have all arrived. */
  get synced(): boolean {
    return this.isOpen && this.snapshotEpoch === this.socket.epoch;
  }

  /** The facts the one health rule reads (domain/connection-health.ts). */
  private healthInputs(): HealthInputs {
    const open = this.socketState === 'open';
    return {
      linkState: this.socketState,
      opens: this.socket.epoch,
      retryAtMs: this.retryAtMs,
      closeReason: open ? null : (this.lastInfo.reason ?? null),
      resyncReason: this.resyncReason,
      awaitingSnapshots: open && !this.synced,
      lastDataAt: this.lastHeartbeatAt,
      headBlock: this.head,
      roundTrip: this.roundTrips.figure(this.now()),
      nowMs: this.now(),
      staleAfterMs: this.staleAfterMs,
    };
  }

  health(): ConnectionHealth {
    return connectionHealth(this.healthInputs());
  }

  connectionView(): ConnectionView {
    const view = connectionView(this.healthInputs());
    return this.keyRefusal !== null ? { ...view, keyRefused: this.keyRefusal } : view;
  }

  /**
   * Sends one mt 22. Only the OrderEngine calls this (it is the single sender of orders). When the send
   * budget is used up the frame waits in order (receipt.queued, then written or dropped with its connection).
   */
  sendOrderFrame(frame: OrderRequestFrame, receipt?: SendReceipt): boolean {
    return this.socket.send(JSON.stringify(frame), receipt);
  }

  /** Orders the send budget (wire.md 13/15, request-limits.ts) lets go now without waiting; 0 while down. */
  get sendBudgetLeft(): number {
    return this.socket.sendTokens ?? 0;
  }

  /** Counts a frame the key thread sent against this connection's send budget. */
  spendSendToken(): boolean {
    return this.socket.spendToken?.() ?? false;
  }

  /** When (this session's clock) the feed turns stale and locks orders unless another heartbeat comes; null before any. */
  get liveUntilMs(): number | null {
    return this.lastHeartbeatAt === null ? null : this.lastHeartbeatAt + this.staleAfterMs;
  }

  /** Frames waiting for the send budget on the current connection. */
  get queuedFrames(): number {
    return this.socket.queuedFrames;
  }

  /** Drops the connection and rebuilds from fresh snapshots. */
  resync(reason: string): void {
    this.beginResync(reason);
    this.socket.forceReconnect(reason);
  }

  private beginResync(reason: string): void {
    this.resyncReason = reason;
    this.snapshotEpoch = -1;
    this.pending = new Set([MessageType.WalletSnapshot, MessageType.OrdersSnapshot, MessageType.PositionsSnapshot]);
    this.lastHeartbeatSn = null;
    this.emitConnection();
  }

  private onFrame(text: string, receivedAt: number): void {
    let frame: InboundFrame;
    try {
      frame = decodeInbound(text);
    } catch (e) {
      this.malformedFrames++;
      const mt = peekMt(text);
      const why = userMessage(e);
      // The frame's type and why; never its body (a trading frame may carry account data).
      this.options.log?.(`trading: skipped a malformed frame${mt !== null && !why.includes(`mt ${mt}`) ? ` (mt ${mt})` : ''}: ${why}`);
      if (mt !== null && STATE_FRAMES.has(mt) && this.isOpen) this.resync(`malformed mt ${mt} frame`);
      return;
    }
    if (this.options.isListedMarket) {
      const checked = withListedMarketsOnly(frame, this.options.isListedMarket);
      // Counted and logged, the rest of the frame applied: the server sends the same rows again on a
      // resync, so refusing the whole frame (or resyncing) would only loop.
      if (checked.refused !== null) this.refuseFrame(checked.refused);
      frame = checked.frame;
    }
    this.handle(frame, receivedAt);
  }

  /** Counts a frame (or a REST page of the account's records) that cannot be right as bad, and logs why. */
  refuseFrame(why: string): void {
    this.malformedFrames++;
    this.options.log?.(`trading: refused ${why}`);
  }

  private handle(frame: InboundFrame, receivedAt: number): void {
    const st = this.state;
    switch (frame.mt) {
      case MessageType.WalletSnapshot:
        this.socket.markAlive();
        st.applyWalletSnapshot(frame);
        if (frame.sn !== undefined) {
          this.lastHeartbeatSn = frame.sn;
          this.head = Math.max(this.head ?? 0, frame.sn);
        }
        this.lastHeartbeatAt = receivedAt;
        if (st.account) this.emit((l) => l.accountChanged?.(st.account!.lfr));
        this.snapshotPart(frame.mt);
        return;
      case MessageType.OrdersSnapshot:
        this.socket.markAlive();
        st.replaceOrders(frame.d);
        this.snapshotPart(frame.mt);
        return;
      case MessageType.PositionsSnapshot:
        this.socket.markAlive();
        st.replacePositions(frame.d);
        this.snapshotPart(frame.mt);
        return;
      case MessageType.Heartbeat:
        this.socket.markAlive();
        this.onHeartbeat(frame.sn, frame.h, receivedAt);
        return;
      case MessageType.StatusResponse:
        this.emit((l) => l.ack?.(frame));
        return;
      case MessageType.Pong:
        // Round trip of our own ping (t echoes it; a t we never sent is no round trip); never proof that the feed is alive.
        if (frame.t !== undefined) this.roundTrips.answered(frame.t, this.now());
        return;
    }
    // Updates are applied only on top of this connection's snapshots.
    if (!this.synced) return;
    this.socket.markAlive();
    if (!isTradingUpdate(frame)) return;
    st.applyUpdate(frame);
    this.emit((l) => l.updated?.(frame.mt));
    if (frame.mt === MessageType.AccountUpdate) this.emit((l) => l.accountChanged?.(frame.lfr));
    else if (frame.mt === MessageType.OrdersUpdate) this.emit((l) => l.orderUpdates?.(frame.d));
    else if (frame.mt === MessageType.PositionsUpdate) this.emit((l) => l.positionUpdates?.(frame.d));
  }

  private snapshotPart(mt: number): void {
    if (!this.pending.delete(mt) || this.pending.size > 0) return;
    this.snapshotEpoch = this.socket.epoch;
    this.resyncReason = null;
    this.keyRefusal = null;
    const epoch = this.snapshotEpoch;
    this.emit((l) => l.snapshot?.(epoch));
    this.emitConnection();
  }

  private onHeartbeat(sn: number, head: number, receivedAt: number): void {
    const last = this.lastHeartbeatSn;
    if (last !== null && sn > last + 1) {
      this.options.log?.(`trading: heartbeat gap ${last} -> ${sn}; resyncing`);
      this.resync(`heartbeat gap ${last} -> ${sn}`);
      return;
    }
    if (last !== null && sn <= last) return; // the snapshot's own block, or a duplicate
    this.lastHeartbeatSn = sn;
    this.lastHeartbeatAt = receivedAt;
    this.head = Math.max(this.head ?? 0, head);
    if (this.synced) this.emit((l) => l.heartbeat?.(this.head!));
  }

  private emit(fn: (l: TradingSessionEvents) => void): void {
    for (const l of [...this.listeners]) {
      try {
        fn(l);
      } catch (e) {
        this.options.log?.(`trading listener failed: ${userMessage(e)}`);
      }
    }
  }

  private emitConnection(): void {
    const view = this.connectionView();
    this.lastHealth = view.health;
    this.emit((l) => l.connection?.(view));
  }

  private emitConnectionIfChanged(): void {
    if (this.health() !== this.lastHealth) this.emitConnection();
  }
}

// A WebSocket that stays connected: reconnects with backoff after any close, detects stalls with a
// time-based watchdog, optionally pings (an app frame, and/or protocol pings that time the link), and re-runs the owner's onOpen (sign-in, subscribe) on every
// connection. `epoch` counts successful opens so owners can ask "has there been a reconnect since X".

import { RateGate, type ThrottleReport } from '../rate/rate-gate.js';
import type { TokenBucketLimit } from '../../lib/token-bucket.js';
import { Backoff, type BackoffOptions } from './backoff.js';
import { KeepAlive } from './keepalive.js';
import { RoundTripProbe } from './round-trip-probe.js';
import { CLOSE_ABNORMAL, Socket, type SocketFactory, type SocketOptions, type SocketPort } from './socket.js';
import type { FrameTap } from './tap.js';
import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';
import { Watchdog } from './watchdog.js';
import { errorText } from '../../protocol/errors.js';

export type ConnectionState = 'connecting' | 'open' | 'closed' | 'waiting';

export interface ConnectionInfo {
  /** Close code of the connection that just ended (1006 = network loss, none for a local stall). */
  code?: number;
  /** Close reason from the server, or why this side dropped the connection. */
  reason?: string;
  /** In 'waiting': ms until the next attempt. */
  retryInMs?: number;
  /** Successful opens so far (this connection's number while 'open'). */
  epoch: number;
}

/** What onOpen gets: a sender bound to this one connection (it refuses after that connection ends). */
export interface OpenConnection {
  readonly epoch: number;
  send(text: string, receipt?: SendReceipt): boolean;
}

/** For a sender that must know when its frame really left (orders: the ack timer starts then). */
export interface SendReceipt {
  /** Called during send(): the frame waits behind the outbound rate limit. */
  queued?(): void;
  /** A frame that waited is now written to the socket. */
  written?(): void;
  /** A frame that waited will never be written: its connection ended first. */
  dropped?(): void;
}

/**
 * interface.md 8: about 50 messages a second per connection. 40 keeps headroom; a burst of 40 lets a
 * subscribe or a handful of orders out at once.
 */
export const WS_MESSAGE_LIMIT: TokenBucketLimit = { capacity: 40, refillPerSec: 40 };

export interface ReconnectingSocketOptions {
  url: string;
  /** Runs on EVERY (re)connect, before any frame of that connection is delivered. */
  onOpen?: (conn: OpenConnection) => void;
  onFrame: (text: string, receivedAtMs: number) => void;
  onStateChange?: (state: ConnectionState, info: ConnectionInfo) => void;
  /** Reconnect when no server frame arrived for this long (default: no watchdog). */
  stallMs?: number;
  /** Told about a stall just before the reconnect it causes (owners mark their state suspect). */
  onStall?: (silentForMs: number) => void;
  /**
   * When true (default) every inbound frame counts as a sign of life. Set false and call markAlive()
   * yourself when some frames (pongs, acks) must not keep a dead feed looking alive.
   */
  autoFeedWatchdog?: boolean;
  /** Send pingFrame() this often while open (never on market-data sockets). */
  pingEveryMs?: number;
  pingFrame?: () => string;
  /**
   * Times the link with protocol-level pings while open, the first at once (round-trip-probe.ts): no
   * request budget is spent. Pongs never feed the stall watchdog.
   */
  roundTrip?: RoundTripOptions;
  backoff?: Backoff | BackoffOptions;
  /** Return false to stay down after this close (default: always reconnect). */
  shouldReconnect?: (code: number, reason: string) => boolean;
  socket?: SocketOptions;
  timers?: Timers;
  /** Diagnostic lines (never frame contents). */
  log?: (line: string) => void;
  /** Sees every frame in and out and every open/close (recording); must not throw. */
  tap?: FrameTap;
  /**
   * Outbound frames of one connection wait, in order, for a token of every one of these buckets (fresh
   * buckets per connection, as the server counts). Default: WS_MESSAGE_LIMIT.
   */
  outboundLimits?: readonly TokenBucketLimit[];
  /** Told how long outbound frames wait for a token, null once none waits. */
  onThrottle?: ThrottleReport;
  /**
   * Runs first in every send(), before the send budget is counted: the armed-frame claim (armed-frame.ts),
   * so an armed frame never leaves after a later one and one the key thread sent is counted before this.
   */
  beforeSend?: () => void;
  /** Opens each connection attempt (default: a Socket on this thread; the key thread's for trading). */
  createSocket?: SocketFactory;
}

export interface RoundTripOptions {
  everyMs: number;
  /** A protocol ping left at `sentAt`: the owner records it. */
  sent(sentAt: number): void;
  /** A pong naming the ping sent at `sentAt` arrived at `receivedAt`: true when it answers one recorded. */
  answered(sentAt: number, receivedAt: number): boolean;
}

/** Server asked us to come back at once (wire.md 8.11: 1001 going away). */
const CLOSE_GOING_AWAY = 1001;

export class ReconnectingSocket {
  private readonly options: ReconnectingSocketOptions;
  private readonly timers: Timers;
  private readonly backoff: Backoff;
  private readonly watchdog: Watchdog | null;
  private readonly keepAlive: KeepAlive | null;
  private readonly probe: RoundTripProbe | null;
  private readonly autoFeed: boolean;

  private socket: SocketPort | null = null;
  /** Bumped whenever a socket is abandoned, so late events from it are ignored. */
  private generation = 0;
  private currentState: ConnectionState = 'closed';
  private openCount = 0;
  private retryTimer: TimerHandle | null = null;
  private healthySinceOpen = false;
  private lastError: string | null = null;
  /** The open connection's outbound queue; null while not open. */
  private outbound: RateGate | null = null;

  constructor(options: ReconnectingSocketOptions) {
    this.options = options;
    this.timers = options.timers ?? realTimers;
    this.backoff = options.backoff instanceof Backoff ? options.backoff : new Backoff(options.backoff);
    this.autoFeed = options.autoFeedWatchdog ?? true;
    this.watchdog =
      options.stallMs !== undefined && options.stallMs > 0
        ? new Watchdog({
            timeoutMs: options.stallMs,
            timers: this.timers,
            onStall: (ms) => {
              options.onStall?.(ms);
              this.forceReconnect(`stalled: no frame for ${(ms / 1000).toFixed(1)} s`);
            },
          })
        : null;
    if (options.pingEveryMs !== undefined && options.pingEveryMs > 0) {
      const pingFrame = options.pingFrame;
      if (!pingFrame) throw new RangeError('pingEveryMs needs pingFrame');
      this.keepAlive = new KeepAlive({
        everyMs: options.pingEveryMs,
        timers: this.timers,
        sendPing: () => this.send(pingFrame()),
      });
    } else {
      this.keepAlive = null;
    }
    const roundTrip = options.roundTrip;
    this.probe =
      roundTrip && roundTrip.everyMs > 0
        ? new RoundTripProbe({
            everyMs: roundTrip.everyMs,
            timers: this.timers,
            sendPing: (payload) => this.currentState === 'open' && this.socket !== null && this.socket.ping(payload),
            sent: (at) => roundTrip.sent(at),
            answered: (sentAt, at) => roundTrip.answered(sentAt, at),
          })
        : null;
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  /** Number of successful opens; increments on every (re)connect. */
  get epoch(): number {
    return this.openCount;
  }

  get bufferedAmount(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  /** Connects (no-op unless closed). */
  start(): void {
    if (this.currentState !== 'closed') return;
    this.connect();
  }

  /** Closes for good: no reconnect, no timers left behind. */
  stop(): void {
    if (this.currentState === 'open') this.tapSafely((tap) => tap.closed?.(undefined, 'stopped', this.timers.now()));
    this.clearRetry();
    this.stopConnectionTimers();
    this.abandonSocket();
    if (this.currentState !== 'closed') this.setState('closed', { reason: 'stopped' });
  }

  /**
   * Sends on the current connection: at once when the outbound budget allows, else after the frames
   * already waiting (receipt.queued is told). False when no connection is open or the write failed.
   */
  send(text: string, receipt?: SendReceipt): boolean {
    this.options.beforeSend?.();
    const outbound = this.outbound;
    if (this.currentState !== 'open' || this.socket === null || outbound === null) return false;
    let waited = false;
    let wroteNow = false;
    const ranNow = outbound.submit(
      () => {
        const ok = this.write(text);
        if (!waited) wroteNow = ok;
        else if (ok) receipt?.written?.();
        else receipt?.dropped?.();
      },
      { dropped: () => receipt?.dropped?.() },
    );
    if (ranNow) return wroteNow;
    waited = true;
    receipt?.queued?.();
    return true;
  }

  /** Frames this connection could send now without waiting (0 when no connection is open). */
  get sendTokens(): number {
    return this.outbound?.available() ?? 0;
  }

  /** Counts a frame the key thread sent on this connection against its send budget (RateGate.spend). */
  spendToken(): boolean {
    return this.outbound?.spend() ?? false;
  }

  /** Frames still waiting for the outbound budget on this connection. */
  get queuedFrames(): number {
    return this.outbound?.waiting ?? 0;
  }

  private write(text: string): boolean {
    const sent = this.currentState === 'open' && this.socket !== null && this.socket.send(text);
    if (sent) this.tapSafely((tap) => tap.frame('out', text, this.timers.now()));
    return sent;
  }

  /** A recorder's failure must never break the connection it watches. */
  private tapSafely(fn: (tap: FrameTap) => void): void {
    const tap = this.options.tap;
    if (!tap) return;
    try {
      fn(tap);
    } catch (e) {
      this.options.log?.(`ws tap threw: ${errorText(e)}`);
    }
  }

  /** Counts as a sign of life for the stall watchdog (when autoFeedWatchdog is false). */
  markAlive(): void {
    this.watchdog?.feed();
  }

  /** Drops the current connection (or attempt) and reconnects after the backoff delay. */
  forceReconnect(reason: string): void {
    if (this.currentState !== 'open' && this.currentState !== 'connecting') return;
    if (this.currentState === 'open') this.tapSafely((tap) => tap.closed?.(undefined, reason, this.timers.now()));
    this.stopConnectionTimers();
    this.abandonSocket();
    this.scheduleReconnect(undefined, reason);
  }

  private connect(): void {
    this.retryTimer = null;
    this.lastError = null;
    this.healthySinceOpen = false;
    const generation = ++this.generation;
    const mine = (): boolean => generation === this.generation;
    this.setState('connecting', {});
    try {
      const open = this.options.createSocket ?? ((url, events, options) => new Socket(url, events, options));
      this.socket = open(
        this.options.url,
        {
          open: () => mine() && this.handleOpen(generation),
          message: (text) => mine() && this.handleMessage(text),
          error: (message) => {
            if (mine()) this.lastError = message;
          },
          close: (code, reason) => mine() && this.handleClose(code, reason),
          pong: (payload) => mine() && this.probe?.pong(payload, this.timers.now()),
        },
        this.options.socket,
      );
    } catch (e) {
      // A URL the ws library refuses outright: retrying the same URL cannot help, but the owner
      // sees the reason and can stop(); keep the loop uniform.
      this.socket = null;
      this.scheduleReconnect(undefined, errorText(e));
    }
  }

  private handleOpen(generation: number): void {
    this.openCount += 1;
    this.outbound = new RateGate({
      limits: this.options.outboundLimits ?? [WS_MESSAGE_LIMIT],
      timers: this.timers,
      ...(this.options.onThrottle ? { onThrottle: this.options.onThrottle } : {}),
    });
    this.setState('open', {});
    if (this.openCount > 1) this.options.log?.(`ws ${this.options.url}: connected again (connection ${this.openCount})`);
    this.watchdog?.start();
    this.keepAlive?.start();
    // Before the owner's first frame: the first round trip is not measured behind the snapshots it asks for.
    this.probe?.start();
    const epoch = this.openCount;
    this.tapSafely((tap) => tap.opened?.(epoch, this.timers.now()));
    const conn: OpenConnection = {
      epoch,
      send: (text, receipt) => generation === this.generation && this.send(text, receipt),
    };
    try {
      this.options.onOpen?.(conn);
    } catch (e) {
      this.forceReconnect(`onOpen failed: ${errorText(e)}`);
    }
  }

  private handleMessage(text: string): void {
    const receivedAt = this.timers.now();
    this.tapSafely((tap) => tap.frame('in', text, receivedAt));
    if (this.autoFeed) this.watchdog?.feed();
    if (!this.healthySinceOpen) {
      // The server talked back: the connection works, so the next failure starts at the short delay.
      this.healthySinceOpen = true;
      this.backoff.reset();
    }
    try {
      this.options.onFrame(text, receivedAt);
    } catch (e) {
      // An owner bug must not kill the socket's event loop; it is reported, not swallowed silently.
      this.options.log?.(`ws onFrame threw: ${errorText(e)}`);
    }
  }

  private handleClose(code: number, reason: string): void {
    this.socket = null;
    this.stopConnectionTimers();
    const why = reason !== '' ? reason : (this.lastError ?? (code === CLOSE_ABNORMAL ? 'connection lost' : ''));
    if (this.currentState === 'open') this.tapSafely((tap) => tap.closed?.(code, why, this.timers.now()));
    if (this.options.shouldReconnect && !this.options.shouldReconnect(code, why)) {
      this.options.log?.(`ws ${this.options.url}: closed (close ${code}${why ? `: ${why}` : ''}), not reconnecting`);
      this.setState('closed', { code, reason: why });
      return;
    }
    this.scheduleReconnect(code, why);
  }

  private scheduleReconnect(code: number | undefined, reason: string): void {
    this.clearRetry();
    const immediate = code === CLOSE_GOING_AWAY && this.backoff.attempts === 0;
    const delay = immediate ? 0 : this.backoff.nextDelayMs();
    const why = `${code !== undefined ? `close ${code}` : ''}${code !== undefined && reason !== '' ? ': ' : ''}${reason}`;
    this.options.log?.(`ws ${this.options.url}: reconnecting in ${delay} ms (${why || 'connection lost'})`);
    this.setState('waiting', { ...(code !== undefined ? { code } : {}), reason, retryInMs: delay });
    this.retryTimer = this.timers.setTimeout(() => this.connect(), delay);
  }

  private abandonSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.generation += 1;
    socket?.terminate();
  }

  /** Ends the connection's timers and its outbound queue (waiting frames are dropped, their owners told). */
  private stopConnectionTimers(): void {
    this.watchdog?.stop();
    this.keepAlive?.stop();
    this.probe?.stop();
    const outbound = this.outbound;
    this.outbound = null;
    outbound?.clear(new Error('connection closed'));
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
  }

  private setState(state: ConnectionState, info: Omit<ConnectionInfo, 'epoch'>): void {
    this.currentState = state;
    this.options.onStateChange?.(state, { ...info, epoch: this.openCount });
  }
}

// One server-side socket: serialises frames, refuses to queue without bound (close 1013 like live),
// and can be stalled (frames held, then delivered in order) or closed by the fault injector.

import type { WebSocket } from 'ws';
import { CloseCode } from '../../protocol/index.js';

/** Bytes the socket may have queued before the server gives up on a slow reader. */
export const DEFAULT_SEND_BUFFER_LIMIT = 8 * 1024 * 1024;
/** Frames held during a stall before the socket is treated as a slow reader. */
const STALL_QUEUE_LIMIT = 50_000;

export type ConnectionKind = 'md' | 'tr';

export class SimConnection {
  /** Held until the stall's timer delivers the queue: a late timer must not let newer frames pass older ones. */
  private stalled = false;
  private stallQueue: string[] = [];
  private stallTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** A protocol pong arrived since the last ping. */
  private answeredPing = true;
  readonly remoteAddress: string | undefined;

  constructor(
    readonly id: string,
    readonly kind: ConnectionKind,
    private readonly ws: WebSocket,
    remoteAddress: string | undefined,
    private readonly sendBufferLimit = DEFAULT_SEND_BUFFER_LIMIT,
  ) {
    this.remoteAddress = remoteAddress;
    ws.on('close', () => this.markClosed());
    ws.on('pong', () => (this.answeredPing = true));
  }

  /**
   * Called every ping interval: a socket that did not answer the previous protocol ping is closed
   * 1008 "ping timeout" (as live); otherwise it is pinged again.
   */
  keepAlive(): void {
    if (!this.isOpen) return;
    if (!this.answeredPing) return this.close(CloseCode.PolicyViolation, 'ping timeout');
    this.answeredPing = false;
    this.ws.ping();
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN;
  }

  get isStalled(): boolean {
    return this.stalled;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  send(frame: object): void {
    this.sendRaw(JSON.stringify(frame));
  }

  /** Sends text as is (garbage frames use this). */
  sendRaw(text: string): void {
    if (!this.isOpen) return;
    if (this.isStalled) {
      if (this.stallQueue.length >= STALL_QUEUE_LIMIT) return this.close(CloseCode.TryAgainLater, 'send buffer overflow');
      this.stallQueue.push(text);
      return;
    }
    if (this.ws.bufferedAmount > this.sendBufferLimit) return this.close(CloseCode.TryAgainLater, 'send buffer overflow');
    this.ws.send(text);
  }

  /** Holds every frame for `ms`, then delivers them in order. */
  stall(ms: number): void {
    if (!this.isOpen) return;
    this.stalled = true;
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => {
      this.stalled = false;
      const queued = this.stallQueue;
      this.stallQueue = [];
      for (const text of queued) this.sendRaw(text);
    }, ms);
    this.stallTimer.unref();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.markClosed();
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
    // A reader that never drains its buffer would keep the close handshake pending forever.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  /** Drops the TCP connection without a close frame (the client sees 1006). */
  terminate(): void {
    this.markClosed();
    this.ws.terminate();
  }

  private markClosed(): void {
    this.closed = true;
    this.stalled = false;
    clearTimeout(this.stallTimer);
    this.stallQueue = [];
  }
}

// One WebSocket connection attempt, wrapped: text in, text out, close code and reason out.
// permessage-deflate is off (about 20x slower per message with `ws`; ARCHITECTURE.md).
// The close reason is the server's text (up to 123 bytes): it leaves here sanitized, like decoded strings.

import WebSocket from 'ws';
import { sanitizeText } from '../../protocol/sanitize-text.js';

export interface SocketEvents {
  open(): void;
  /** One inbound frame as UTF-8 text. */
  message(text: string): void;
  /** Called exactly once per socket, also when the connection never opened. */
  close(code: number, reason: string): void;
  /** Network or protocol error; a close follows. The message never holds frame contents. */
  error(message: string): void;
  /** A protocol-level pong (not a message) with its payload as text. */
  pong?(payload: string): void;
}

export interface SocketOptions {
  /** Gives up on a handshake that takes longer (default 10 s). */
  handshakeTimeoutMs?: number;
  /** Largest inbound frame accepted in bytes (default 16 MiB). */
  maxPayload?: number;
  headers?: Record<string, string>;
}

/** What ReconnectingSocket needs of one connection: a Socket here, or one owned by the key thread (app/key-thread.ts). */
export type SocketPort = Pick<Socket, 'isOpen' | 'bufferedAmount' | 'send' | 'ping' | 'close' | 'terminate'>;

/** Opens one connection attempt (default: a Socket on this thread). */
export type SocketFactory = (url: string, events: SocketEvents, options?: SocketOptions) => SocketPort;

/** Close code recorded when the socket went away without a close frame (network loss). */
export const CLOSE_ABNORMAL = 1006;

export class Socket {
  private readonly ws: WebSocket;
  private closed = false;

  constructor(url: string, events: SocketEvents, options: SocketOptions = {}) {
    this.ws = new WebSocket(url, {
      perMessageDeflate: false,
      handshakeTimeout: options.handshakeTimeoutMs ?? 10_000,
      maxPayload: options.maxPayload ?? 16 * 1024 * 1024,
      ...(options.headers ? { headers: options.headers } : {}),
    });
    this.ws.on('open', () => events.open());
    this.ws.on('message', (data: WebSocket.RawData) => events.message(rawToText(data)));
    this.ws.on('error', (err: Error) => events.error(sanitizeText(err.message)));
    this.ws.on('pong', (data: Buffer) => events.pong?.(data.toString('utf8')));
    this.ws.on('close', (code: number, reason: Buffer) => {
      if (this.closed) return;
      this.closed = true;
      events.close(code, sanitizeText(reason.toString('utf8')));
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Bytes queued in user space but not yet handed to the kernel. */
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  /** Queues one text frame; false (nothing sent) when the socket is not open. */
  send(text: string): boolean {
    return this.whileOpen(() => this.ws.send(text));
  }

  /**
   * Sends a protocol-level ping (RFC 6455 control frame): answered by the peer's WebSocket layer, not read
   * as a request (no request budget). False when the socket is not open.
   */
  ping(payload: string): boolean {
    return this.whileOpen(() => this.ws.ping(payload));
  }

  /** Runs `write` on an open socket; false when it is not open or the write throws (a socket closing under it). */
  private whileOpen(write: () => void): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    try {
      write();
      return true;
    } catch {
      return false;
    }
  }

  /** Polite close with a close frame. */
  close(code = 1000, reason = ''): void {
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }

  /** Drops the connection at once (no close handshake; used on stalls where the peer may be gone). */
  terminate(): void {
    this.ws.terminate();
  }
}

function rawToText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

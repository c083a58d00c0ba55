// Small HTTP helpers: bounded body reading and JSON / empty replies.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { http } from '../../lib/node-http.js';
import type { Duplex } from 'node:stream';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * A body over the limit is read to its end and dropped (up to this many bytes in all), so the client,
 * still sending, can read the 413: closing a socket with unread data makes the kernel send a reset,
 * and the client then sees "connection reset" instead of the answer. Past this the 413 goes out at once
 * and the connection lingers (see sendThenLinger) before it is closed.
 */
export const MAX_DRAINED_BODY_BYTES = 8 * 1024 * 1024;

/** How long a body past the drain cap is still read (and dropped) after its 413 went out. */
export const LINGER_MS = 2_000;

export class BodyTooLarge extends Error {
  /** True when the body was still arriving past the drain cap: answer with sendThenLinger. */
  constructor(readonly stillArriving = false) {
    super('body too large');
  }
}
/** The client went away before its body ended: nobody is left to answer, and it is not our error. */
export class BodyAborted extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, drainLimit = MAX_DRAINED_BODY_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Past the cap the answer need not wait for the end; what still arrives is read and dropped.
      if (size > drainLimit) reject(new BodyTooLarge(true));
      if (size > limit) chunks.length = 0;
      else chunks.push(c);
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge()) : resolve(new Uint8Array(Buffer.concat(chunks)))));
    req.on('error', () => reject(new BodyAborted()));
  });
}

export interface Reply {
  status: number;
  /** JSON-serialised when an object; sent as text when a string; no body when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, ...(headers ? { headers } : {}) };
}

/** Error replies carry a short plain-text reason (live has no JSON error envelope). */
export function errorReply(status: number, reason = ''): Reply {
  return { status, body: reason };
}

export function send(res: ServerResponse, r: Reply): void {
  const headers: Record<string, string> = { ...r.headers };
  let payload = '';
  if (typeof r.body === 'string') {
    payload = r.body;
    if (payload) headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (r.body !== undefined) {
    payload = JSON.stringify(r.body);
    headers['content-type'] ??= 'application/json';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(r.status, headers);
  res.end(payload);
}

/**
 * Answers while the client is still sending (a body past the drain cap), then closes gently: once the
 * answer is written, a FIN follows it, what keeps arriving is read and dropped for up to LINGER_MS, and
 * only then is the connection cut. Cutting at once would leave unread data, and the kernel answers that
 * with a reset which a client still writing sees instead of the 413 (a client that writes its whole body
 * before reading never reads it). No `connection: close` header: with it node cuts at once after the
 * answer; the FIN says the same.
 */
export function sendThenLinger(req: IncomingMessage, res: ServerResponse, r: Reply): void {
  res.once('finish', () => {
    const socket = req.socket;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  send(res, r);
}

/** A whole HTTP/1.1 answer as text, for a socket that has no ServerResponse (an upgrade, a connection refused before its request). */
export function rawReply(status: number, reason: string): string {
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(reason)}\r\nconnection: close\r\n\r\n${reason}`;
}

/**
 * sendThenLinger for a raw socket: the answer, then a FIN; what still arrives is read and dropped for up
 * to LINGER_MS, and then the connection is cut (cutting at once, with unread data, sends a reset).
 */
export function endThenLinger(socket: Duplex, answer: string): void {
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.end(answer);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * The answer to an upgrade request that carries a body (none should: the body would be read as socket
 * frames, and a 10 MiB one got a reset): 413 past MAX_BODY_BYTES or of unknown length, else 400.
 */
export function upgradeBodyRefusal(req: IncomingMessage): string | null {
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && !(length > 0)) return null;
  return chunked || !(length <= MAX_BODY_BYTES) ? rawReply(413, 'body too large') : rawReply(400, 'an upgrade request carries no body');
}

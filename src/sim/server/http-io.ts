// Small HTTP helpers: bounded body reading and JSON / empty replies.

import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * A body over the limit is read to its end and dropped (up to this many bytes in all), so the client,
 * still sending, can read the 413: closing a socket with unread data makes the kernel send a reset,
 * and the client then sees "connection reset" instead of the answer. Past this a flood is cut off.
 */
export const MAX_DRAINED_BODY_BYTES = 8 * 1024 * 1024;

export class BodyTooLarge extends Error {}
/** The client went away before its body ended: nobody is left to answer, and it is not our error. */
export class BodyAborted extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, drainLimit = MAX_DRAINED_BODY_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > drainLimit) {
        req.destroy();
        reject(new BodyTooLarge());
        return;
      }
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

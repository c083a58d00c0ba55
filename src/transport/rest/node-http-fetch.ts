// The REST client's one HTTP exchange over node:http / node:https. Node's global fetch is undici: its first
// call loads ~0.8 MB of JavaScript and compiles llhttp from WebAssembly, 14-16 MB resident for good (both
// Nodes, bench soak), for the few small JSON reads the terminal makes. node:http's parser is native.
// Only what RestTransport uses: method, headers, a string body, abort, redirects refused (fetch's
// redirect: 'error'), status, two headers, the body as text.

import http from 'node:http';
import https from 'node:https';
import { gunzipSync } from 'node:zlib';

export interface RestFetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  redirect: 'error';
}

export interface RestResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The part of fetch the REST client calls; the global fetch is one too (tests, --record). */
export type RestFetch = (url: string, init: RestFetchInit) => Promise<RestResponse>;

/** A redirect is refused as fetch's `redirect: 'error'` refuses it: a network error, its target never asked. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A compressed body larger than this once inflated is refused (a small answer must not become gigabytes). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export const nodeHttpFetch: RestFetch = (url, init) =>
  new Promise<RestResponse>((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!transport) return reject(new TypeError(`${target.protocol} is not an HTTP address`));
    // As fetch: an aborted exchange rejects with the signal's reason (the caller's, or the timeout's).
    const failure = (e: unknown): unknown => (init.signal.aborted ? init.signal.reason : e);
    const headers = { 'accept-encoding': 'gzip', ...init.headers };
    const req = transport.request(target, { method: init.method, headers, signal: init.signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        return reject(new TypeError(`redirect (${status}) refused`));
      }
      const body = readBody(res).catch((e: unknown) => Promise.reject(failure(e)));
      // Read at once (a paused body would hold its socket); a failure is the caller's when it asks for the text.
      body.catch(() => undefined);
      resolve({ status, headers: { get: (name) => headerText(res.headers[name.toLowerCase()]) }, text: () => body });
    });
    req.on('error', (e) => reject(failure(e)));
    req.end(init.body);
  });

function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function readBody(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('close', () => {
      if (!res.complete) reject(new Error('the connection closed before the whole answer arrived'));
    });
    res.on('end', () => {
      try {
        resolve(new TextDecoder().decode(decoded(Buffer.concat(chunks), res.headers['content-encoding'])));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  const name = encoding?.trim().toLowerCase() ?? 'identity';
  if (name === 'identity' || name === '') return bytes;
  if (name === 'gzip' || name === 'x-gzip') return gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
  throw new Error(`the answer's content encoding ${name} is not one the client asked for`);
}

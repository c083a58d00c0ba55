// REST dispatch under /api: fault injection, rate limits, auth for signed routes, then the handler.
// The signed request-target is the path and query exactly as received, minus the `/api` mount.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_HEADERS } from '../../protocol/index.js';
import { BodyAborted, BodyTooLarge, errorReply, MAX_DRAINED_BODY_BYTES, readBody, send, sendThenLinger, type Reply } from './http-io.js';
import type { HistoryKind } from './history-cursor.js';
import type { StoredKey } from './key-store.js';
import { KeyedLimiter } from './rate-limiter.js';
import { postBatchOrders } from './rest-batch.js';
import { postEnroll, postPayload } from './rest-enroll.js';
import {
  getAllFunding,
  getAnnouncements,
  getBook,
  getCandles,
  getContext,
  getMarketFunding,
  getTicker,
} from './rest-market.js';
import { getHistory, getOpenOrders, getPositions, getRefCode, getWallet } from './rest-trading.js';
import type { SimState } from './sim-state.js';

const API_MOUNT = '/api';

type PublicHandler = (state: SimState, m: RegExpExecArray, q: URLSearchParams) => Reply;
type SignedHandler = (state: SimState, key: StoredKey, q: URLSearchParams) => Reply;

const PUBLIC_GET: [RegExp, PublicHandler][] = [
  [/^\/v1\/pub\/context$/, (s) => getContext(s)],
  [/^\/v1\/market-data\/([^/]+)\/candles\/([^/]+)\/([^/]+)$/, (s, m) => getCandles(s, m[1]!, m[2]!, m[3]!)],
  [/^\/v1\/market-data\/funding\/([^/]+)$/, (s, m) => getAllFunding(s, m[1]!)],
  [/^\/v1\/market-data\/([^/]+)\/funding\/([^/]+)$/, (s, m) => getMarketFunding(s, m[1]!, m[2]!)],
  [/^\/v1\/market-data\/([^/]+)\/book$/, (s, m, q) => getBook(s, m[1]!, q)],
  [/^\/v1\/market-data\/ticker$/, (s) => getTicker(s, undefined)],
  [/^\/v1\/market-data\/([^/]+)\/ticker$/, (s, m) => getTicker(s, m[1]!)],
  [/^\/v1\/profile\/announcements$/, () => getAnnouncements()],
];

const history = (kind: HistoryKind): SignedHandler => (s, k, q) => getHistory(s, k, kind, q);

const SIGNED_GET: Record<string, SignedHandler> = {
  '/v1/trading/wallet': (s, k) => getWallet(s, k),
  '/v1/trading/orders': (s, k) => getOpenOrders(s, k),
  '/v1/trading/positions': (s, k) => getPositions(s, k),
  '/v1/trading/fills': history('fills'),
  '/v1/trading/order-history': history('order-history'),
  '/v1/trading/position-history': history('position-history'),
  '/v1/trading/account-history': history('account-history'),
  '/v1/profile/ref-code': (s, k) => getRefCode(s, k),
};

type SignedBodyHandler = (state: SimState, key: StoredKey, body: Uint8Array) => Reply;

const SIGNED_POST: Record<string, SignedBodyHandler> = {
  '/v1/trading/orders': (s, k, b) => postBatchOrders(s, k, b),
};

const ENROLL_PATHS = new Set(['/v1/api-key/payload', '/v1/api-key/enroll']);

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function corsHeaders(state: SimState, origin: string | undefined): Record<string, string> {
  if (!origin || !state.limits.allowedOrigins.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    vary: 'Origin',
  };
}

export class RestRouter {
  private readonly publicLimiter: KeyedLimiter;
  private readonly authedLimiter: KeyedLimiter;

  constructor(private readonly state: SimState) {
    this.publicLimiter = new KeyedLimiter(state.limits.restPublicPerMin);
    this.authedLimiter = new KeyedLimiter(state.limits.restAuthedPerMin);
  }

  /** True when the request was for /api (handled here); false leaves it to the caller. */
  handles(req: IncomingMessage): boolean {
    const url = req.url ?? '';
    return url === API_MOUNT || url.startsWith(`${API_MOUNT}/`) || url.startsWith(`${API_MOUNT}?`);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    let reply: Reply;
    try {
      reply = await this.route(req);
    } catch (e) {
      if (e instanceof BodyTooLarge && e.stillArriving) {
        // Past the drain cap: the 413 goes out now, then the connection lingers before it is cut.
        if (!res.headersSent && !res.destroyed) sendThenLinger(req, res, errorReply(413, 'body too large'));
        this.state.log(`${req.method} ${(req.url ?? '').split('?')[0]} -> 413, body past ${MAX_DRAINED_BODY_BYTES / 1024 / 1024} MiB still arriving (${Date.now() - started} ms)`);
        return;
      }
      // The body was read to its end (see readBody), so closing after the answer sends no reset.
      if (e instanceof BodyTooLarge) reply = { ...errorReply(413, 'body too large'), headers: { connection: 'close' } };
      else if (e instanceof BodyAborted) {
        this.state.log(`${req.method} ${(req.url ?? '').split('?')[0]} -> client went away mid-body`);
        res.destroy();
        return;
      } else {
        this.state.warn(`internal error on ${req.method} ${req.url?.split('?')[0]}: ${(e as Error).message}`);
        reply = errorReply(500, 'internal error');
      }
    }
    const answered = !res.headersSent && !res.destroyed;
    if (answered) send(res, reply);
    const outcome = answered ? String(reply.status) : 'connection cut';
    this.state.log(`${req.method} ${(req.url ?? '').split('?')[0]} -> ${outcome} (${Date.now() - started} ms)`);
  }

  private async route(req: IncomingMessage): Promise<Reply> {
    const raw = req.url ?? '';
    const target = raw.slice(API_MOUNT.length);
    const qAt = target.indexOf('?');
    const path = qAt < 0 ? target : target.slice(0, qAt);
    const query = new URLSearchParams(qAt < 0 ? '' : target.slice(qAt + 1));
    const method = (req.method ?? 'GET').toUpperCase();
    const origin = header(req, 'origin');
    const body = await readBody(req);

    const faultStatus = this.state.faults.httpFault(path);
    if (faultStatus !== undefined) {
      const headers: Record<string, string> = faultStatus === 429 ? { 'retry-after': '1' } : {};
      return { status: faultStatus, body: 'injected fault', headers };
    }

    if (ENROLL_PATHS.has(path)) {
      const cors = corsHeaders(this.state, origin);
      if (method === 'OPTIONS') return { status: 204, headers: cors };
      if (method !== 'POST') return errorReply(405, 'method not allowed');
      const limited = this.limit(this.publicLimiter, `ip:${req.socket.remoteAddress ?? ''}`);
      if (limited) return limited;
      const r = path.endsWith('/payload') ? postPayload(this.state, body, origin) : await postEnroll(this.state, body, origin);
      return { ...r, headers: { ...r.headers, ...cors } };
    }

    const signedGet = method === 'GET' ? SIGNED_GET[path] : undefined;
    const signedPost = method === 'POST' ? SIGNED_POST[path] : undefined;
    if (signedGet || signedPost) {
      const auth = this.state.auth.verifyRest(
        {
          apiKey: header(req, AUTH_HEADERS.key),
          timestamp: header(req, AUTH_HEADERS.timestamp),
          nonce: header(req, AUTH_HEADERS.nonce),
          signature: header(req, AUTH_HEADERS.signature),
        },
        { method, target, body, remoteAddress: req.socket.remoteAddress },
        Date.now(),
      );
      if (!auth.ok) {
        this.state.log(`${auth.rateLimited ? 429 : 401} ${path}: ${auth.reason}`);
        return auth.rateLimited ? { status: 429, body: 'too many requests', headers: { 'retry-after': '30' } } : errorReply(401, 'unauthorized');
      }
      const limited = this.limit(this.authedLimiter, `key:${auth.key.token}`);
      if (limited) return limited;
      return signedGet ? signedGet(this.state, auth.key, query) : signedPost!(this.state, auth.key, body);
    }
    if (SIGNED_GET[path] || SIGNED_POST[path]) return errorReply(405, 'method not allowed');

    for (const [pattern, handler] of PUBLIC_GET) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (method !== 'GET') return errorReply(405, 'method not allowed');
      return this.limit(this.publicLimiter, `ip:${req.socket.remoteAddress ?? ''}`) ?? handler(this.state, m, query);
    }
    return errorReply(404, 'not found');
  }

  private limit(limiter: KeyedLimiter, id: string): Reply | undefined {
    const r = limiter.take(id, Date.now());
    return r.ok ? undefined : { status: 429, body: 'too many requests', headers: { 'retry-after': String(r.retryAfterSec) } };
  }
}

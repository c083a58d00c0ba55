// Builds the request URL and the request-target that is signed, from one string, once.
// The signed target is taken from the parsed URL that is actually sent, so percent-encoding done by
// the URL parser can never make the signed bytes differ from the sent bytes.

import { InputError } from '../../protocol/errors.js';

export type QueryValue = string | number | bigint | boolean | undefined;
/** Query parameters in the order they are sent; `undefined` values are left out. */
export type Query = ReadonlyArray<readonly [string, QueryValue]> | Readonly<Record<string, QueryValue>>;

export interface RequestTarget {
  /** Absolute URL to send to. */
  url: string;
  /** Path and query relative to the REST base, e.g. `/v1/trading/fills?count=100` (what is signed). */
  target: string;
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const entries = Array.isArray(query) ? query : Object.entries(query);
  const params = new URLSearchParams();
  for (const [k, v] of entries as Array<readonly [string, QueryValue]>) {
    if (v !== undefined) params.append(k, String(v));
  }
  return params.toString();
}

/**
 * Joins the REST base (ending in /api) with a path (`/v1/...`, optionally with its own query; a leading
 * `/api` is tolerated and dropped) and extra query parameters appended in order.
 */
export function buildRequestTarget(restBase: string, pathAndQuery: string, query?: Query): RequestTarget {
  if (!pathAndQuery.startsWith('/')) {
    throw new InputError(`request path "${pathAndQuery}" must start with /`, { hint: 'e.g. /v1/pub/context' });
  }
  if (pathAndQuery.includes('#')) throw new InputError(`request path "${pathAndQuery}" must not contain #`);
  const relative = pathAndQuery.replace(/^\/api(?=\/|\?|$)/, '');
  const [path = '', ownQuery] = splitOnce(relative, '?');
  const extra = queryString(query);
  const search = [ownQuery, extra].filter((q): q is string => q !== undefined && q !== '').join('&');
  const base = new URL(restBase);
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${base.origin}${basePath}${path}${search ? `?${search}` : ''}`);
  if (!url.pathname.startsWith(`${basePath}/`)) {
    throw new InputError(`request path "${pathAndQuery}" leaves the API base`);
  }
  return { url: url.href, target: `${url.pathname.slice(basePath.length)}${url.search}` };
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

// The two enrollment endpoints are unsigned JSON POSTs: a small fetch wrapper is all they need.
// No Origin header unless one is asked for (a non-whitelisted Origin gets 422; none is accepted).
// The server's error message is untrusted text: it comes out of here sanitized (protocol/sanitize-text.ts).
// Redirects are never followed: a 307 would resend the signed enrollment, unchanged, to wherever the
// server points (a plain-http remote host, past the --insecure check), so a redirect is refused.

import { PermanentError, TransientError } from '../protocol/errors.js';
import { sanitizeText } from '../protocol/sanitize-text.js';

export interface PostJsonOptions {
  origin?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
  /** A short server message for errors (`error` / `message` field, or the start of the text), sanitized. */
  message: string | undefined;
}

/** Longest server message kept. */
const MAX_MESSAGE_CHARS = 200;

function errorMessageOf(body: unknown, text: string): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const o = body as Record<string, unknown>;
    for (const k of ['error', 'message', 'msg']) if (typeof o[k] === 'string') return sanitizeText(o[k], MAX_MESSAGE_CHARS);
  }
  const t = text.trim();
  return t === '' ? undefined : sanitizeText(t, MAX_MESSAGE_CHARS);
}

/** A redirect answer, refused: where it pointed is the server's text, shown sanitized. */
function redirectRefused(url: string, res: Response): PermanentError {
  const location = res.headers.get('location');
  const to = location === null ? '' : ` to ${sanitizeText(location, 200)}`;
  return new PermanentError(`POST ${url} answered a redirect (${res.status}${to}): refused, nothing was sent there`, {
    hint: 'give the exchange\'s own REST address as --base-url (ending in /api); enrollment never follows a redirect',
  });
}

export async function postJson(url: string, body: unknown, options: PostJsonOptions = {}): Promise<JsonAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.origin !== undefined) headers.origin = options.origin;
  const doFetch = options.fetchImpl ?? fetch;
  let res: Response;
  let text: string;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      redirect: 'manual',
    });
    text = await res.text();
  } catch (cause) {
    const why = cause instanceof Error && cause.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new TransientError(`POST ${url} ${why}`, { cause, hint: 'check the network address and your connection' });
  }
  if (res.status >= 300 && res.status <= 399) throw redirectRefused(url, res);
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, message: res.ok ? undefined : errorMessageOf(parsed, text) };
}

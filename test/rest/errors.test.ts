// Failures become the right error class with a useful hint, and never reveal headers or the token.

import { describe, expect, it } from 'vitest';
import { DecodeError, PermanentError } from '../../src/protocol/errors.js';
import {
  ConflictError,
  ForbiddenError,
  LockedError,
  NotFoundError,
  UnauthorizedError,
  parseRetryAfter,
} from '../../src/transport/rest/errors.js';
import { API_TOKEN, makeClient } from './fixtures.js';
import { useTestServer } from './test-server.js';

const server = useTestServer();

const id = (v: unknown) => v;

async function failure(run: () => Promise<unknown>): Promise<Error> {
  const e = await run().then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof Error)) throw new Error('expected the request to fail');
  return e;
}

describe('REST errors', () => {
  it('401-names-the-request-and-hints-at-clock-key-pair-expiry-and-allow-list', async () => {
    server.reset(() => ({ status: 401, body: 'invalid signature' }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.get('/v1/trading/fills', id, { signed: true, query: { count: 5 } }));
    expect(e).toBeInstanceOf(UnauthorizedError);
    const u = e as UnauthorizedError;
    expect(u.status).toBe(401);
    expect(u.method).toBe('GET');
    expect(u.target).toBe('/v1/trading/fills?count=5');
    expect(u.shortMessage).toContain('GET /v1/trading/fills?count=5');
    expect(u.shortMessage).toContain('invalid signature');
    for (const word of [/clock/, /private key/, /expired/, /allow-list/]) expect(u.hint).toMatch(word);
  });

  it('error-never-contains-the-token-or-signature-even-if-the-server-echoes-them', async () => {
    server.reset((req) => ({ status: 401, body: `bad key ${String(req.headers['x-api-key'])} sig ${String(req.headers['x-api-signature'])}` }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.get('/v1/trading/wallet', id, { signed: true }));
    const everything = `${e.message}\n${String((e as PermanentError).hint)}\n${JSON.stringify(e)}`;
    expect(everything).not.toContain(API_TOKEN);
    expect(everything).toContain('[redacted]');
    // Request headers are never copied into errors.
    expect(everything).not.toMatch(/x-api-/i);
  });

  it('error-body-is-inert: escape sequences and bidi controls in a body are shown as escapes, never raw', async () => {
    server.reset(() => ({ status: 400, body: 'bad\u001b]0;PWNED\u0007 order\u001b]52;c;ZXZpbA==\u0007\u009b2J\u202e' }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.get('/v1/trading/fills', id, { signed: true }));
    const everything = `${e.message}\n${(e as PermanentError & { bodyText: string }).bodyText}`;
    expect(everything).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect((e as PermanentError).shortMessage).toContain('bad\\x1b]0;PWNED\\x07 order\\x1b]52;c;ZXZpbA==\\x07\\x9b2J\\u202e');
  });

  it('404-on-trading-path-says-create-an-exchange-account-in-the-web-app', async () => {
    server.reset(() => ({ status: 404 }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.wallet());
    expect(e).toBeInstanceOf(NotFoundError);
    expect((e as NotFoundError).hint).toMatch(/no exchange account/);
    expect((e as NotFoundError).hint).toContain('http://127.0.0.1');
    expect((e as NotFoundError).bodyText).toBe('');
  });

  it('ref-code-404-with-empty-body-is-null-not-an-error', async () => {
    server.reset(() => ({ status: 404 }));
    const { client } = makeClient(server.baseUrl);
    await expect(client.refCode()).resolves.toBeNull();
  });

  it('403-hints-at-trade-scope', async () => {
    server.reset(() => ({ status: 403, body: 'api key lacks trade scope' }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.post('/v1/trading/orders', { d: [] }, { signed: true }));
    expect(e).toBeInstanceOf(ForbiddenError);
    expect((e as ForbiddenError).hint).toMatch(/trade scope/);
  });

  it('enrollment-409-and-423-explain-fresh-key-and-key-limit', async () => {
    const { client } = makeClient(server.baseUrl, { signed: false });
    server.reset(() => ({ status: 409 }));
    const c = await failure(() => client.post('/v1/api-key/enroll', {}));
    expect(c).toBeInstanceOf(ConflictError);
    expect((c as ConflictError).hint).toMatch(/fresh key pair/);
    server.reset(() => ({ status: 423 }));
    const l = await failure(() => client.post('/v1/api-key/enroll', {}));
    expect(l).toBeInstanceOf(LockedError);
    expect((l as LockedError).hint).toMatch(/16 active/);
    expect((l as LockedError).hint).toMatch(/\/apikeys$/);
  });

  it('non-json-success-body-is-a-decode-error-naming-the-request', async () => {
    server.reset(() => ({ status: 200, body: '<html>oops</html>' }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(() => client.context());
    expect(e).toBeInstanceOf(DecodeError);
    expect((e as DecodeError).shortMessage).toContain('GET /v1/pub/context');
  });

  it('wrong-shape-body-is-a-decode-error-with-the-field-path', async () => {
    server.reset(() => ({ status: 200, body: { d: [{ oops: 1 }] } }));
    const { client } = makeClient(server.baseUrl);
    const e = await failure(async () => {
      for await (const _ of client.history('fills')) void _;
    });
    expect(e).toBeInstanceOf(DecodeError);
    expect((e as DecodeError).path).toMatch(/^d\[0\]/);
  });

  it('signed-request-without-a-key-says-how-to-get-one', async () => {
    const { client } = makeClient(server.baseUrl, { signed: false });
    const e = await failure(() => client.wallet());
    expect(e).toBeInstanceOf(PermanentError);
    const hint = (e as PermanentError).hint ?? '';
    expect(hint).toMatch(/`perpl keys new`/);
    // Every `perpl keys <sub>` named in the hint is a real subcommand (it once said `keys create`).
    const named = [...hint.matchAll(/perpl keys ([a-z-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const sub of named) expect(['new', 'enroll', 'list', 'show', 'remove']).toContain(sub);
    expect(server.requests).toHaveLength(0);
  });

  it('retry-after-accepts-seconds-and-http-dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

// api-output-is-inert: `perpl api` prints the server's answer as JSON; a C1 CSI, DEL or bidi control in
// it (which JSON.stringify leaves raw) is printed as a \u escape, so the JSON means the same and nothing
// in it drives the terminal. A failure's body is shown sanitized too.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/subcommands/api.js';
import { API_TOKEN, CHAIN_ID, SEED } from './fixtures.js';
import { TestServer } from './test-server.js';

const HOSTILE = 'x\u001b]0;PWNED\u0007\u009b2J\u007f\u202eevil\u2066';
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const KEY_ENV = { PERPL_API_KEY: API_TOKEN, PERPL_API_SECRET: `0x${Buffer.from(SEED).toString('hex')}` };

const server = new TestServer();
let baseUrl = '';
let dir = '';
beforeAll(async () => {
  baseUrl = await server.start();
  dir = mkdtempSync(join(tmpdir(), 'perpl-api-inert-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function perplApi(path: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const env = { PERPL_HOME: join(dir, 'home'), ...KEY_ENV };
  const code = await run(['GET', path, '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], { out: (t) => out.push(t), err: (t) => err.push(t), env, fetch: globalThis.fetch });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('perpl api output is inert', () => {
  it('api-output-is-inert: hostile strings in an answer print as escapes, and the JSON means the same', async () => {
    const body = { markets: [{ symbol: HOSTILE, [HOSTILE]: 1 }] };
    server.reset(() => ({ status: 200, body }));
    const r = await perplApi('/v1/pub/context');
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(UNSAFE);
    expect(JSON.parse(r.out)).toEqual(body);
  });

  it('api-error-is-inert: a refusal body with escape sequences is printed as escapes', async () => {
    server.reset(() => ({ status: 400, body: HOSTILE }));
    const r = await perplApi('/v1/trading/orders');
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(UNSAFE);
    expect(r.err).toContain('x\\x1b]0;PWNED\\x07');
  });
});

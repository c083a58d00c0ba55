// `perpl api`: the dry-run prints exactly what would be signed and sent; real runs print the body;
// failures exit non-zero with message and hint. The seed never appears in any output.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_FILE_BYTES, run, type ApiIo } from '../../src/cli/subcommands/api.js';
import { verifyEd25519 } from '../../src/auth/ed25519.js';
import { fromBase64url } from '../../src/protocol/canonical.js';
import { API_TOKEN, CHAIN_ID, PUBLIC_KEY, SEED } from './fixtures.js';
import { TestServer, serverAcceptsSignature } from './test-server.js';

const SEED_HEX = Buffer.from(SEED).toString('hex');
const server = new TestServer();
let baseUrl = '';
let dir = '';
beforeAll(async () => {
  baseUrl = await server.start();
  dir = mkdtempSync(join(tmpdir(), 'perpl-api-cli-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => server.reset(() => ({ status: 200, body: { ok: true } })));

interface Captured {
  code: number;
  out: string;
  err: string;
}

/** Runs the command with captured output; `fetch` refuses unless `allowNetwork`. */
async function perplApi(argv: string[], env: NodeJS.ProcessEnv, allowNetwork = false): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const io: ApiIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: { PERPL_HOME: join(dir, 'home'), ...env },
    fetch: allowNetwork ? globalThis.fetch : () => Promise.reject(new Error('the dry run must not touch the network')),
  };
  const code = await run(argv, io);
  const captured = { code, out: out.join('\n'), err: err.join('\n') };
  // Whatever happened, the seed and the token are never printed (the signature only with --show-signature).
  expect(captured.out + captured.err).not.toContain(SEED_HEX);
  expect(captured.out + captured.err).not.toContain(API_TOKEN);
  return captured;
}

const KEY_ENV = { PERPL_API_KEY: API_TOKEN, PERPL_API_SECRET: `0x${SEED_HEX}` };

describe('perpl api', () => {
  it('dry-run-shows-neither-the-token-nor-a-replayable-signature', async () => {
    const r = await perplApi(['GET', '/v1/trading/fills?count=5', '--network', 'testnet', '--dry-run'], KEY_ENV);
    expect(r.code).toBe(0);
    const headers = (JSON.parse(r.out) as { headers: Record<string, string>; canonical: string }).headers;
    expect(headers['X-API-Key']).toBe(`[masked …${API_TOKEN.slice(-4)}]`);
    expect(headers['X-API-Signature']).toMatch(/^\[hidden: replayable for 30 s; --show-signature prints it\]$/);
    // The signature the dry run made is not in the output under any spelling: only a fixed placeholder is.
    expect(r.out + r.err).not.toMatch(/[A-Za-z0-9_-]{80,}/);
    expect(r.err).toBe('');
  });

  it('dry-run-with-show-signature-prints-exactly-one-json-object-with-the-four-headers-and-the-canonical-string', async () => {
    const r = await perplApi(['GET', '/v1/trading/fills?count=5', '--network', 'testnet', '--dry-run', '--show-signature'], KEY_ENV);
    expect(r.err).toMatch(/replayed for 30 s/);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(['method', 'url', 'target', 'headers', 'canonical']);
    expect(printed.method).toBe('GET');
    expect(printed.url).toBe('https://testnet.perpl.xyz/api/v1/trading/fills?count=5');
    expect(printed.target).toBe('/v1/trading/fills?count=5');
    const headers = printed.headers as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(['X-API-Key', 'X-API-Nonce', 'X-API-Signature', 'X-API-Timestamp']);
    expect(headers['X-API-Key']).toBe(`[masked …${API_TOKEN.slice(-4)}]`);
    const canonical = printed.canonical as string;
    expect(canonical.split('\n')).toEqual([
      '10143',
      'GET',
      '/v1/trading/fills?count=5',
      headers['X-API-Timestamp'],
      headers['X-API-Nonce'],
      createHash('sha256').update('').digest('hex'),
    ]);
    expect(verifyEd25519(PUBLIC_KEY, canonical, fromBase64url(headers['X-API-Signature']!))).toBe(true);
  });

  it('dry-run-post-signs-the-body-bytes-given', async () => {
    const body = '{"d":[],"note":"x y"}';
    const r = await perplApi(['post', '/v1/trading/orders', '--body', body, '--network', 'mainnet', '--dry-run'], KEY_ENV);
    const printed = JSON.parse(r.out) as { method: string; canonical: string };
    expect(printed.method).toBe('POST');
    expect(printed.canonical.split('\n')[0]).toBe('143');
    expect(printed.canonical.split('\n')[5]).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('dry-run-reads-a-0600-key-file-and-a-custom-base-url', async () => {
    const file = join(dir, 'key.json');
    writeFileSync(file, JSON.stringify({ api_key: API_TOKEN, private_key: SEED_HEX }), { mode: 0o600 });
    const r = await perplApi(['GET', '/v1/pub/context', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID), '--key-file', file, '--dry-run'], {});
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as { url: string; canonical: string };
    expect(printed.url).toBe(`${baseUrl}/v1/pub/context`);
    expect(printed.canonical.startsWith(`${CHAIN_ID}\nGET\n/v1/pub/context\n`)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('real-run-sends-a-verifiable-request-and-prints-the-pretty-json-body', async () => {
    server.reset(() => ({ status: 200, body: { sn: 5, d: [] } }));
    const r = await perplApi(['GET', '/v1/trading/orders', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], KEY_ENV, true);
    expect(r.code).toBe(0);
    expect(r.out).toBe(JSON.stringify({ sn: 5, d: [] }, null, 2));
    expect(serverAcceptsSignature(server.requests[0]!, CHAIN_ID, PUBLIC_KEY)).toBe(true);
  });

  it('unsigned-flag-sends-no-auth-headers', async () => {
    await perplApi(['GET', '/v1/pub/context', '--base-url', baseUrl, '--chain-id', '1', '--unsigned'], KEY_ENV, true);
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('http-failure-exits-non-zero-with-message-and-hint-and-no-token', async () => {
    server.reset(() => ({ status: 401, body: `unknown key ${API_TOKEN}` }));
    const r = await perplApi(['GET', '/v1/trading/wallet', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], KEY_ENV, true);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^perpl api: GET \/v1\/trading\/wallet failed: 401/);
    expect(r.err).toMatch(/\nhint: .*clock/);
    expect(r.err).not.toContain(API_TOKEN);
    expect(r.out).toBe('');
  });

  it('unsigned-401-says-no-key-was-used: a request that went out without a key says so in its hint', async () => {
    server.reset(() => ({ status: 401, body: 'missing X-API-Key' }));
    const r = await perplApi(['GET', '/v1/trading/fills', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], {}, true);
    expect(r.code).toBe(1);
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
    expect(r.err).toMatch(/\nhint: no key was used: none was found/);
  });

  it('signed-401-names-the-key-used: the hint names the key by source and public key, never its secret', async () => {
    server.reset(() => ({ status: 401, body: 'revoked' }));
    const r = await perplApi(['GET', '/v1/trading/fills', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], KEY_ENV, true);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`hint: key used: environment`);
    expect(r.err).toContain(`public key 0x${Buffer.from(PUBLIC_KEY).toString('hex').slice(0, 16)}`);
  });

  it.each([
    [['GET'], 2, /expected METHOD and PATH/],
    [['FETCH', '/v1/x'], 2, /unknown HTTP method/],
    [['GET', '/v1/x', '--bogus'], 2, /bogus/],
    [['GET', '/v1/x', '--body', '{nope'], 2, /not valid JSON/],
    [['GET', '/v1/x', '--network', 'devnet'], 1, /unknown network/],
    [['GET', '/v1/x', '--base-url', 'https://x.example/api'], 1, /--chain-id/],
    [['GET', '/v1/x', '--network', 'local'], 1, /local exchange address/],
    [['GET', '/v1/x', '--network', 'testnet', '--show-signature'], 2, /--show-signature works with --dry-run only/],
    [['GET', '/v1/x', '--base-url', 'http://exchange.example.com/api', '--chain-id', '1'], 1, /refused without --insecure/],
  ])('bad-invocation-%j-fails-clearly', async (argv, code, message) => {
    const r = await perplApi(argv, KEY_ENV);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
  });

  it('body-file-read-without-a-check: --body @FILE reads a regular JSON file of up to 1 MiB, and refuses a device, a folder or more', async () => {
    const ok = join(dir, 'body.json');
    writeFileSync(ok, '{"d":[]}');
    const read = await perplApi(['post', '/v1/trading/orders', '--body', `@${ok}`, '--network', 'mainnet', '--dry-run'], KEY_ENV);
    expect(read.code).toBe(0);
    expect((JSON.parse(read.out) as { canonical: string }).canonical.split('\n')[5]).toBe(createHash('sha256').update('{"d":[]}').digest('hex'));
    const big = join(dir, 'big.json');
    writeFileSync(big, `{"pad":"${'x'.repeat(MAX_BODY_FILE_BYTES)}"}`);
    // /dev/zero never ends and is no regular file: it used to be read until memory ran out.
    for (const [file, reason] of [[big, 'is larger than 1 MiB'], ['/dev/zero', 'is a device, not a regular file'], [dir, 'is a folder, not a regular file']] as const) {
      const r = await perplApi(['post', '/v1/trading/orders', '--body', `@${file}`, '--network', 'mainnet', '--dry-run'], KEY_ENV);
      expect(r.code, file).toBe(2);
      expect(r.err).toContain(`the body file ${file} ${reason}: not read`);
    }
  });

  it('body-fifo-hung: --body @FIFO is refused at once, not waited on', () => {
    const fifo = join(dir, 'body.fifo');
    execFileSync('mkfifo', [fifo]);
    // In a child process: a read that blocks on the FIFO would block this worker for good.
    const script = `import { run } from ${JSON.stringify(new URL('../../src/cli/subcommands/api.ts', import.meta.url).href)};
      const err = [];
      await run(['post', '/v1/trading/orders', '--body', '@${fifo}', '--network', 'mainnet', '--dry-run'], { out: () => {}, err: (t) => err.push(t), env: { PERPL_HOME: ${JSON.stringify(join(dir, 'home'))}, PERPL_API_KEY: ${JSON.stringify(API_TOKEN)}, PERPL_API_SECRET: '0x${SEED_HEX}' }, fetch: () => Promise.reject(new Error('no network')) });
      process.stdout.write(err.join('\\n'));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000, encoding: 'utf8' });
    expect(out).toContain(`the body file ${fifo} is a FIFO, not a regular file: not read`);
  });

  it('plain-text-to-a-remote-host-is-sent-only-with-insecure', async () => {
    const argv = ['GET', '/v1/pub/context', '--base-url', 'http://exchange.example.com/api', '--chain-id', '1', '--dry-run'];
    const refused = await perplApi(argv, KEY_ENV);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^perpl api: plain-text REST address http:\/\/exchange\.example\.com\/api .*--insecure/);
    expect(refused.out).toBe('');
    const accepted = await perplApi([...argv, '--insecure'], KEY_ENV);
    expect(accepted.code).toBe(0);
    expect((JSON.parse(accepted.out) as { url: string }).url).toBe('http://exchange.example.com/api/v1/pub/context');
  });

  it('dry-run-without-a-key-says-how-to-configure-one', async () => {
    const r = await perplApi(['GET', '/v1/pub/context', '--network', 'testnet', '--dry-run'], {});
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no API key/);
    expect(r.err).toMatch(/hint: .*--key-file/);
  });

  it('key-for-another-chain-is-refused-before-sending', async () => {
    const r = await perplApi(['GET', '/v1/trading/wallet', '--network', 'testnet'], { ...KEY_ENV, PERPL_CHAIN_ID: '143' });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/chain 143/);
  });

  it('help-documents-that-local-needs-base-url', async () => {
    const r = await perplApi(['--help'], {});
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/perpl sim/);
    expect(r.out).toMatch(/--base-url/);
  });

  it('paginate-follows-np-and-prints-every-record-once', async () => {
    server.reset((req) => {
      const page = new URL(req.rawUrl, 'http://x').searchParams.get('page');
      if (page === null) return { status: 200, body: { d: [{ n: 1 }, { n: 2 }], np: 'P2' } };
      if (page === 'P2') return { status: 200, body: { d: [{ n: 3 }], np: '' } };
      return { status: 400 };
    });
    const r = await perplApi(['GET', '/v1/trading/account-history?count=2', '--paginate', '--base-url', baseUrl, '--chain-id', String(CHAIN_ID)], KEY_ENV, true);
    // stderr holds only which key signed (every call says it; stdout stays the JSON).
    expect(r.err).toMatch(/^key used: environment[^\n]*, public key 0x[0-9a-f]{16}…$/);
    expect(JSON.parse(r.out)).toEqual({ d: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    expect(server.requests.map((q) => q.rawUrl)).toEqual(['/api/v1/trading/account-history?count=2', '/api/v1/trading/account-history?count=2&page=P2']);
    expect(server.requests.every((q) => serverAcceptsSignature(q, CHAIN_ID, PUBLIC_KEY))).toBe(true);
  });

  it('paginate-refuses-writes', async () => {
    const r = await perplApi(['POST', '/v1/trading/orders', '--paginate', '--network', 'testnet'], KEY_ENV);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/GET only/);
  });
});

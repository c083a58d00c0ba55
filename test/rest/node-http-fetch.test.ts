// The REST client reads over node:http (src/transport/rest/node-http-fetch.ts), not the global fetch: undici
// stays unloaded (14-16 MB resident on both Nodes), and what the client relied on fetch for still holds.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/transport/rest/errors.js';
import { makeClient } from './fixtures.js';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpl-rest-http-'));
const id = (v: unknown): unknown => v;

/** Paths the server answers in its own way; every request's path is recorded. */
const asked: string[] = [];
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/api/v1/gzip') {
      const gzipped = req.headers['accept-encoding']?.includes('gzip') === true;
      res.writeHead(200, { 'content-type': 'application/json', ...(gzipped ? { 'content-encoding': 'gzip' } : {}) });
      return res.end(gzipped ? gzipSync(JSON.stringify({ gzipped: true, text: 'é€' })) : JSON.stringify({ gzipped: false }));
    }
    if (req.url === '/api/v1/moved') {
      res.writeHead(307, { location: `${base}/v1/target` });
      return res.end();
    }
    if (req.url === '/api/v1/cut') {
      // Promises 1,000 bytes, sends 10, then drops the connection.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      return setTimeout(() => res.socket?.destroy(), 20);
    }
    res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('REST over node:http', () => {
  it('rest-reads-load-no-undici: a fresh process reads through the REST client with undici never loaded', async () => {
    const script = join(dir, 'reads.mts');
    writeFileSync(
      script,
      `const { makeClient } = await import(${JSON.stringify(join(ROOT, 'test/rest/fixtures.ts'))});
const { client } = makeClient(${JSON.stringify(base)}, { signed: false });
const answers = [await client.get('/v1/plain', (v) => v), await client.get('/v1/gzip', (v) => v)];
console.log(JSON.stringify({ answers, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));`,
    );
    // Not spawnSync: this process's server must answer while the child runs.
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null')).toEqual({ answers: [{ ok: true }, { gzipped: true, text: 'é€' }], undici: false });
  });

  it('gzip-answer-is-read-as-its-json: the client asks for gzip and reads the inflated UTF-8 text', async () => {
    const { client } = makeClient(base, { signed: false });
    await expect(client.get('/v1/gzip', id)).resolves.toEqual({ gzipped: true, text: 'é€' });
  });

  it('redirect-is-refused-and-never-followed: a 307 is a network error and its target is never asked', async () => {
    asked.length = 0;
    const { client } = makeClient(base, { signed: false });
    // A write: not retried, so the one request is the only one.
    await expect(client.post('/v1/moved', { x: 1 })).rejects.toBeInstanceOf(NetworkError);
    expect(asked).toEqual(['/api/v1/moved']);
  });

  it('answer-cut-short-is-a-network-error: a connection dropped mid-body is not read as a short body', async () => {
    const { client } = makeClient(base, { signed: false });
    await expect(client.post('/v1/cut', {})).rejects.toBeInstanceOf(NetworkError);
  });
});

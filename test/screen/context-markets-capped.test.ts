// context-markets-past-the-cap-counted-as-bad: an exchange whose context lists far more markets than any
// real one (100,000 took the terminal to 1.2 GB) is read up to the cap; the markets past it are dropped
// unread and counted with the bad frames on the status bar. Served by a bare HTTP server: nothing else
// is needed before the context is counted.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTui } from '../../src/app/tui.js';
import { MAX_CONTEXT_MARKETS } from '../../src/protocol/decode/context.js';
import { CONTEXT_EXAMPLE } from '../../src/protocol/decode/wire-examples.js';
import { createVirtualTerminal, eventually } from '../helpers/terminal.js';

const LISTED = MAX_CONTEXT_MARKETS + 44;
let server: Server;
let base = '';
let savedCi: string | undefined;
const home = mkdtempSync(join(tmpdir(), 'perpl-context-cap-'));

beforeAll(async () => {
  savedCi = process.env.CI;
  process.env.CI = 'false';
  const market = (CONTEXT_EXAMPLE.markets as Record<string, unknown>[])[0]!;
  const markets = Array.from({ length: LISTED }, (_, i) => ({ ...market, id: i + 1, symbol: `M${i + 1}` }));
  const body = JSON.stringify({ ...CONTEXT_EXAMPLE, markets });
  server = createServer((req, res) => {
    if (req.url === '/api/v1/pub/context') res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

it('context-markets-past-the-cap-counted-as-bad: the picker holds the first 256, the status bar counts the 44 dropped', async () => {
  const vt = createVirtualTerminal(200, 50);
  const app = await startTui({
    local: { rest: `${base}/api`, ws: base.replace('http', 'ws'), chainId: 31337 },
    home,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
  });
  try {
    await eventually(() => app.store.getState().markets.length > 0, 15_000, 'the context loaded');
    expect(app.store.getState().markets).toHaveLength(MAX_CONTEXT_MARKETS);
    expect(app.store.getState().badFrames.context).toBe(44);
    await vt.waitFor('44 bad frames', 10_000);
  } finally {
    await app.quit();
    vt.dispose();
  }
}, 60_000);

// No network must be a visible state, never a crash.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTui, type TuiHandle } from '../../src/app/tui.js';
import { startSim } from '../../src/sim/index.js';
import { createVirtualTerminal, type VirtualTerminal } from '../helpers/terminal.js';

/** A loopback port with nothing listening (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let app: TuiHandle | null = null;
let vt: VirtualTerminal | null = null;
afterEach(async () => {
  await app?.quit();
  vt?.dispose();
  app = null;
  vt = null;
});

describe('offline start', () => {
  it('testnet-unreachable: shows TESTNET, READ-ONLY and "disconnected, retrying in Ns" instead of crashing', async () => {
    const port = await closedPort();
    vt = createVirtualTerminal(200, 50);
    app = await startTui({
      network: 'testnet',
      baseUrl: `http://127.0.0.1:${port}`,
      stdout: vt.stdout as unknown as NodeJS.WriteStream,
      stdin: vt.stdin as unknown as NodeJS.ReadStream,
    });
    const screen = await vt.waitFor(/disconnected, retrying in \d+s/, 15_000);
    const status = screen.split('\n')[0] ?? '';
    expect(status).toContain('TESTNET');
    expect(status).toContain('READ-ONLY');
    const footer = await vt.waitFor((s) => (s.split('\n')[48] ?? '').includes('no context'));
    expect(footer.split('\n')[48]).toContain('q quit'); // the notice does not push the keys off the line
  });

  it('market-data-socket-refused-still-shows-the-screen: the context loads but the book never comes; the screen shows the connection state, not a blank terminal', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-offline-md-'));
    const sim = await startSim({ port: 0, home, quiet: true, flowStepsPerSec: 0 });
    try {
      const port = await closedPort();
      vt = createVirtualTerminal(200, 50);
      app = await startTui({
        local: { rest: sim.rest, ws: `ws://127.0.0.1:${port}`, chainId: sim.chainId },
        home,
        stdout: vt.stdout as unknown as NodeJS.WriteStream,
        stdin: vt.stdin as unknown as NodeJS.ReadStream,
      });
      const screen = await vt.waitFor(/disconnected, retrying in \d+s/, 15_000);
      // The layout is there around it (the markets came with the context), with the keys to leave.
      expect(screen).toContain('BTC');
      expect(screen.split('\n')[48]).toContain('q quit');
      expect(app.store.getState().book?.bids ?? []).toEqual([]);
    } finally {
      await app?.quit();
      app = null;
      await sim.stop();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('bad-network-name: refuses before touching the terminal', async () => {
    vt = createVirtualTerminal(80, 24);
    await expect(
      startTui({ network: 'moonnet', stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream }),
    ).rejects.toThrow(/unknown network/);
    expect(vt.stdout.raw).toBe('');
  });

  it('plain-text-to-a-remote-host: refused before touching the terminal, naming --insecure', async () => {
    vt = createVirtualTerminal(80, 24);
    await expect(
      startTui({
        network: 'testnet',
        baseUrl: 'http://exchange.example.com/api',
        stdout: vt.stdout as unknown as NodeJS.WriteStream,
        stdin: vt.stdin as unknown as NodeJS.ReadStream,
      }),
    ).rejects.toThrow(/http:\/\/exchange\.example\.com\/api .*refused without --insecure/);
    expect(vt.stdout.raw).toBe('');
  });
});

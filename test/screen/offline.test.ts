// No network must be a visible state, never a crash.

import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTui, type TuiHandle } from '../../src/app/tui.js';
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

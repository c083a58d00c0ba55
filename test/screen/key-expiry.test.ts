// key-expiry-countdown (issue 7 item 6): a key whose expires_at is near shows its time left in the
// status bar ("key 43:12"), counting down every second, and "KEY EXPIRED" once the moment has passed.
// The keys are issued by the local exchange with that expiry and written as key files the way the
// exchange writes its demo key, so the app loads them the way it loads any key.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-key-expiry-', { blockMs: 100, seed: 9, flowStepsPerSec: 10 });

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

/** A read+trade key of a fresh wallet that the exchange treats as expiring at `expiresAt`, as a key file. */
function keyExpiringAt(expiresAt: number): { keyFile: string; home: string } {
  const wallet = exchange.sim.control.createWallet({ orderForwarding: true });
  const key = exchange.sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade, expiresAt });
  const home = mkdtempSync(join(tmpdir(), 'perpl-expiring-'));
  homes.push(home);
  const keyFile = writeDemoKeyFile(home, {
    api_key: key.apiKey,
    private_key: key.seedHex,
    network: 'local',
    chain_id: exchange.sim.chainId,
    scope_mask: ScopeMask.ReadTrade,
    expires_at: expiresAt,
    rest: exchange.sim.rest,
    ws: exchange.sim.ws,
  });
  return { keyFile, home };
}

const countdown = (screen: string): string | null => /key (\d\d:\d\d|\d+h\d\dm)/.exec(screen)?.[1] ?? null;

describe('key expiry in the status bar', () => {
  it('key-expiry-countdown: 43 minutes out it reads "key 43:1x" and counts down by the second (200x50)', async () => {
    const { keyFile, home } = keyExpiringAt(Date.now() + 43 * 60_000 + 15_000);
    const running = await exchange.open(200, 50, undefined, { keyFile, home });
    await eventually(() => running.app.store.getState().trading.keyExpiresAt !== null, 15_000, 'the key expiry in the store');
    const first = await running.vt.waitFor(/key 43:1\d/, 10_000);
    const shown = countdown(first)!;
    expect(shown).toMatch(/^43:1[0-5]$/);
    // It ticks: a later paint shows less time left.
    const later = await running.vt.waitFor((s) => {
      const c = countdown(s);
      return c !== null && c < shown;
    }, 5_000);
    expect(countdown(later)! < shown).toBe(true);
    expect(later).not.toContain('KEY EXPIRED');
    expect(later).not.toContain('READ-ONLY');
  });

  it('key-expired-shown: a key expiring in a few seconds counts 00:0x, then says KEY EXPIRED (80x24)', async () => {
    const { keyFile, home } = keyExpiringAt(Date.now() + 6_000);
    const running = await exchange.open(80, 24, undefined, { keyFile, home });
    const before = await running.vt.waitFor(/key 00:0\d/, 10_000);
    expect(before).not.toContain('KEY EXPIRED');
    await running.vt.waitFor('KEY EXPIRED', 10_000);
    expect(countdown(running.vt.screenText())).toBeNull();
  });

  it('a key without expiry shows no countdown', async () => {
    const { keyFile, home } = keyExpiringAt(0);
    const running = await exchange.open(200, 50, undefined, { keyFile, home });
    await eventually(() => running.app.store.getState().keyScope === 'trade', 15_000, 'the key loaded');
    await running.vt.waitFor('● live', 15_000);
    expect(countdown(running.vt.screenText())).toBeNull();
    expect(running.vt.screenText()).not.toContain('KEY EXPIRED');
  });
});

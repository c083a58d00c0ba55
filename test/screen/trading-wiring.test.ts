// Trading wiring: with the local exchange's demo key the app signs in and copies the account into the
// store; with a read-only key it shows READ-ONLY; with no key it stays market data only.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { eventually } from '../helpers/terminal.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';

const exchange = useScreenExchange('perpl-trading-screen-', { blockMs: 100, seed: 5, flowStepsPerSec: 20 });

describe('trading wiring', () => {
  it('signs in with the demo key and copies the account into the trading slice', async () => {
    const running = await exchange.open(120, 40, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
    const { store } = running.app;
    await eventually(() => store.getState().trading.account !== null, 10_000, 'account in the store');
    const t = store.getState().trading;
    expect(t.enabled).toBe(true);
    expect(store.getState().keyScope).toBe('trade');
    await eventually(() => store.getState().trading.lockReason === null, 10_000, 'orders unlocked');
  });

  it('a read-only key shows READ-ONLY and the engine reports why orders are locked', async () => {
    const w = exchange.sim.control.createWallet({ orderForwarding: true });
    const key = exchange.sim.control.issueKey({ address: w.address, scopeMask: ScopeMask.Read });
    const roHome = mkdtempSync(join(tmpdir(), 'perpl-ro-'));
    try {
      const keyFile = writeDemoKeyFile(roHome, {
        api_key: key.apiKey,
        private_key: key.seedHex,
        network: 'local',
        chain_id: exchange.sim.chainId,
        scope_mask: ScopeMask.Read,
        expires_at: 0,
        rest: exchange.sim.rest,
        ws: exchange.sim.ws,
      });
      const running = await exchange.open(120, 40, undefined, { keyFile, home: roHome });
      const { store } = running.app;
      await eventually(() => store.getState().keyScope === 'read', 10_000, 'read scope');
      await running.vt.waitFor('READ-ONLY', 10_000);
      await eventually(() => (store.getState().trading.lockReason ?? '').includes('read-only'), 10_000, 'read-only lock reason');
    } finally {
      rmSync(roHome, { recursive: true, force: true });
    }
  });
});

// Trading wiring: with the local exchange's demo key the app signs in and copies the account into the
// store; with a read-only key it shows READ-ONLY; with no key it stays market data only.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

let sim: RunningSim;
let home: string;
let running: RunningApp | null = null;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-trading-screen-'));
  sim = await startSim({ port: 0, home, quiet: true, blockMs: 100, seed: 5, flowStepsPerSec: 20 });
});

afterAll(async () => {
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

afterEach(async () => {
  await running?.close();
  running = null;
});

function local() {
  return { rest: sim.rest, ws: sim.ws, chainId: sim.chainId };
}

describe('trading wiring', () => {
  it('signs in with the demo key and copies the account into the trading slice', async () => {
    running = await runAppInTerminal(local(), 120, 40, undefined, { keyFile: sim.demoKeyFile, home });
    const { store } = running.app;
    await eventually(() => store.getState().trading.account !== null, 10_000, 'account in the store');
    const t = store.getState().trading;
    expect(t.enabled).toBe(true);
    expect(store.getState().keyScope).toBe('trade');
    await eventually(() => store.getState().trading.lockReason === null, 10_000, 'orders unlocked');
  });

  it('a read-only key shows READ-ONLY and the engine reports why orders are locked', async () => {
    const w = sim.control.createWallet({ orderForwarding: true });
    const key = sim.control.issueKey({ address: w.address, scopeMask: ScopeMask.Read });
    const roHome = mkdtempSync(join(tmpdir(), 'perpl-ro-'));
    try {
      const keyFile = writeDemoKeyFile(roHome, {
        api_key: key.apiKey,
        private_key: key.seedHex,
        network: 'local',
        chain_id: sim.chainId,
        scope_mask: ScopeMask.Read,
        expires_at: 0,
        rest: sim.rest,
        ws: sim.ws,
      });
      running = await runAppInTerminal(local(), 120, 40, undefined, { keyFile, home: roHome });
      const { store } = running.app;
      await eventually(() => store.getState().keyScope === 'read', 10_000, 'read scope');
      await running.vt.waitFor('READ-ONLY', 10_000);
      await eventually(() => (store.getState().trading.lockReason ?? '').includes('read-only'), 10_000, 'read-only lock reason');
    } finally {
      rmSync(roHome, { recursive: true, force: true });
    }
  });
});

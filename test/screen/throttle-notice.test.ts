// The whole app tells the user when it is throttling: against a local exchange whose public REST budget
// is tiny, changing the chart resolution needs candles the exchange refuses with 429 + Retry-After; the
// read waits that out and the status bar says "throttled Ns" until it is done.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

let sim: RunningSim;
let root: string;
let running: RunningApp | null = null;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perpl-throttle-'));
  // Two public requests a minute: start-up uses them, the next read is answered 429.
  sim = await startSim({ like: 'classic', port: 0, home: join(root, 'sim'), quiet: true, blockMs: 100, seed: 5, flowStepsPerSec: 5, limits: { restPublicPerMin: 2 } });
});

afterAll(async () => {
  await running?.close();
  await sim?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('throttle notice on screen', () => {
  it('a 429 back-off shows as "throttled Ns" in the status bar', async () => {
    running = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 160, 40);
    const { vt, app } = running;
    await vt.waitFor('LOCAL sim', 15_000);
    await vt.waitFor(() => app.store.getState().market !== null, 15_000);
    expect(vt.lines()[0]).not.toContain('throttled');
    // Each resolution needs its own candles from REST; one of these runs into the exchange's limit.
    for (const seconds of [300, 900, 3600]) app.services.setResolution(seconds);
    const screen = await vt.waitFor(/throttled \d+s/, 15_000);
    expect(screen.split('\n')[0]).toMatch(/throttled \d+s/);
    expect(app.store.getState().throttle?.sources).toContain('rest back-off');
  }, 40_000);
});

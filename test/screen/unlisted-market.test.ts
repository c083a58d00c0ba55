// unlisted-market-rows-are-bad-frames: a server that sends the account a position, an order and a fill in
// a market the context does not list (424242) gets them refused: each frame is counted as a bad frame in
// the status bar, the app log names the market, and no tab ever shows the row (before, the position
// appeared as "#424242" with its raw integers). A position in a listed market, sent after them, shows:
// the refused frames were handled, not lost on the way.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogPath } from '../../src/app/app-log.js';
import { INBOUND_EXAMPLES } from '../../src/protocol/decode/wire-examples.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { HostileProxy } from '../chaos/hostile-proxy.js';
import { eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

const UNLISTED = 424242;

function exampleRow(name: string): Record<string, unknown> {
  const value = INBOUND_EXAMPLES.find((e) => e.name === name)!.value as { d: Record<string, unknown>[] };
  return { ...value.d[0]! };
}

let sim: RunningSim;
let proxy: HostileProxy;
let home: string;
let running: RunningApp | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-unlisted-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 9, flowStepsPerSec: 5 });
  proxy = await HostileProxy.start(sim.ws);
}, 30_000);

afterAll(async () => {
  await running?.close();
  await proxy?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('rows for a market the context does not list', () => {
  it('unlisted-market-rows-are-bad-frames: counted in the status bar and the log, never shown', async () => {
    running = await runAppInTerminal({ rest: sim.rest, ws: proxy.url, chainId: sim.chainId }, 200, 50, undefined, { keyFile: sim.demoKeyFile, home, appLog: true });
    const { vt, app } = running;
    const { store } = app;
    await eventually(() => store.getState().trading.health?.health === 'live' && store.getState().trading.account !== null, 20_000, 'a live trading session');
    await vt.waitFor('no open positions', 20_000);
    const acc = store.getState().trading.account!.accountId;
    const btc = store.getState().market!.id;
    const before = store.getState().badFrames.trading;

    const position = { ...exampleRow('positions update'), acc, st: 1, s: 15, e: undefined };
    const frames = [
      { mt: 27, sn: 1, d: [{ ...position, mkt: UNLISTED, pid: 4_242_420_001 }] },
      { mt: 24, sn: 1, d: [{ ...exampleRow('orders update'), acc, mkt: UNLISTED, r: false, st: 2, oid: 4_242_420_002 }] },
      { mt: 25, sn: 1, d: [{ ...exampleRow('fills update'), acc, mkt: UNLISTED, oid: 4_242_420_003 }] },
      // The sentinel: a position in a listed market, 0.12345 BTC, shows once the frames before it were handled.
      { mt: 27, sn: 1, d: [{ ...position, mkt: btc, pid: 4_242_420_004, s: 12_345 }] },
    ];
    for (const f of frames) expect(proxy.inject(JSON.stringify(f), false, '/trading')).toBe(1);
    await vt.waitFor('0.12345', 15_000);

    const shown = () => vt.screenText();
    expect(shown()).not.toContain(String(UNLISTED));
    expect(store.getState().trading.positions.map((p) => p.marketId)).toEqual([btc]);
    await eventually(() => store.getState().badFrames.trading - before === 3, 10_000, 'three bad frames counted');
    await vt.waitFor(`${3 + before} bad frames`, 10_000);
    vt.press('4'); // the trading tabs
    for (const tab of ['O', 'F']) {
      vt.press(tab);
      await vt.waitFor(tab === 'O' ? '[Open orders]' : '[Fills]', 10_000);
      expect(shown()).not.toContain(String(UNLISTED));
    }
    expect(store.getState().trading.orders.some((o) => o.marketId === UNLISTED)).toBe(false);
    expect(store.getState().trading.fills.some((f) => f.marketId === UNLISTED)).toBe(false);

    await running.close();
    running = undefined;
    const log = readFileSync(appLogPath(home), 'utf8');
    for (const mt of [27, 24, 25]) expect(log).toContain(`[trading] trading: refused mt ${mt}: 1 row for market ${UNLISTED}, which the context does not list`);
  }, 90_000);
});

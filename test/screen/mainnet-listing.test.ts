// Issue 18 item 4: against the local exchange as `perpl sim` starts it (the mainnet listing, where BTC and
// MON have an empty `symbol` and the ticker as `name`), the terminal names every market `symbol || name`:
// the header, the book, the market picker and a position's row say "MON", never nothing; MON's prices
// carry its six decimals.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';
import { takeLongThroughTheBook } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const MON_ID = 10;

let home: string;
let sim: RunningSim;
let app: RunningApp | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-mainnet-listing-'));
  // No `like`: the default listing, the one a trader meets in `perpl sim` and the in-app demo.
  sim = await startSim({ port: 0, home, quiet: true, blockMs: 100, seed: 61, flowStepsPerSec: 10 });
}, TEST_MS);

afterAll(async () => {
  await app?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('the mainnet listing on screen (200x50)', () => {
  it('empty-symbol-market-shown-by-name: header, book, picker and position row say MON, prices in six decimals', async () => {
    const mon = sim.control.engine.context(0, Date.now()).markets.find((m) => m.id === MON_ID)!;
    expect(mon).toMatchObject({ symbol: '', name: 'MON' });

    app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50, 'MON', { keyFile: sim.demoKeyFile, home });
    const { vt } = app;
    const state = () => app!.app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked');
    await vt.waitFor('spread ', EXCHANGE_MS);
    const top = vt.screenText().split('\n');
    expect(top[0]).toMatch(/ sim 31337 {2}MON {2}mark 0\.\d{6} /);
    expect(top[1]).toContain('Book MON');

    // A MON long: a limit buy 1 % over the best ask fills at once as a taker.
    await takeLongThroughTheBook(app, sim, MON_ID, 20_000, EXCHANGE_MS);
    vt.press('4'); // the trading tabs
    vt.press('P');
    const shown = await vt.waitFor((text) => text.split('\n').some((l) => l.includes('▲ LONG') && /\bMON\b/.test(l)), UI_MS);
    const row = shown.split('\n').find((l) => l.includes('▲ LONG'))!;
    expect(row).toMatch(/▲ LONG\s+MON\s+20,000\s+0\.\d{6}/);

    // The picker lists BTC (also an empty symbol) by its name.
    vt.press('\u001b');
    vt.press('/');
    const picker = await vt.waitFor((s) => /market +last +24h chg/.test(s) && /\bMON\s+0\.\d{6}\b/.test(s), UI_MS);
    expect(picker).toMatch(/[›★• ]\s+BTC\s+[\d,]+\.\d/);
    expect(picker).toMatch(/[›★• ]\s+MON\s+0\.\d{6}\b/);
  }, TEST_MS);

  it('empty-symbol-market-named-in-the-order-form: the form and its review are titled MON and size in MON, never blank', async () => {
    const { vt } = app!;
    vt.press(KEYS.escape);
    await eventually(() => app!.app.store.getState().tradingUi.entry === null, UI_MS, 'no form open');
    vt.press('b');
    await vt.waitFor('Order entry MON', UI_MS);
    await vt.type('20000');
    await vt.waitFor(/size\s+20000\s+MON\b/, UI_MS);
    vt.press(KEYS.escape);
  }, TEST_MS);
});

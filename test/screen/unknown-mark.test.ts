// Issue 14 gap: a position whose market's mark the app has never received shows "—" where the mark and the
// figures valued at it would be, and says why on the Positions tab's bottom line. In the real app against the
// local exchange at 200x50, through a proxy that leaves BTC out of every market-state frame (so BTC's mark is
// unknown while the feed is live), with ETH on screen and a BTC long bought with a limit through the book.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { startFilteringProxy, withoutMarketState, type FilteringProxy } from '../helpers/filtering-ws-proxy.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runCommand, takeLongThroughTheBook } from '../helpers/trading-screen.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const BTC_ID = 1;

let home: string;
let sim: RunningSim;
let proxy: FilteringProxy;
let app: RunningApp | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-unknown-mark-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 53, flowStepsPerSec: 10 });
  proxy = await startFilteringProxy(sim.ws, withoutMarketState(BTC_ID));
}, TEST_MS);

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('a position whose mark was never received (200x50)', () => {
  it('unknown-mark-says-why: the row shows — for the mark and the bottom line of Positions gives the reason', async () => {
    app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50, 'ETH', { keyFile: sim.demoKeyFile, home, wsUrl: proxy.url });
    const { vt } = app;
    const state = () => app!.app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked');
    await vt.waitFor('spread ', EXCHANGE_MS);
    expect(state().market?.symbol).toBe('ETH');

    // A BTC long: a limit buy 1 % over the exchange's best ask fills at once as a taker.
    await takeLongThroughTheBook(app, sim, BTC_ID, 200, EXCHANGE_MS);

    // The feed is live (ETH's mark is on screen), yet BTC's mark was never received.
    await eventually(() => state().connection.health === 'live' && state().header?.mark !== null, EXCHANGE_MS, 'ETH live on screen');
    expect(state().trading.positions[0]).toMatchObject({ marketId: BTC_ID, markState: 'unknown', markNote: 'no mark received yet', markPrice: null });
    vt.press('4'); // the trading tabs
    vt.press('P');
    const shown = await vt.waitFor('BTC mark unknown: no mark received yet  ·  x close', UI_MS);
    const row = shown.split('\n').find((l) => l.includes('▲ LONG') && l.includes(' BTC '))!;
    // side, market, size, entry, then the mark: "—" (no number made up), and uPnL "—" with it.
    const cells = row.slice(31).trim().split(/\s+/);
    expect(cells.slice(0, 3)).toEqual(['▲', 'LONG', 'BTC']);
    expect(cells[5]).toBe('—');
    expect(cells[6]).toBe('—');
  }, TEST_MS);

  it('margin-unchecked-when-equity-unknown-asks: with BTC\'s mark unknown, equity is unknown and an ETH order asks instead of passing as routine', async () => {
    const { vt } = app!;
    const state = () => app!.app.store.getState();
    expect(state().trading.account?.equity).toBeNull();
    const eth = state().trading.markets.find((m) => m.symbol === 'ETH')!;
    const mark = sim.control.engine.marketState(eth.id)!.mrk;
    const price = formatScaledTrim(mark - Math.round(mark / 100), eth.config.price_decimals); // 1 % under: rests
    const journalBefore = state().trading.journal.length;
    await runCommand(app!, `buy ${formatScaledTrim(10 ** (eth.config.size_decimals - 2), eth.config.size_decimals)} @ ${price}`);
    await vt.waitFor('y/Enter send', UI_MS);
    vt.press(KEYS.enter); // send from the review: smart confirm stops it
    await vt.waitFor(/equity unknown: cannot check the margin share: send anyway\?/, UI_MS);
    // Enter is Cancel: nothing was sent.
    vt.press(KEYS.enter);
    await eventually(() => state().tradingUi.confirm === null, UI_MS, 'the confirm answered');
    expect(state().trading.journal.slice(journalBefore).filter((e) => e.kind === 'request')).toEqual([]);
  }, TEST_MS);
});

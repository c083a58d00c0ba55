// The trading tabs in the real app against the local exchange (200x50): amend and cancel a resting order
// from Open orders; a market order's position with uPnL and liq price; close half then all with `x`;
// attach a stop with `t` and see it fire when the oracle moves; the journal names the statuses and reasons.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketRef } from '../../src/domain/views.js';
import { formatScaled } from '../../src/protocol/scaling.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import type { TradingIntents } from '../../src/state/trading-commands.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { formatAtoms } from '../../src/ui/format/trading-rows.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

let sim: RunningSim;
let home: string;
let app: RunningApp;
let market: MarketRef;
let intents: TradingIntents;

// Generous waits: CI runs the app, the exchange and the emulator on one loaded event loop. They poll, so a
// green run takes no longer.
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;


beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-tabs-'));
  sim = await startSim({ port: 0, home, quiet: true, blockMs: 100, seed: 21, flowStepsPerSec: 10 });
  app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50, undefined, { keyFile: sim.demoKeyFile, home });
  const { store } = app.app;
  await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked');
  await app.vt.waitFor('spread ', EXCHANGE_MS);
  market = store.getState().market!;
  intents = app.app.commands.trading?.() ?? (null as never);
  app.vt.press('4'); // focus the trading tabs
}, TEST_MS);

afterAll(async () => {
  await app?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

beforeEach(async () => {
  // A failed step must not leave an editor open that swallows the next test's keys...
  app.app.store.setState({ tabs: { ...app.app.store.getState().tabs, prompt: null } });
  // ...nor a position or order that changes what the next test sees: each test starts flat.
  const { trading } = app.app.store.getState();
  if (trading.orders.length > 0) await intents.cancelAll().outcome;
  for (const p of trading.positions) await intents.close(p.positionId, { kind: 'market', fraction: 1, slippageBps: 500 }).outcome;
  await eventually(() => state().trading.orders.length === 0 && state().trading.positions.length === 0, EXCHANGE_MS, 'a flat account');
}, TEST_MS);

const state = () => app.app.store.getState();
const px = (raw: number) => formatScaledGrouped(raw, market.priceDecimals);
const sz = (raw: number) => formatScaledGrouped(raw, market.sizeDecimals);
/** The bottom pane's lines (below the book/chart/trades row). */
const tabLines = () => app.vt.lines().slice(36).join('\n');

/** Answers a confirm with y and waits until it is gone (keys written together arrive as one chunk). */
async function confirmYes(): Promise<void> {
  app.vt.press('y');
  await eventually(() => state().tabs.prompt === null, UI_MS, 'the confirm to close');
}

/**
 * Opens a long at market. The book may lag a moved oracle, so a market order can find nothing inside its
 * slippage cap and end as "IOC executed" with no fill: try again, as a trader would.
 */
async function openLong(size: number): Promise<void> {
  const before = state().trading.positions.length;
  for (let attempt = 0; attempt < 20 && state().trading.positions.length === before; attempt++) {
    await intents.place({ marketId: market.id, kind: 'market', side: 'long', size, leverage: 500 }).outcome;
    await eventually(() => state().trading.positions.length > before, 1_000, 'a fill').catch(() => undefined);
  }
}

async function typeAndEnter(text: string): Promise<void> {
  await app.vt.type(text);
  app.vt.press(KEYS.enter);
}

describe('trading tabs against the local exchange', () => {
  it('open-order-amend-then-cancel: e changes the price on screen, c + y cancels it', async () => {
    // Join the third bid level: shown in the book, and unlikely to trade during the test.
    const price = sim.control.engine.book(market.id, 3).bid[2]!.p;
    const out = await intents.place({ marketId: market.id, kind: 'limit', side: 'long', size: 20, price, leverage: 500 }).outcome;
    expect(out.ok).toBe(true);
    // Own orders in the book: the level holding ours carries a ◆ (not colour alone).
    await app.vt.waitFor(() => app.vt.lines().some((l) => l.slice(0, 40).includes(px(price)) && l.slice(0, 40).includes('◆')), EXCHANGE_MS);
    // ...and the chart draws its price line, labelled ◆PRICE on the axis.
    await app.vt.waitFor(`◆${px(price)}`, EXCHANGE_MS);
    app.vt.press('O');
    await app.vt.waitFor(() => tabLines().includes('[Open orders]') && tabLines().includes(px(price)), EXCHANGE_MS);

    app.vt.press('e');
    await app.vt.waitFor('change> ', UI_MS);
    app.vt.press('\u0015'); // Ctrl-U clears the prefilled "price size"
    await app.vt.waitFor(/change> █/, UI_MS);
    const amended = price - 1_000;
    await typeAndEnter(formatScaled(amended, market.priceDecimals));
    await app.vt.waitFor(() => tabLines().includes(px(amended)) && !tabLines().includes(px(price)), EXCHANGE_MS);
    expect(state().trading.orders.map((o) => o.price)).toContain(amended);

    app.vt.press('c');
    await app.vt.waitFor(/cancel order \d+\?/, UI_MS);
    app.vt.press(KEYS.enter); // the default answer is Cancel: nothing is sent
    await app.vt.waitFor(() => !tabLines().includes('cancel order'), UI_MS);
    expect(state().trading.orders).toHaveLength(1);
    app.vt.press('c');
    await app.vt.waitFor(/cancel order \d+\?/, UI_MS);
    await confirmYes();
    await app.vt.waitFor(() => tabLines().includes('no open orders'), EXCHANGE_MS);
  }, TEST_MS);

  it('position-row-then-close-half-and-all: uPnL and liq price shown; x 50% then x all', async () => {
    await openLong(200);
    app.vt.press('P');
    await eventually(() => state().trading.positions[0]?.liquidationPrice != null, EXCHANGE_MS, 'the position with a liq price');
    const row = state().trading.positions[0]!;
    await app.vt.waitFor(() => tabLines().includes('▲ LONG') && tabLines().includes(px(row.liquidationPrice!)), EXCHANGE_MS);
    const line = tabLines().split('\n').find((l) => l.includes('▲ LONG'))!;
    expect(line).toContain(sz(200));
    expect(line).toMatch(/(?:[+-]\d[\d,]*\.\d\d|\s0\.00)\s/); // signed uPnL (or exactly 0.00)
    expect(line).toContain(px(row.entryPrice));

    app.vt.press('x');
    await app.vt.waitFor('close> ', UI_MS);
    await typeAndEnter('50%');
    await app.vt.waitFor(`close 50% (${formatScaled(100, market.sizeDecimals)})`, UI_MS);
    await confirmYes();
    await eventually(() => state().trading.positions[0]?.size === 100, EXCHANGE_MS, 'half closed');
    await app.vt.waitFor(() => (tabLines().split('\n').find((l) => l.includes('▲ LONG')) ?? '').includes(sz(100)), EXCHANGE_MS);

    app.vt.press('x');
    await app.vt.waitFor('close> ', UI_MS);
    app.vt.press(KEYS.enter); // empty = everything at market
    await app.vt.waitFor('close 100%', UI_MS);
    await confirmYes();
    await app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('stop-attached-with-t-fires: t sl PRICE shows the trigger in Open orders and it closes the position', async () => {
    await openLong(100);
    app.vt.press('P');
    await app.vt.waitFor(() => tabLines().includes('▲ LONG'), EXCHANGE_MS);
    const mark = sim.control.engine.marketState(market.id)!.mrk;
    const stop = mark - 2_000;
    app.vt.press('t');
    await app.vt.waitFor('TP/SL> ', UI_MS);
    await typeAndEnter(`sl ${formatScaled(stop, market.priceDecimals)}`);
    await app.vt.waitFor('attach SL', UI_MS);
    await confirmYes();
    app.vt.press('O');
    await app.vt.waitFor(() => tabLines().includes(`≤ ${px(stop)} mark`), EXCHANGE_MS);

    sim.control.engine.setOraclePrice(market.id, stop - 100);
    app.vt.press('P');
    await app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('add-collateral-with-a: the confirmed amount raises the position collateral on screen', async () => {
    await openLong(100);
    app.vt.press('P');
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the position');
    const before = BigInt(state().trading.positions[0]!.collateral);
    app.vt.press('a');
    await app.vt.waitFor('add collateral> ', UI_MS);
    await typeAndEnter('5');
    await app.vt.waitFor('add 5.000000 collateral', UI_MS);
    await confirmYes();
    await eventually(() => BigInt(state().trading.positions[0]?.collateral ?? '0') === before + 5_000_000n, EXCHANGE_MS, 'collateral +5');
    const shown = formatAtoms(before + 5_000_000n);
    await app.vt.waitFor(() => (tabLines().split('\n').find((l) => l.includes('▲ LONG')) ?? '').includes(shown), EXCHANGE_MS);
    app.vt.press('x');
    await app.vt.waitFor('close> ', UI_MS);
    app.vt.press(KEYS.enter);
    await app.vt.waitFor('close 100%', UI_MS);
    await confirmYes();
    await app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('fills-and-history-paged-from-rest: fills with fee, order history with statuses, positions and account events', async () => {
    // Its own history, whatever ran before: an open, a collateral top-up and a close.
    await openLong(100);
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the position');
    const position = state().trading.positions[0]!;
    await intents.addCollateral(position.positionId, '1').outcome;
    await intents.close(position.positionId, { kind: 'market', fraction: 1, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the close');
    app.vt.press('F');
    await app.vt.waitFor(() => tabLines().includes('[Fills]') && tabLines().includes('taker') && tabLines().includes('▼ close L'), EXCHANGE_MS);
    expect(tabLines()).toContain('fee/rebate');
    app.vt.press('H');
    await app.vt.waitFor(() => tabLines().includes('[History]') && tabLines().includes('[orders]') && tabLines().includes('Filled'), EXCHANGE_MS);
    expect(state().tabs.history.orders.rows.length).toBeGreaterThan(0);
    app.vt.press('v');
    await app.vt.waitFor(() => tabLines().includes('[positions]') && /#\d+ +BTC|#\d+/.test(tabLines()) && tabLines().includes('Closed'), EXCHANGE_MS);
    app.vt.press('v');
    await app.vt.waitFor(() => tabLines().includes('[events]') && tabLines().includes('IncreasePositionCollateral'), EXCHANGE_MS);
  }, TEST_MS);

  it('journal-lists-requests-with-reasons-by-name', async () => {
    app.vt.press('J');
    // Updates carry the status and the reason by name (and number), newest first.
    await app.vt.waitFor(() => tabLines().includes('[Journal]') && /rq \d+ Filled: [A-Z][A-Za-z]+ \(\d+\)/.test(tabLines()), EXCHANGE_MS);
    expect(tabLines()).toMatch(/rq \d+ accepted for forwarding/);
    expect(tabLines()).toMatch(/rq \d+ sent \(sn \d+, head \d+\)/);
    // Older entries scroll into view with j: the cancel of the first test, its reason by name.
    const newestFirst = [...state().trading.journal].reverse();
    const at = newestFirst.findIndex((e) => /^rq \d+ Canceled: [A-Z]/.test(e.text));
    expect(at).toBeGreaterThan(0);
    expect(state().tabs.selected.journal).toBe(0);
    // One key at a time: keys written together reach the app as one chunk.
    await app.vt.type('j'.repeat(at));
    await eventually(() => state().tabs.selected.journal === at, EXCHANGE_MS, 'the selection on the cancel');
    await app.vt.waitFor(() => tabLines().includes(newestFirst[at]!.text), EXCHANGE_MS);
  }, TEST_MS);
});

// Issue 34 item 2: two accounts of the local exchange named in the config ([accounts.main], [accounts.hedge]),
// `perpl --account NAME` starting on one and `:account NAME` switching between them. Each account keeps its
// own positions, orders and Journal lines across the switches, the header and the account panel name the
// account in force, and the market-data socket is opened once for the whole run (a proxy counts the sockets).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { MARKET_DATA_PATH, TRADING_PATH } from '../../src/sim/server/sim-server.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { startFilteringProxy, type FilteringProxy } from '../helpers/filtering-ws-proxy.js';
import { eventually } from '../helpers/terminal.js';
import { runCommand, takeLongThroughTheBook } from '../helpers/trading-screen.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const BTC_ID = 1;

let home: string;
let sim: RunningSim;
let proxy: FilteringProxy;
/** The path of every socket the app opened, in order. */
const opened: string[] = [];
let hedgeAddress: string;
let hedgeAccountId: number;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-account-switch-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 34, flowStepsPerSec: 10 });
  proxy = await startFilteringProxy(sim.ws, (text) => text, {
    refuse: (path) => {
      opened.push(path);
      return null;
    },
  });
  // A second account of the exchange, with a trading key of its own (as `perpl keys enroll` would give it).
  const wallet = sim.control.createWallet({ orderForwarding: true });
  hedgeAddress = wallet.address;
  hedgeAccountId = wallet.accountId!;
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  const hedgeKey = join(home, 'keys', 'hedge.json');
  const keyJson = { api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId, scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: sim.rest, ws: sim.ws };
  writeFileSync(hedgeKey, `${JSON.stringify(keyJson)}\n`, { mode: 0o600 });
  const config = ['[accounts.main]', `keyFile = "${sim.demoKeyFile}"`, 'network = "local"', 'label = "desk"', '', '[accounts.hedge]', `keyFile = "${hedgeKey}"`, 'network = "local"'].join('\n');
  writeFileSync(join(home, 'config.toml'), `${config}\n`);
}, TEST_MS);

afterAll(async () => {
  await proxy?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

async function startOn(account: string, cols: number, rows: number): Promise<RunningApp> {
  const app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, cols, rows, 'BTC', { home, wsUrl: proxy.url, account });
  await onAccount(app, account);
  return app;
}

/** Trading runs on `name`: the store says so, its account is signed in and orders are unlocked. */
async function onAccount(app: RunningApp, name: string): Promise<void> {
  const state = () => app.app.store.getState();
  await eventually(() => state().account?.name === name && state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, `trading on ${name}`);
}

async function switchTo(app: RunningApp, name: string): Promise<void> {
  await runCommand(app, `account ${name}`);
  await onAccount(app, name);
}

const mdSockets = () => opened.filter((p) => p.startsWith(MARKET_DATA_PATH)).length;
const tradingSockets = () => opened.filter((p) => p.startsWith(TRADING_PATH)).length;

describe('several accounts in one terminal', () => {
  it('account-switch-loses-the-other-account (200x50): each account\'s position, order and Journal lines are back after switching back; one market-data socket throughout', async () => {
    opened.length = 0;
    const app = await startOn('main', 200, 50);
    try {
      const state = () => app.app.store.getState();
      const mainAccountId = state().trading.account!.accountId;
      await app.vt.waitFor('@main', EXCHANGE_MS);
      await app.vt.waitFor(`Account main #${mainAccountId} · desk`, EXCHANGE_MS);

      // main: a long.
      await takeLongThroughTheBook(app, sim, BTC_ID, 200, EXCHANGE_MS);
      const mainPosition = state().trading.positions[0]!.positionId;
      await eventually(() => state().trading.journal.length > 0, EXCHANGE_MS, 'main\'s journal lines');
      const mainJournal = state().trading.journal.map((j) => j.text);

      // hedge: none of main's on screen, its own account signed in, main's trading socket closed.
      await switchTo(app, 'hedge');
      expect(state().trading.account!.accountId).toBe(hedgeAccountId);
      expect(state().trading.positions).toEqual([]);
      expect(state().trading.journal.map((j) => j.text)).not.toEqual(expect.arrayContaining(mainJournal.slice(0, 1)));
      await app.vt.waitFor('@hedge', EXCHANGE_MS);
      await app.vt.waitFor(`Account hedge #${hedgeAccountId}`, EXCHANGE_MS);
      expect(sim.control.tradingConnections(sim.demoOperator.profile)).toBe(0);
      expect(sim.control.tradingConnections(hedgeAddress)).toBe(1);

      // hedge: a resting bid 10 % under the best bid.
      const bid = sim.control.engine.book(BTC_ID, 1).bid[0]!.p;
      const hedge = app.app.services.trading!()!;
      await hedge.place({ marketId: BTC_ID, kind: 'limit', side: 'long', size: 200, price: Math.round(bid * 0.9), leverage: 500 }).outcome;
      await eventually(() => state().trading.orders.length === 1, EXCHANGE_MS, 'hedge\'s resting bid');
      const hedgeOrder = state().trading.orders[0]!.orderId;
      const hedgeJournal = state().trading.journal.map((j) => j.text);

      // Back to main: its long and its Journal lines, none of hedge's order.
      await switchTo(app, 'main');
      await eventually(() => state().trading.positions.some((p) => p.positionId === mainPosition), EXCHANGE_MS, 'main\'s long back');
      expect(state().trading.orders).toEqual([]);
      expect(state().trading.journal.slice(0, mainJournal.length).map((j) => j.text)).toEqual(mainJournal);
      await app.vt.waitFor('@main', EXCHANGE_MS);

      // And hedge again: its order and its Journal lines.
      await switchTo(app, 'hedge');
      await eventually(() => state().trading.orders.some((o) => o.orderId === hedgeOrder), EXCHANGE_MS, 'hedge\'s bid back');
      expect(state().trading.positions).toEqual([]);
      expect(state().trading.journal.slice(0, hedgeJournal.length).map((j) => j.text)).toEqual(hedgeJournal);

      // The market data never restarted: one socket for the run, a trading socket per account in force.
      expect(mdSockets()).toBe(1);
      expect(tradingSockets()).toBe(4);
      expect(state().connection.health).toBe('live');
    } finally {
      await app.close();
    }
  }, TEST_MS);

  it('account-switch-at-80x24: --account hedge starts on hedge; the header names each account, and hedge\'s bid and main\'s long are there after the switches', async () => {
    opened.length = 0;
    const app = await startOn('hedge', 80, 24);
    try {
      const state = () => app.app.store.getState();
      await app.vt.waitFor('@hedge', EXCHANGE_MS);
      await eventually(() => state().trading.orders.length === 1, EXCHANGE_MS, 'hedge\'s bid from the first test');
      await switchTo(app, 'main');
      await app.vt.waitFor('@main', EXCHANGE_MS);
      await eventually(() => state().trading.positions.length === 1 && state().trading.orders.length === 0, EXCHANGE_MS, 'main\'s long');
      await switchTo(app, 'hedge');
      await eventually(() => state().trading.orders.length === 1 && state().trading.positions.length === 0, EXCHANGE_MS, 'hedge\'s bid again');
      expect(mdSockets()).toBe(1);
    } finally {
      await app.close();
    }
  }, TEST_MS);
});

// The setup of the screen tests that trade through one app for a whole file: a local exchange in a
// fresh temporary home, the app at 200x50 with the demo key, signed in with orders unlocked and the
// trading tabs focused; and the reset to a flat account each test starts from.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { MarketRef } from '../../src/domain/views.js';
import { startSim, type RunningSim, type SimOptions } from '../../src/sim/index.js';
import type { TradingIntents } from '../../src/state/trading-commands.js';
import { KEYS, eventually } from './terminal.js';
import { runAppInTerminal, type RunningApp } from './terminal-app.js';

export interface TradingScreen {
  readonly sim: RunningSim;
  readonly app: RunningApp;
  /** The market the app opened on. */
  readonly market: MarketRef;
  /** The app's own trading commands (the ones its keys call). */
  readonly intents: TradingIntents;
}

export interface TradingScreenWaits {
  /** How long the exchange may take to sign in and show a book. */
  exchangeMs: number;
  /** The beforeAll hook's limit. */
  hookMs: number;
}

/** Registers the file's beforeAll / afterAll; call at the top of a test file. */
export function useTradingScreen(homePrefix: string, options: Omit<SimOptions, 'port' | 'home' | 'quiet'>, waits: TradingScreenWaits): TradingScreen {
  let home: string | undefined;
  let ready: TradingScreen | undefined;
  let sim: RunningSim | undefined;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), homePrefix));
    sim = await startSim({ port: 0, home, quiet: true, ...options });
    app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50, undefined, { keyFile: sim.demoKeyFile, home });
    const { store } = app.app;
    await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, waits.exchangeMs, 'trading unlocked');
    await app.vt.waitFor('spread ', waits.exchangeMs);
    const intents = app.app.commands.trading?.();
    if (!intents) throw new Error('the app has no trading commands');
    ready = { sim, app, market: store.getState().market!, intents };
    app.vt.press('4'); // focus the trading tabs
  }, waits.hookMs);

  afterAll(async () => {
    await app?.close();
    await sim?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const get = (): TradingScreen => {
    if (!ready) throw new Error('the trading screen is set up in beforeAll');
    return ready;
  };
  return {
    get sim() {
      return get().sim;
    },
    get app() {
      return get().app;
    },
    get market() {
      return get().market;
    },
    get intents() {
      return get().intents;
    },
  };
}

/** Cancels every resting order and closes every position at market, then waits until the account is flat. */
export async function flattenAccount(screen: TradingScreen, timeoutMs: number): Promise<void> {
  const state = () => screen.app.app.store.getState();
  const { trading } = state();
  if (trading.orders.length > 0) await screen.intents.cancelAll().outcome;
  for (const p of trading.positions) await screen.intents.close(p.positionId, { kind: 'market', fraction: 1, slippageBps: 500 }).outcome;
  await eventually(() => state().trading.orders.length === 0 && state().trading.positions.length === 0, timeoutMs, 'a flat account');
}

/** Answers a confirm with y and waits until it is gone (keys written together arrive as one chunk). */
export async function confirmYes(screen: TradingScreen, timeoutMs: number): Promise<void> {
  screen.app.vt.press('y');
  await eventually(() => screen.app.app.store.getState().tabs.prompt === null, timeoutMs, 'the confirm to close');
}

/** Types `text` and presses Enter. */
export async function typeAndEnter(screen: TradingScreen, text: string): Promise<void> {
  await screen.app.vt.type(text);
  screen.app.vt.press(KEYS.enter);
}

/**
 * Opens a long at market. The book may lag a moved oracle, so a market order can find nothing inside its
 * slippage cap and end as "IOC executed" with no fill: try again, as a trader would.
 */
export async function openLong(screen: TradingScreen, size: number, timeoutMs: number): Promise<void> {
  const positions = () => screen.app.app.store.getState().trading.positions.length;
  const before = positions();
  for (let attempt = 0; attempt < 20 && positions() === before; attempt++) {
    await screen.intents.place({ marketId: screen.market.id, kind: 'market', side: 'long', size, leverage: 500 }).outcome;
    await eventually(() => positions() > before, 1_000, 'a fill').catch(() => undefined);
  }
  await eventually(() => positions() > before, timeoutMs, 'the long');
}

// The setup of the screen tests that trade through one app for a whole file: a local exchange in a
// fresh temporary home, the app at 200x50 with the demo key, signed in with orders unlocked and the
// trading tabs focused; the reset to a flat account each test starts from; the `:` command line, the
// book's own-order marker, and an app on a read-only key.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, onTestFinished } from 'vitest';
import type { MarketRef } from '../../src/domain/views.js';
import { OrderStatus, ScopeMask } from '../../src/protocol/enums.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { startSim, type RunningSim, type SimOptions } from '../../src/sim/index.js';
import type { CommandOutcome, TradingCommands } from '../../src/domain/trading/commands.js';
import { priceText, sizeText } from '../../src/domain/trading/order-words.js';
import { keysRead } from './keys.js';
import { KEYS, eventually, type VirtualTerminal } from './terminal.js';
import { runAppInTerminal, type RunningApp } from './terminal-app.js';

export interface TradingScreen {
  readonly sim: RunningSim;
  readonly app: RunningApp;
  /** The market the app opened on. */
  readonly market: MarketRef;
  /** The app's own trading commands (the ones its keys call). */
  readonly commands: TradingCommands;
  /** The app's (and the exchange's) home: the order journal is under it (sent.ts reads it). */
  readonly home: string;
}

export interface TradingScreenWaits {
  /** How long the exchange may take to sign in and show a book. */
  exchangeMs: number;
  /** The beforeAll hook's limit. */
  hookMs: number;
}

/**
 * Registers the file's beforeAll / afterAll; call at the top of a test file (or a describe). The app runs at
 * `size` (default 200x50), with `configToml` as its home's config.toml when given.
 */
export function useTradingScreen(
  homePrefix: string,
  options: Omit<SimOptions, 'port' | 'home' | 'quiet'>,
  waits: TradingScreenWaits,
  size: { cols: number; rows: number } = { cols: 200, rows: 50 },
  /** The app's config.toml, written to its home before it starts. */
  configToml?: string,
): TradingScreen {
  let home: string | undefined;
  let ready: TradingScreen | undefined;
  let sim: RunningSim | undefined;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), homePrefix));
    sim = await startSim({ like: 'classic', port: 0, home, quiet: true, ...options });
    if (configToml !== undefined) writeFileSync(join(home, 'config.toml'), configToml);
    app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, size.cols, size.rows, undefined, { keyFile: sim.demoKeyFile, home });
    const { store } = app.app;
    await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, waits.exchangeMs, 'trading unlocked');
    await app.vt.waitFor('spread ', waits.exchangeMs);
    const commands = app.app.services.trading?.();
    if (!commands) throw new Error('the app has no trading commands');
    ready = { sim, app, market: store.getState().market!, commands, home };
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
    get commands() {
      return get().commands;
    },
    get home() {
      return get().home;
    },
  };
}

/** Cancels every resting order and closes every position at market, then waits until the account is flat. */
export async function flattenAccount(screen: TradingScreen, timeoutMs: number): Promise<void> {
  const state = () => screen.app.app.store.getState();
  const { trading } = state();
  if (trading.orders.length > 0) await screen.commands.cancelAll().outcome;
  for (const p of trading.positions) await screen.commands.close(p.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
  await eventually(() => state().trading.orders.length === 0 && state().trading.positions.length === 0, timeoutMs, 'a flat account');
}

/** Answers a confirm with y and waits until it is gone (keys written together arrive as one chunk). */
export async function confirmYes(screen: TradingScreen, timeoutMs: number): Promise<void> {
  screen.app.vt.press('y');
  await eventually(() => screen.app.app.store.getState().tabs.prompt === null, timeoutMs, 'the confirm to close');
}

/** Sends the order under review: y, and y again if smart confirm asks; returns once the form closed. */
export async function sendReviewed(screen: TradingScreen, timeoutMs: number): Promise<void> {
  const { vt, app } = screen.app;
  await vt.waitFor('y/Enter send', timeoutMs);
  vt.press('y');
  await eventually(() => {
    const ui = app.store.getState().tradingUi;
    if (ui.confirm) vt.press('y');
    return ui.entry === null;
  }, timeoutMs, 'the order to be sent');
}

/** Types `text` and presses Enter. */
export async function typeAndEnter(screen: TradingScreen, text: string): Promise<void> {
  await screen.app.vt.type(text);
  screen.app.vt.press(KEYS.enter);
}

/** The outcome says for certain that nothing filled: refused, or cancelled with no fill (an IOC that found nothing). */
function nothingFilled(out: CommandOutcome): boolean {
  const r = out.results[0];
  if (!r) return false;
  if (r.kind === 'failed' || r.kind === 'rejected' || r.kind === 'invalid') return true;
  return r.kind === 'definitive' && r.st === OrderStatus.Canceled;
}

/**
 * Opens a long at market. The book may lag a moved oracle, so a market order can find nothing inside its
 * slippage cap and end cancelled ("IOC executed") with no fill: try again a few blocks later, as a trader
 * would. Sent again only when its outcome says nothing filled: once it filled (or partly filled, or its
 * outcome is not certain) the position is waited for however slow the store is, never doubled by a resend.
 */
export async function openLong(screen: TradingScreen, size: number, timeoutMs: number): Promise<void> {
  const positions = () => screen.app.app.store.getState().trading.positions.length;
  const before = positions();
  const head = () => screen.sim.control.headBlock();
  for (let attempt = 0; attempt < 20; attempt++) {
    const out = await screen.commands.place({ marketId: screen.market.id, kind: 'market', side: 'long', size, leverage: 500 }).outcome;
    if (!nothingFilled(out)) break;
    const sent = head();
    await eventually(() => head() >= sent + 3, timeoutMs, 'a few blocks before trying again');
  }
  await eventually(() => positions() > before, timeoutMs, 'the long');
}

/** Opens the `:` command line, types `text` and presses Enter. */
export async function runCommand(app: RunningApp, text: string): Promise<void> {
  app.vt.press(':');
  await app.vt.waitFor(':█');
  await app.vt.type(text);
  // Enter in a read of its own: merged with the last typed key ("5\r") it would be one unknown key.
  await keysRead(app.vt);
  app.vt.press(KEYS.enter);
}

/** The book (the left 40 columns) shows the level at `priceText` with the own-order ◆ (not colour alone). */
export function bookMarksOwnOrder(vt: VirtualTerminal, priceText: string): boolean {
  return vt.lines().some((l) => l.slice(0, 40).includes(priceText) && l.slice(0, 40).includes('◆'));
}

/**
 * The confirm `question` read whole at the bottom of the frame (rows-1 high, the terminal's last row left
 * empty): every word in order over the lines it wraps to, none cut, and the keys line (`y <yes>   any other
 * key cancels`) the frame's last line. At 200 columns it is one line: `oneLine`.
 */
export function confirmReadWhole(vt: VirtualTerminal, question: string, yes: string, oneLine = false): boolean {
  const frame = vt.lines().slice(0, vt.term.rows - 1).map((l) => l.trimEnd());
  const keys = `y ${yes}   any other key cancels`;
  if (vt.lines()[vt.term.rows - 1]!.trim() !== '' || !frame.at(-1)!.endsWith(keys)) return false;
  if (oneLine) return frame.at(-1) === `${question}  ${keys}`;
  const bottom = frame.slice(-6).join(' ').replace(/\s+/g, ' ');
  return bottom.includes(`${question.replace(/\s+/g, ' ')} ${keys.replace(/\s+/g, ' ')}`);
}

/**
 * Runs `body` with the app on a read-only key of a new wallet, in its own temporary home (handed to `body`),
 * once the trading client has the market's config (the order form needs it); closes the app and removes
 * the home after.
 */
export async function withReadOnlyApp(sim: RunningSim, cols: number, rows: number, body: (r: RunningApp, home: string) => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const w = sim.control.createWallet({ orderForwarding: true });
  const key = sim.control.issueKey({ address: w.address, scopeMask: ScopeMask.Read });
  const home = mkdtempSync(join(tmpdir(), 'perpl-read-only-'));
  let r: RunningApp | undefined;
  try {
    const keyFile = writeDemoKeyFile(home, {
      api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId,
      scope_mask: ScopeMask.Read, expires_at: 0, rest: sim.rest, ws: sim.ws,
    });
    r = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, cols, rows, undefined, { keyFile, home });
    const app = r.app;
    const tradable = () => {
      const s = app.store.getState();
      return s.trading.enabled && s.trading.markets.some((m) => m.id === s.market?.id);
    };
    await eventually(tradable, timeoutMs, 'trading client with the market config');
    await body(r, home);
  } finally {
    await r?.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * Takes a long in `marketId` the way a trader would when its mark may not be on screen: a limit buy 1 % over
 * the exchange's best ask fills at once as a taker (tried again while the book moves away), then whatever
 * still rests is cancelled.
 */
export async function takeLongThroughTheBook(app: RunningApp, sim: RunningSim, marketId: number, size: number, timeoutMs: number): Promise<void> {
  const state = () => app.app.store.getState();
  const commands = app.app.services.trading!()!;
  for (let i = 0; i < 10 && state().trading.positions.length === 0; i++) {
    const ask = sim.control.engine.book(marketId, 1).ask[0]!.p;
    await commands.place({ marketId, kind: 'limit', side: 'long', size, price: Math.round(ask * 1.01), leverage: 500 }).outcome;
    await eventually(() => state().trading.positions.length > 0, 2_000, 'a fill').catch(() => undefined);
  }
  await eventually(() => state().trading.positions.length === 1, timeoutMs, `the long in market ${marketId}`);
  if (state().trading.orders.length > 0) await commands.cancelAll().outcome;
}

/** Registers a beforeEach that starts every test of the file with no form open and a flat account. */
export function startEachTestFlat(screen: TradingScreen, waits: TradingScreenWaits): void {
  beforeEach(async () => {
    closeTradingForms(screen);
    await flattenAccount(screen, waits.exchangeMs);
  }, waits.hookMs);
}

/** Closes whatever form, review, prompt or `:` line the last test left open (its keys may have stopped mid-flow; a refused typed order stays in the line). */
function closeTradingForms(screen: TradingScreen): void {
  const store = screen.app.app.store;
  const s = store.getState();
  store.setState({ tabs: { ...s.tabs, prompt: null }, tradingUi: { ...s.tradingUi, entry: null, amend: null, confirm: null, reviewing: false, commandLine: null, commandError: null } });
}

/**
 * The screen at `cols` x `rows` for one test, with the flow paused so that only the test moves the prices;
 * after the test: back to 200x50, the oracle where it was (the next test's flattening closes against the
 * book there) and the flow running. Ends on the trading tabs.
 */
export async function atQuietSize(screen: TradingScreen, cols: number, rows: number, timeoutMs: number): Promise<void> {
  const control = screen.sim.control;
  control.pauseFlow();
  const before = control.engine.marketState(screen.market.id)!.mrk;
  screen.app.vt.resize(cols, rows);
  onTestFinished(() => {
    screen.app.vt.resize(200, 50);
    control.engine.setOraclePrice(screen.market.id, before);
    control.resumeFlow();
  });
  // The layout of the new size, not the old one still on screen: a resize writes nothing until the app's
  // frame of the new size (resize-repaint.ts), and a row of the old layout is wider than `cols`.
  await screen.app.vt.waitFor(() => {
    const lines = screen.app.vt.lines();
    return lines.some((l) => l.trim() !== '') && lines.every((l) => l.length <= cols);
  }, timeoutMs);
  screen.app.vt.press('4');
}

/**
 * A price as the order form, the review and the Journal say it: grouped, trailing zeros trimmed (66,996, not
 * 66,996.0). The tables keep the decimals: a test that looks for a price in a review must use this, or it
 * fails whenever the price happens to be whole.
 */
export function saidPrice(screen: TradingScreen, raw: number): string {
  return priceText(raw, { label: '', priceDecimals: screen.market.priceDecimals, sizeDecimals: screen.market.sizeDecimals });
}

/** A size as a confirm and the Journal say it: trimmed, with the market's name (0.001 BTC, not 0.00100). */
export function saidSize(screen: TradingScreen, raw: number): string {
  return sizeText(raw, { label: screen.market.symbol, priceDecimals: screen.market.priceDecimals, sizeDecimals: screen.market.sizeDecimals });
}

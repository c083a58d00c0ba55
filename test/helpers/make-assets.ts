// `npm run assets`: the README's screenshots and recorded demo, made from the real app. Starts the local
// exchange with a fixed seed, runs the terminal in an emulated 200x50 (and 80x24) terminal, drives it
// with keys into the states worth showing and renders each screen to a PNG (Unifont bitmaps, see
// assets/hex-font.ts). Then records a short session with the app's `--record` (NDJSON, secrets stripped
// by the recorder, checked here) and the app's terminal output as an asciicast.
//
//   node --import tsx test/helpers/make-assets.ts [--out DIR] [--only screens|trading-down|demo]
//
// Needs the `unifont` Debian package (apt-get install unifont); nothing else beyond the dev dependencies.

// Before anything loads chalk or React: live frames (Ink holds output under CI), truecolor, production React.
process.env.CI = 'false';
process.env.FORCE_COLOR = '3';
process.env.NODE_ENV ??= 'production';

import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AsciicastWriter } from './assets/asciicast.js';
import { HexFont } from './assets/hex-font.js';
import { encodePng } from './assets/png.js';
import { DARK_SCHEME, LIGHT_SCHEME, rasterise, type TerminalScheme } from './assets/rasterise.js';
import { createVirtualTerminal, eventually, KEYS, sleep, type VirtualTerminal } from './terminal.js';
import { startTradingGateProxy } from './trading-gate-proxy.js';

const { startTui } = await import('../../src/app/tui.js');
const { startSim } = await import('../../src/sim/index.js');
const { divCeil, notionalAtoms } = await import('../../src/domain/trading/notional.js');
const { formatScaledTrim } = await import('../../src/protocol/scaling.js');
const { readRecording, recordingSecrets } = await import('../../src/transport/record/index.js');

type TuiHandle = Awaited<ReturnType<typeof startTui>>;
type RunningSim = Awaited<ReturnType<typeof startSim>>;

const SEED = 7;
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
/** How long the demo shows the live market before and after the trade. */
const DEMO_WATCH_MS = 7_000;
const CAST_SAMPLE_MS = 20;
const MAX_DEMO_BYTES = 2 * 1024 * 1024;

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'assets' }, only: { type: 'string' } },
  strict: true,
});
const outDir = resolve(values.out);
const only = values.only;
if (only !== undefined && only !== 'screens' && only !== 'trading-down' && only !== 'demo') throw new Error('--only takes screens, trading-down or demo');

interface App {
  vt: VirtualTerminal;
  app: TuiHandle;
  cols: number;
  rows: number;
}

let sim: RunningSim;
let home: string;
let font: HexFont;

async function openApp(cols: number, rows: number, extra: { keyFile?: string; fps?: number; record?: string; wsUrl?: string } = {}): Promise<App> {
  const vt = createVirtualTerminal(cols, rows);
  const app = await startTui({
    local: { rest: sim.rest, ws: sim.ws, chainId: sim.chainId },
    home,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
    ...extra,
  });
  await vt.waitFor((s) => s.includes('● live') && s.includes('spread '), EXCHANGE_MS);
  if (extra.keyFile) {
    await eventually(() => app.store.getState().trading.account !== null && app.store.getState().trading.lockReason === null, EXCHANGE_MS, 'orders unlocked');
  }
  return { vt, app, cols, rows };
}

async function closeApp(a: App): Promise<void> {
  await a.app.quit();
  a.vt.dispose();
}

/** Waits for the screen to settle (a published frame or two), then writes it as NAME-COLSxROWS.png. */
async function shoot(a: App, name: string, scheme: TerminalScheme = DARK_SCHEME): Promise<void> {
  await sleep(400);
  await eventually(() => a.vt.stdout.settled, UI_MS, 'the emulator to catch up');
  const file = join(outDir, `${name}-${a.cols}x${a.rows}.png`);
  writeFileSync(file, encodePng(rasterise(a.vt.term, font, scheme)));
  console.log(`${file}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
}

/** Presses keys one at a time (a burst would reach the app as one input chunk). */
async function press(a: App, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    a.vt.press(key);
    await sleep(15);
  }
}

/** A size (scaled units, at least one) worth about `usd` dollars at `price` in the open market. */
function sizeUnitsFor(a: App, price: number, usd: number): bigint {
  const market = currentMarket(a);
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const units = divCeil(BigInt(usd) * 1_000_000n, notionalAtoms(price, 1, scales));
  return units > 0n ? units : 1n;
}

/** The same size as a user types it. */
function sizeFor(a: App, price: number, usd: number): string {
  return formatScaledTrim(sizeUnitsFor(a, price, usd), currentMarket(a).config.size_decimals);
}

function currentMarket(a: App) {
  const state = a.app.store.getState();
  const market = state.trading.markets.find((m) => m.id === state.market?.id);
  if (!market) throw new Error('no market open');
  return market;
}

/** A market buy through the order entry keys: b, size, type -> market, Enter (review), Enter (send). */
async function buyAtMarketWithKeys(a: App, usd: number, reviewPauseMs = 0): Promise<void> {
  const ask = a.app.store.getState().book?.asks[0]?.price ?? 0;
  await press(a, 'b');
  await a.vt.waitFor('Order entry', UI_MS);
  await a.vt.type(sizeFor(a, ask, usd));
  await press(a, KEYS.up); // size -> type
  await press(a, ' '); // limit -> market
  await a.vt.waitFor('bps cap', UI_MS);
  await press(a, KEYS.enter);
  await a.vt.waitFor('y/Enter send', UI_MS);
  await sleep(reviewPauseMs);
  await press(a, KEYS.enter);
}

/**
 * Holds a long position: the order entry first; when the book lags a moved oracle a market order can end
 * with no fill inside its slippage cap, and then it is tried again through the commands, as the tests do.
 */
async function openLong(a: App, usd: number, reviewPauseMs = 0): Promise<void> {
  const state = () => a.app.store.getState();
  await buyAtMarketWithKeys(a, usd, reviewPauseMs);
  const market = currentMarket(a);
  const commands = a.app.services.trading?.() ?? null;
  if (!commands) throw new Error('trading is not available');
  for (let attempt = 0; attempt < 20 && state().trading.positions.length === 0; attempt++) {
    const filled = await eventually(() => state().trading.positions.length > 0, 3_000, 'a fill').then(() => true, () => false);
    if (filled) break;
    const ask = state().book?.asks[0]?.price ?? 0;
    const size = Number(sizeUnitsFor(a, ask, usd));
    await commands.place({ marketId: market.id, kind: 'market', side: 'long', size, leverage: 500 }).outcome;
  }
  await eventually(() => state().trading.positions.length > 0, EXCHANGE_MS, 'a long position');
}

async function flatten(a: App): Promise<void> {
  const commands = a.app.services.trading?.() ?? null;
  if (!commands) return;
  const { trading } = a.app.store.getState();
  if (trading.orders.length > 0) await commands.cancelAll().outcome;
  for (const p of trading.positions) await commands.close(p.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
}

async function screens(): Promise<void> {
  const a = await openApp(200, 50, { keyFile: sim.demoKeyFile });
  try {
    // Candles and trades fill in while the flow runs.
    await sleep(5_000);
    await shoot(a, 'market');

    // A limit order a little under the bid, at its review line (est, slippage, fee, margin, liq).
    const market = currentMarket(a);
    const bid = a.app.store.getState().book?.bids[0]?.price ?? 0;
    const price = formatScaledTrim(bid - Math.max(1, Math.round(bid / 400)), market.config.price_decimals);
    await press(a, 'b');
    await a.vt.waitFor('Order entry', UI_MS);
    await a.vt.type(sizeFor(a, bid, 400));
    await press(a, KEYS.tab);
    await a.vt.waitFor('▸price', UI_MS);
    await press(a, KEYS.backspace, 24);
    await a.vt.type(price);
    await press(a, KEYS.enter);
    await a.vt.waitFor('y/Enter send', UI_MS);
    await shoot(a, 'order-entry');
    await press(a, 'y');
    await eventually(() => a.app.store.getState().trading.orders.length > 0, EXCHANGE_MS, 'the resting order');

    // A position (and the resting order marked in the book and on the chart).
    await openLong(a, 300);
    await press(a, '4');
    await press(a, 'P');
    await a.vt.waitFor((s) => s.includes('▲ LONG'), EXCHANGE_MS);
    await eventually(() => a.app.store.getState().trading.positions[0]?.liquidationPrice != null, EXCHANGE_MS, 'the liq price');
    // Its take-profit and stop-loss, attached with `t` as a trader would, shown in the row.
    const entry = a.app.store.getState().trading.positions[0]?.entryPrice ?? 0;
    const pd = market.config.price_decimals;
    await press(a, 't');
    await a.vt.type(`tp ${formatScaledTrim(Math.round(entry * 1.03), pd)} sl ${formatScaledTrim(Math.round(entry * 0.97), pd)}`);
    await press(a, KEYS.enter);
    await press(a, 'y');
    await eventually(() => a.app.store.getState().trading.orders.filter((o) => o.triggerPrice !== null).length >= 2, EXCHANGE_MS, 'the TP and SL armed');
    await a.vt.waitFor((s) => /▲ LONG.*\d,\d{3}\.\d +\d+,\d{3}\.\d +\d+,\d{3}\.\d/.test(s), EXCHANGE_MS);
    await shoot(a, 'positions');

    await press(a, '1'); // the book has focus: its help
    await press(a, '?');
    await a.vt.waitFor('Help:', UI_MS);
    await shoot(a, 'help');
    await press(a, KEYS.escape);
    await a.vt.waitFor((s) => !s.includes('Help:'), UI_MS);

    await press(a, '/');
    await a.vt.waitFor('▸ Market', UI_MS);
    await shoot(a, 'market-picker');
    await press(a, KEYS.escape);
    await a.vt.waitFor((s) => !s.includes('▸ Market'), UI_MS);

    // Themes switched directly in the store: `:theme` would leave its confirmation toast on the picture.
    a.app.store.setState((s) => ({ workspace: { ...s.workspace, theme: 'light' } }));
    await shoot(a, 'theme-light', LIGHT_SCHEME);
    a.app.store.setState((s) => ({ workspace: { ...s.workspace, theme: 'colorblind' } }));
    await shoot(a, 'theme-colorblind');
    await flatten(a);
  } finally {
    await closeApp(a);
  }

  const small = await openApp(80, 24, { keyFile: sim.demoKeyFile });
  try {
    await sleep(3_000);
    await shoot(small, 'market');
  } finally {
    await closeApp(small);
  }
}

/**
 * Trading down while market data is live: a long held, then the trading socket refused (3401, as a revoked
 * key loops) through a proxy; the positions and the account dimmed and marked "as of".
 */
async function tradingDown(): Promise<void> {
  const proxy = await startTradingGateProxy(sim.ws);
  const a = await openApp(200, 50, { keyFile: sim.demoKeyFile, wsUrl: proxy.url });
  try {
    await sleep(3_000);
    await openLong(a, 300);
    await press(a, '4');
    await press(a, 'P');
    await a.vt.waitFor((s) => s.includes('▲ LONG') && /uPnL\s+[+-]?\d/.test(s), EXCHANGE_MS);
    proxy.refuse();
    await a.vt.waitFor((s) => /as of \d\d:\d\d:\d\d \(trading key refused\)/.test(s) && s.includes('trading ✕ key refused'), EXCHANGE_MS);
    // The market moves on beside the frozen position.
    await sleep(3_000);
    await shoot(a, 'trading-down');
    proxy.admit();
    await a.vt.waitFor((s) => s.includes('trading ● live') && !s.includes('as of '), EXCHANGE_MS);
    await flatten(a);
  } finally {
    await closeApp(a);
    await proxy.close();
  }
}

/** The demo key: no form of it may be in the recording. */
function demoKey(): { apiKey: string; seed: Buffer } {
  const demo = JSON.parse(readFileSync(sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
  return { apiKey: demo.api_key, seed: Buffer.from(demo.private_key, 'hex') };
}

async function demo(): Promise<void> {
  // Smaller and slower than the screenshots: the cast holds every byte the app writes and must stay well
  // under 2 MB, and 120x40 fits the terminal most people will play it in.
  const cols = 120;
  const rows = 40;
  const fps = 10;
  const key = demoKey();
  // The app's own `--record`: REST answers, the market-data and the trading socket, secrets stripped.
  const recordingPath = join(outDir, 'demo.ndjson');

  let cast: AsciicastWriter | null = null;
  let sent = 0;
  let vt: VirtualTerminal | null = null;
  const sample = setInterval(() => {
    if (!vt || !cast) return;
    const raw = vt.stdout.raw;
    cast.output(raw.slice(sent));
    sent = raw.length;
  }, CAST_SAMPLE_MS);
  let a: App | null = null;
  try {
    cast = new AsciicastWriter({ width: cols, height: rows, title: 'perpl-terminal: local exchange, a market buy and its close', env: { TERM: 'xterm-256color' } });
    a = await openApp(cols, rows, { keyFile: sim.demoKeyFile, fps, record: recordingPath });
    vt = a.vt;
    await sleep(DEMO_WATCH_MS);
    await openLong(a, 300, 1_500);
    await press(a, '4');
    await press(a, 'P');
    await a.vt.waitFor((s) => s.includes('▲ LONG'), EXCHANGE_MS);
    await sleep(4_000);
    await press(a, 'x');
    await a.vt.waitFor('close> ', UI_MS);
    await sleep(700);
    await press(a, KEYS.enter); // empty = everything at market
    await a.vt.waitFor('close 100%', UI_MS);
    await sleep(1_000);
    await press(a, 'y');
    await a.vt.waitFor((s) => s.includes('no open positions'), EXCHANGE_MS);
    await sleep(DEMO_WATCH_MS);
    await press(a, 'q');
    await a.app.done;
  } finally {
    if (a) await closeApp(a);
    clearInterval(sample);
    if (vt !== null) cast?.output((vt as VirtualTerminal).stdout.raw.slice(sent));
  }
  if (!cast) throw new Error('the demo did not start');
  const castPath = join(outDir, 'demo.cast');
  writeFileSync(castPath, cast.toText());

  // No form of the key in the file (the sign-in's signature and nonce the recorder strips; test/assets checks).
  const text = readFileSync(recordingPath, 'utf8');
  const leaks = recordingSecrets(key).filter((s) => text.includes(s));
  if (leaks.length > 0) throw new Error(`the recording holds ${leaks.length} secret form(s) of the demo key`);
  for (const file of [recordingPath, castPath]) {
    if (statSync(file).size > MAX_DEMO_BYTES) throw new Error(`${file} is over ${MAX_DEMO_BYTES} bytes: shorten the demo`);
  }
  const frames = readRecording(recordingPath).lines;
  console.log(`${recordingPath}  ${(statSync(recordingPath).size / 1024).toFixed(1)} KB, ${frames.length} lines`);
  console.log(`${castPath}  ${(statSync(castPath).size / 1024).toFixed(1)} KB, ${cast.eventCount} events`);
}

async function main(): Promise<void> {
  font = HexFont.load();
  mkdirSync(outDir, { recursive: true });
  home = mkdtempSync(join(tmpdir(), 'perpl-assets-'));
  sim = await startSim({ like: 'classic', port: 0, seed: SEED, blockMs: 100, flowStepsPerSec: 20, home, quiet: true });
  try {
    if (only === undefined || only === 'screens') await screens();
    if (only === undefined || only === 'trading-down') await tradingDown();
    if (only === undefined || only === 'demo') await demo();
  } finally {
    await sim.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

await main();

// replay-shows-the-live-trading-screen: the real app, trading on the local exchange with the demo key and
// recording itself (`--record`), rests a limit order and opens a long; with the market then frozen, its
// 200x50 screen is kept. `perpl replay` of that file, played to the end, must show the same header,
// book, trades tape, and the same Positions and Open orders tabs; only time-dependent cells (the funding
// countdown, the block height, the latency, an open order's age) and the by-design badges (REPLAY, READ-ONLY, the footer)
// may differ. Seeking back to before the long rebuilds the tabs (the resting order, no position: nothing
// patched onto the later state), and seeking forward again shows what straight play showed.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay, type ReplayHandle } from '../../src/app/run-replay.js';
import { REPLAY_READ_ONLY } from '../../src/replay/read-only.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import { readRecording, type FrameLine } from '../../src/transport/record/index.js';
import { createVirtualTerminal, eventually, sleep, type VirtualTerminal } from '../helpers/terminal.js';
import { waitFor } from '../helpers/wait.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';
import { openLong, type TradingScreen } from '../helpers/trading-screen.js';
import { type SimFixture, startFixture, until } from './helpers.js';

const COLS = 200;
const ROWS = 50;
const BOOK_WIDTH = 38;

type Tab = 'P' | 'O' | 'F' | 'J';
/** The active tab's title (Open orders with their count when there are any). */
const TAB_TITLE: Record<Tab, RegExp> = { P: /\[Positions\]/, O: /\[Open orders( \(\d+\))?\]/, F: /\[Fills\]/, J: /\[Journal\]/ };

/** The market header of the status line: from the symbol to the health badge, the funding countdown masked. */
function header(lines: string[], symbol: string): string {
  const line = lines[0] ?? '';
  const from = line.indexOf(` ${symbol} `);
  // The health badge: "● live" live, "▶ replay" or its paused / ended forms in a replay.
  const to = line.search(/[●▶‖■] (live|replay)/);
  // The funding's "(+26.89% apr)" is dropped when the line is short of room, which the time-dependent
  // cells after it (latency, block) decide: it is not part of what a replay must reproduce.
  return from < 0 || to < 0 ? '' : line.slice(from, to).trim().replace(/\b\d{2}:\d{2}(:\d{2})?\b/g, '··:··').replace(/ \([+-]?[\d.,]+% apr\)/, '');
}

/** The book pane, every row. */
function book(lines: string[]): string[] {
  const bottom = lines.findIndex((l, i) => i > 0 && l.startsWith('└'));
  return lines.slice(1, bottom + 1).map((l) => l.slice(0, BOOK_WIDTH));
}

/** The trades tape, every row. */
function trades(lines: string[]): string[] {
  const left = (lines[1] ?? '').indexOf('┌─ Trades');
  const bottom = lines.findIndex((l, i) => i > 0 && l.startsWith('└'));
  return left < 0 ? [] : lines.slice(1, bottom + 1).map((l) => l.slice(left));
}

/** The trading tabs' box: title, column header, rows and key line. */
function tradingTab(lines: string[]): string[] {
  const top = lines.findIndex((l) => /\[(Positions|Open orders( \(\d+\))?|Fills|History|Journal)\]/.test(l));
  if (top < 0) return [];
  const bottom = lines.findIndex((l, i) => i > top && l.startsWith('└'));
  // An open order's age ticks with the wall clock between the live screen and the replay: masked.
  // The account box's key row names the live run's key file; a replay signs nothing and says so: masked too.
  return lines
    .slice(top, bottom + 1)
    .map((l) => l.replace(/ \d+[smhd] /g, (m) => ' '.repeat(m.length)).replace(/^│(key |no key loaded)[^│]*│/, (m) => `│${' '.repeat([...m].length - 2)}│`));
}

/**
 * Shows `tab` and returns its box once drawn (its title and rows come in the same frame). Fills come from a
 * history feed that loads on its own time: its box is read once the feed says it has all of them.
 */
async function showTab(vt: VirtualTerminal, tab: Tab): Promise<string[]> {
  vt.press(tab);
  await vt.waitFor(TAB_TITLE[tab], 15_000);
  if (tab === 'F') await vt.waitFor(() => tradingTab(vt.lines()).some((l) => l.includes('all loaded')), 10_000);
  return tradingTab(vt.lines());
}

interface Screen {
  header: string;
  book: string[];
  trades: string[];
  positions: string[];
  orders: string[];
}

/** Polls an async check (a read that presses keys) until it holds; false once `timeoutMs` passed. */
function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return waitFor(check, 'the check', timeoutMs).then(
    () => true,
    () => false,
  );
}

async function screenOf(vt: VirtualTerminal, symbol: string): Promise<Screen> {
  const orders = await showTab(vt, 'O');
  const positions = await showTab(vt, 'P');
  const lines = vt.lines();
  return { header: header(lines, symbol), book: book(lines), trades: trades(lines), positions, orders };
}

let f: SimFixture;
let savedCi: string | undefined;
let recordingPath: string;
let symbol: string;
let sizeDecimals: number;
let live: Screen;
/** ms into the recording when the long was sent (its mt 22). */
let longSentAt: number;

beforeAll(async () => {
  // Ink writes nothing until unmount under CI=true (ARCHITECTURE.md).
  savedCi = process.env.CI;
  process.env.CI = 'false';
  f = await startFixture({ flow: 10 });
  recordingPath = join(f.dir, 'trading-session.ndjson');
  const app = await runAppInTerminal({ rest: f.sim.rest, ws: f.sim.ws, chainId: f.sim.chainId }, COLS, ROWS, undefined, {
    keyFile: f.sim.demoKeyFile,
    home: f.dir,
    record: recordingPath,
  });
  try {
    const state = () => app.app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, 15_000, 'orders unlocked');
    await app.vt.waitFor('spread ', 10_000);
    const market = state().market!;
    symbol = market.symbol;
    sizeDecimals = market.sizeDecimals;
    const commands = app.app.services.trading!()!;
    // A bid resting deep in the book (it must not fill), then a long at market.
    const price = f.sim.control.engine.book(market.id, 10).bid.at(-1)!.p;
    expect((await commands.place({ marketId: market.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 }).outcome).ok).toBe(true);
    const screen: TradingScreen = { sim: f.sim, app, market, commands, home: f.dir };
    await openLong(screen, 10, 10_000);
    await eventually(() => state().trading.orders.length === 1, 5_000, 'the resting order');
    app.vt.press('4'); // focus the trading tabs
    // Freeze the market (blocks go on, so both feeds stay live) and keep the screen once it stops moving.
    f.sim.control.pauseFlow();
    let previous = '';
    const settled = await pollUntil(async () => {
      await sleep(150); // the window a screen must stay the same in to count as settled
      const now = JSON.stringify(await screenOf(app.vt, symbol));
      const same = now === previous;
      previous = now;
      return same;
    }, 15_000);
    expect(settled, 'the live screen settles once the market is frozen').toBe(true);
    live = JSON.parse(previous) as Screen;
  } finally {
    await app.close();
    f.sim.control.resumeFlow();
  }
  const frames = readRecording(recordingPath).lines.filter((l): l is FrameLine => 'dir' in l);
  const longs = frames.filter((l) => l.ch === 'trading' && l.dir === 'out' && (l.frame as { mt?: number; t?: number }).mt === 22 && (l.frame as { t?: number }).t === 1);
  longSentAt = longs[longs.length - 1]!.t; // the last attempt is the one that filled (openLong retries)
}, 90_000);

afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  await f?.stop();
});

async function replay(speed: number): Promise<{ r: ReplayHandle; vt: VirtualTerminal; close(): Promise<void> }> {
  const vt = createVirtualTerminal(COLS, ROWS);
  const r = await startReplay({ file: recordingPath, speed, stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream });
  await vt.waitFor('spread ', 10_000);
  vt.press('4');
  return {
    r,
    vt,
    async close() {
      await r.tui.quit();
      await r.done;
      vt.dispose();
    },
  };
}

describe('replay of a recorded trading session', () => {
  it('the live screen showed the trade (what the replay must show)', () => {
    expect(live.positions.join('\n')).toMatch(/▲ LONG +\S+ +0\.00010 /);
    expect(live.orders.join('\n')).toMatch(/limit +[\d,.]+ +0\.00010 /);
    expect(live.book.join('\n')).toContain('spread ');
    expect(live.trades.join('\n')).toMatch(/\d\d:\d\d:\d\d [▲▼] [\d,.]+/);
    expect(live.header).toMatch(/mark [\d,.]+ .* fund /);
  });

  it('played to the end, it shows the same header, book, trades tape and trading tabs', async () => {
    const { r, vt, close } = await replay(10);
    try {
      await until(() => r.server.clock.ended, 'the replay to end', 20_000);
      let shown: Screen | undefined;
      await pollUntil(async () => {
        shown = await screenOf(vt, symbol);
        return JSON.stringify(shown) === JSON.stringify(live);
      }, 30_000);
      expect(shown!.header).toBe(live.header);
      expect(shown!.book).toEqual(live.book);
      expect(shown!.trades).toEqual(live.trades);
      expect(shown!.positions).toEqual(live.positions);
      expect(shown!.orders).toEqual(live.orders);
      // Read-only, and says so: the journal of what was sent is there, an order key is refused.
      expect((await showTab(vt, 'J')).join('\n')).toMatch(new RegExp(`rq \\d+ market buy ${formatScaledTrim(10, sizeDecimals).replace('.', '\\.')} ${symbol} at market`));
      // The form's own line, not the notice: a replayed fill's toast can take the notice line right after.
      vt.press('b');
      await vt.waitFor(`submit disabled: ${REPLAY_READ_ONLY}`, 15_000);
      expect(vt.lines()[0]).toContain('READ-ONLY');
    } finally {
      await close();
    }
  }, 60_000);

  it('seek back rebuilds the trading tabs; seek forward again shows what straight play showed', async () => {
    const { r, vt, close } = await replay(10);
    try {
      await until(() => r.server.clock.ended, 'the replay to end', 20_000);
      // Played to the end, the screen comes to what live showed (the test above); read it from there.
      await pollUntil(async () => JSON.stringify(await screenOf(vt, symbol)) === JSON.stringify(live), 30_000);
      const straight = { positions: await showTab(vt, 'P'), orders: await showTab(vt, 'O'), fills: await showTab(vt, 'F'), journal: await showTab(vt, 'J') };
      expect(straight.positions.join('\n')).toMatch(/▲ LONG/);

      vt.press(' '); // pause (taken by the replay, not the UI)
      await until(() => r.server.clock.paused, 'the pause');
      r.server.clock.seek(longSentAt - 1);
      // Before the long: the resting order, no position and no fill, as live at that moment.
      await pollUntil(async () => (await showTab(vt, 'P')).join('\n').includes('no open positions'), 30_000);
      expect((await showTab(vt, 'P')).join('\n')).toContain('no open positions');
      expect((await showTab(vt, 'F')).join('\n')).toContain('no fills');
      expect((await showTab(vt, 'O')).join('\n')).toMatch(/limit +[\d,.]+ +0\.00010 /);

      r.server.clock.seek(r.server.clock.durationMs);
      await pollUntil(async () => JSON.stringify(await showTab(vt, 'P')) === JSON.stringify(straight.positions), 30_000);
      expect(await showTab(vt, 'P')).toEqual(straight.positions);
      expect(await showTab(vt, 'O')).toEqual(straight.orders);
      expect(await showTab(vt, 'F')).toEqual(straight.fills);
      expect(await showTab(vt, 'J')).toEqual(straight.journal);
    } finally {
      await close();
    }
  }, 60_000);
});

// server-text-stays-inert: a hostile server in front of the real local exchange puts escape sequences
// in everything it can say in words: the market's symbol and name in the context (OSC 0/2 titles, OSC 52
// clipboard writes, CSI screen clears and cursor moves, bidi overrides), a REST error body, the close
// reasons of both sockets and a subscription's error. The terminal (the real app in @xterm/headless,
// which reports title and clipboard changes) must show all of it as visible text: the title and the
// clipboard never change, the layout's borders stay where they belong, and the app log holds no ESC.
// Before, the raw symbol retitled the terminal on every frame and the name wrote the clipboard.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogPath } from '../../src/app/app-log.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { HostileProxy } from '../chaos/hostile-proxy.js';
import { HostileRest } from '../chaos/hostile-rest.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

const TITLE = '\u001b]0;PWNED\u0007';
const CLIPBOARD = '\u001b]52;c;ZXZpbA==\u0007';
/** Shown as the market's symbol and name: retitles, writes the clipboard, clears and moves, reverses. */
const SYMBOL = `BTC${TITLE}`;
const NAME = `BTC Perp${CLIPBOARD}\u001b[2J\u001b[1;1H\u202e`;
const ERROR_BODY = `refused${TITLE}${CLIPBOARD}\u001b[5;5H\u001b[2K\u202eevil`;
/** A close reason fits 123 bytes. */
const CLOSE_REASON = `bye${TITLE}${CLIPBOARD}\u001b[2J`;

const HISTORY_PATH = /^\/api\/v1\/trading\/(fills|order-history|position-history|account-history)/;

let sim: RunningSim;
let rest: HostileRest;
let proxy: HostileProxy;
let home: string;
let running: RunningApp | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-hostile-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 5, flowStepsPerSec: 10 });
  rest = await HostileRest.start(sim.rest, (method, path, answer) => {
    if (method === 'GET' && path.startsWith('/api/v1/pub/context') && answer.status === 200) {
      const ctx = JSON.parse(answer.body) as { markets: { symbol: string; name: string }[] };
      const btc = ctx.markets.find((m) => (m.symbol || m.name) === 'BTC')!;
      btc.symbol = SYMBOL;
      btc.name = NAME;
      return { ...answer, body: JSON.stringify(ctx) };
    }
    if (HISTORY_PATH.test(path)) return { status: 400, body: ERROR_BODY, contentType: 'text/plain' };
    return undefined;
  });
  proxy = await HostileProxy.start(sim.ws);
}, 30_000);

afterAll(async () => {
  await running?.close();
  await proxy?.close();
  await rest?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Cell text at column x, row y of the visible screen. */
function cell(vt: RunningApp['vt'], x: number, y: number): string {
  const buffer = vt.term.buffer.active;
  return buffer.getLine(buffer.viewportY + y)?.getCell(x)?.getChars() ?? '';
}

/**
 * Where the frame is broken, or [] when whole: below the status line the screen is a stack of bordered
 * bands (market panes, then the trading tabs); each band's corners in its top row fix its pane edges,
 * every row of the band holds a border at each edge, its bottom row closes them, and the footer follows.
 */
function brokenBorders(vt: RunningApp['vt'], cols: number, rows: number): string[] {
  const problems: string[] = [];
  const footerRow = rows - 2;
  let y = 1;
  while (y < footerRow) {
    if (cell(vt, 0, y) !== '┌') {
      problems.push(`row ${y} starts with "${cell(vt, 0, y)}", not a band's top corner`);
      return problems;
    }
    const edges: number[] = [];
    for (let x = 0; x < cols; x++) if (cell(vt, x, y) === '┌' || cell(vt, x, y) === '┐') edges.push(x);
    if (edges.length < 2 || edges.length % 2 !== 0 || edges.at(-1) !== cols - 1) problems.push(`row ${y}: pane corners at ${edges.join(',')}`);
    let bottom = y + 1;
    while (bottom < footerRow && cell(vt, 0, bottom) !== '└') bottom++;
    for (let row = y + 1; row < bottom; row++) {
      for (const x of edges) if (cell(vt, x, row) !== '│') problems.push(`row ${row} col ${x}: "${cell(vt, x, row)}" where a border belongs`);
    }
    for (const [i, x] of edges.entries()) {
      const want = i % 2 === 0 ? '└' : '┘';
      if (cell(vt, x, bottom) !== want) problems.push(`row ${bottom} col ${x}: "${cell(vt, x, bottom)}", not ${want}`);
    }
    y = bottom + 1;
  }
  if (y !== footerRow) problems.push(`the bands end at row ${y - 1}, not just above the footer (row ${footerRow})`);
  return problems;
}

const COLS = 200;
const ROWS = 50;
/** The hostile symbol as the sanitizer shows it. */
const SHOWN_SYMBOL = 'BTC\\x1b]0;PWNED\\x07';

describe('a hostile server', () => {
  it('server-text-stays-inert: title and clipboard never change, the layout holds, the app log has no ESC', async () => {
    running = await runAppInTerminal({ rest: rest.url, ws: proxy.url, chainId: sim.chainId }, COLS, ROWS, undefined, { keyFile: sim.demoKeyFile, home, appLog: true });
    const { vt, app } = running;
    const { store } = app;
    await eventually(() => store.getState().trading.health?.health === 'live' && store.getState().trading.lockReason === null, 20_000, 'a live trading session');
    await vt.waitFor('spread ', 20_000);
    // The symbol is on screen on every frame (status line, book title).
    await eventually(() => store.getState().market?.id === 1, 10_000, 'BTC as the market');

    // The market picker lists the hostile name.
    vt.press('/');
    await vt.waitFor('(current)', 10_000);
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('(current)'), 10_000);

    // The History tab loads from REST, which answers 400 with a hostile body.
    vt.press('4');
    vt.press('H');
    await vt.waitFor('could not load:', 15_000);

    // Both sockets closed with a hostile reason, and a subscription refused with a hostile error.
    const mdBefore = proxy.connectionsTo('market-data');
    const tradingBefore = proxy.connectionsTo('trading');
    expect(proxy.closeClients('market-data', 1008, CLOSE_REASON)).toBeGreaterThan(0);
    expect(proxy.closeClients('trading', 3401, CLOSE_REASON)).toBeGreaterThan(0);
    await eventually(() => proxy.connectionsTo('market-data') > mdBefore && proxy.connectionsTo('trading') > tradingBefore, 20_000, 'both sockets reconnected');
    await eventually(() => store.getState().connection.health === 'live' && store.getState().trading.health?.health === 'live', 20_000, 'both sockets live again');
    proxy.inject(JSON.stringify({ mt: 6, sid: 1, sn: 1, subs: [{ stream: 'order-book@1', sid: 0, status: { code: 404, error: ERROR_BODY } }] }), false, 'market-data');
    await vt.waitFor('spread ', 10_000);

    // Nothing drove the terminal; the hostile text is on screen, visible and harmless, in a frame whose
    // borders all hold.
    expect(vt.titles).toEqual([]);
    expect(vt.clipboardWrites).toEqual([]);
    expect(brokenBorders(vt, COLS, ROWS)).toEqual([]);
    expect(vt.lines()[0]).toContain('LOCAL sim');
    expect(vt.lines()[ROWS - 2]).toContain('q quit');
    expect(vt.screenText()).toContain(SHOWN_SYMBOL);
    // The detectors work: the same sequences written raw are seen.
    vt.term.write(`${TITLE}${CLIPBOARD}`);
    await eventually(() => vt.titles.length === 1 && vt.clipboardWrites.length === 1, 5_000, 'the raw sequences recorded');
    expect(vt.titles).toEqual(['PWNED']);
    expect(vt.clipboardWrites).toEqual(['c;ZXZpbA==']);

    await running.close();
    running = undefined;
    const log = readFileSync(appLogPath(home));
    expect(log.includes(0x1b)).toBe(false);
    // The log did get the hostile text, as visible escapes.
    expect(log.toString('utf8')).toContain('bye\\x1b]0;PWNED\\x07');
  }, 120_000);
});

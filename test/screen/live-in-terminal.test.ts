// Living in the terminal: contextual help, a remapped key from a config file (a trading key too, and the
// footer's order keys, marked off without a trading key), an invalid config entry,
// every theme without unreadable cells, ASCII mode, zoom and OSC 52 copy — the real app, an emulated
// terminal and a real local exchange.

import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWorkspaceLine } from '../../src/ui/command-line/workspace-line.js';
import { THEME_NAMES } from '../../src/state/workspace-slice.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually, KEYS, type VirtualTerminal } from '../helpers/terminal.js';

// The app homes and config files go in the exchange's temporary home, removed with it.
const exchange = useScreenExchange('perpl-live-', { blockMs: 100, seed: 5, flowStepsPerSec: 20 });

let homes = 0;
async function open(opts: { config?: string; ascii?: boolean; cols?: number; rows?: number; trading?: boolean } = {}) {
  const running = await exchange.open(opts.cols ?? 160, opts.rows ?? 40, undefined, {
    home: join(exchange.home, `home-${homes++}`),
    ...(opts.config ? { config: opts.config } : {}),
    ...(opts.ascii ? { ascii: true } : {}),
    ...(opts.trading ? { keyFile: exchange.sim.demoKeyFile } : {}),
  });
  await running.vt.waitFor((s) => (s.includes('● live') || s.includes('* live')) && s.includes('spread '), 10_000);
  return running;
}

function configFile(name: string, text: string): string {
  const file = join(exchange.home, name);
  writeFileSync(file, text);
  return file;
}

/** Cells whose foreground and background are the same explicit colour (text that cannot be read). */
function unreadableCells(vt: VirtualTerminal): string[] {
  const buffer = vt.term.buffer.active;
  const bad: string[] = [];
  for (let y = 0; y < vt.term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    for (let x = 0; line && x < vt.term.cols; x++) {
      const cell = line.getCell(x);
      if (!cell || cell.getChars().trim() === '') continue;
      if (cell.isFgDefault() || cell.isBgDefault()) continue;
      if (cell.getFgColorMode() === cell.getBgColorMode() && cell.getFgColor() === cell.getBgColor()) bad.push(`${x},${y} "${cell.getChars()}"`);
    }
  }
  return bad;
}

/** Cells drawn in red or green (16-colour palette, as FORCE_COLOR=1 gives), and cells with any colour. */
function colourCounts(vt: VirtualTerminal): { redOrGreen: number; coloured: number } {
  const buffer = vt.term.buffer.active;
  let redOrGreen = 0;
  let coloured = 0;
  for (let y = 0; y < vt.term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    for (let x = 0; line && x < vt.term.cols; x++) {
      const cell = line.getCell(x);
      if (!cell) continue;
      if (!cell.isFgDefault() || !cell.isBgDefault()) coloured += 1;
      const isRedGreen = (c: number): boolean => [1, 2, 9, 10].includes(c);
      if ((cell.isFgPalette() && isRedGreen(cell.getFgColor())) || (cell.isBgPalette() && isRedGreen(cell.getBgColor()))) redOrGreen += 1;
    }
  }
  return { redOrGreen, coloured };
}

describe('help, keys and config', () => {
  it('help-lists-focused-pane-keys: ? shows only the keys valid in the focused pane; typing filters; Esc closes', async () => {
    const { vt } = await open();
    vt.press('?');
    let screen = await vt.waitFor('Help: Book keys');
    expect(screen).toContain('cursor down one level');
    expect(screen).not.toContain('longer candle timeframe');
    await vt.type('page');
    screen = await vt.waitFor((s) => s.includes('? page') && !s.includes('focus the next pane'));
    expect(screen).toContain('cursor down one page');
    expect(screen).not.toContain('cursor down one level');
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('Help: Book keys'));
    await vt.type('2?'); // one key per read: Ink hands a burst of keys over as one string
    screen = await vt.waitFor('Help: Chart keys');
    expect(screen).toContain('longer candle timeframe');
    expect(screen).not.toContain('cursor down one level');
  });

  it('remapped-key: openPicker = "p" in config.toml opens the picker and "/" no longer does', async () => {
    const { vt, app } = await open({ config: configFile('remap.toml', '[keys]\nopenPicker = "p"\n') });
    await vt.type('/?'); // the later key proves the first one was handled (and did nothing)
    await vt.waitFor('Help: Book keys');
    expect(app.store.getState().picker.open).toBe(false);
    expect(vt.screenText()).toMatch(/p\s+openPicker\s+market picker with search/);
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('Help: Book keys')); // ESC then p at once would read as Alt-p
    vt.press('p');
    await vt.waitFor('type to search');
    expect(app.store.getState().picker.open).toBe(true);
  });

  it('remapped-trading-key: buy = "B" opens order entry on B, b no longer does, and the footer says B buy', async () => {
    const { vt, app } = await open({ config: configFile('buy.toml', '[keys]\nbuy = "B"\n'), trading: true });
    const { store } = app;
    await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, 10_000, 'orders unlocked');
    await vt.waitFor((s) => /B buy {2}s sell {2}!! panic {2}Tab focus/.test(s)); // on, no "(off: ...)" after them
    await vt.type('b?'); // the later key proves b was handled (and opened nothing)
    await vt.waitFor('Help: Book keys');
    expect(store.getState().tradingUi.entry).toBeNull();
    expect(vt.screenText()).toMatch(/B\s+buy\s+order entry: buy \/ long/); // the name to write in [keys]
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('Help: Book keys'));
    vt.press('B');
    await vt.waitFor('Order entry');
    expect(store.getState().tradingUi.entry?.side).toBe('long');
  });

  it('order-keys-off-in-footer: without a trading key the footer lists the order keys marked off, with the reason', async () => {
    const { vt } = await open();
    const screen = await vt.waitFor('b buy  s sell  !! panic (off: no key)');
    const footer = screen.split('\n').find((l) => l.includes('!! panic')) ?? '';
    expect(footer).toContain('q quit');
  });

  it('invalid-config-notice: a bad entry is shown with its line and key, the app starts, the other entries apply', async () => {
    const { vt, app } = await open({ config: configFile('bad.json', '{\n  "fps": 10,\n  "theme": "neon",\n  "keys": { "zoom": "Z" }\n}\n') });
    const screen = await vt.waitFor('line 3: theme');
    expect(screen).toContain('must be one of dark');
    expect(app.store.getState().workspace.theme).toBe('dark');
    await vt.type('2Z');
    await vt.waitFor((s) => !s.includes('Trades'));
    expect(app.store.getState().workspace.zoomed).toBe('chart');
  });

  it('every-config-problem-on-screen: 7 bad entries (an unknown watchlist market among them) are all listed under ?, not "+6 more" alone', async () => {
    const text = ['theme = "neon"', 'fps = 99', 'layout = "sideways"', 'bell = "loud"', 'colour = "red"', 'watchlist = ["ETH", "NOPE"]', '[keys]', 'fly = "f"'].join('\n');
    const { vt } = await open({ config: configFile('seven.toml', `${text}\n`) });
    await vt.waitFor('config seven.toml: 7 problems (? lists all)', 15_000);
    vt.press('?');
    const screen = await vt.waitFor('config: 7 problems');
    for (const line of ['line 1: theme: must be one of', 'line 2: fps: must be an integer', 'line 3: layout: must be one of', 'line 4: bell: must be true or false', 'line 5: colour: unknown entry', 'line 6: watchlist: unknown market "NOPE"', 'line 8: keys.fly: unknown action "fly"']) {
      expect(screen).toContain(line);
    }
    expect(screen).toContain('using dark');
  });

  it('polluting-config-refused: [__proto__] in config.toml is named in the footer with its line; the app starts and nothing is polluted', async () => {
    try {
      const { vt, app } = await open({ config: configFile('proto.toml', '[__proto__]\npolluted = "yes"\n\n[keys]\nzoom = "Z"\n') });
      await vt.waitFor('line 1: __proto__: refused: a reserved name');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await vt.type('2Z');
      await vt.waitFor((s) => !s.includes('Trades'));
      expect(app.store.getState().workspace.zoomed).toBe('chart');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('config-text-inert-in-footer: a config key holding OSC title and clipboard escapes is shown as text; the title and clipboard never change', async () => {
    const { vt } = await open({ config: configFile('evil.toml', '"evil\\u001b]0;PWNED\\u0007\\u001b]52;c;ZXZpbA==\\u0007" = 1\n') });
    await vt.waitFor('config evil.toml: line 1: evil\\x1b]0;PWNED\\x07\\x1b]52;c;ZXZpbA==\\x07');
    expect(vt.titles).toEqual([]);
    expect(vt.clipboardWrites).toEqual([]);
  });

  it('keys-folder-writable-warned: a keys folder other users may write to is named in the footer at start', async () => {
    const home = join(exchange.home, `home-${homes++}`);
    mkdirSync(join(home, 'keys'), { recursive: true, mode: 0o700 });
    chmodSync(join(home, 'keys'), 0o777);
    const { vt, app } = await exchange.open(200, 40, undefined, { home });
    await vt.waitFor('keys folder writable by others: chmod 700 /');
    expect(app.store.getState().workspace.configNotice).toBe(`keys folder writable by others: chmod 700 ${join(home, 'keys')}`);
  });
});

describe('themes, ascii, zoom and copy', () => {
  it('every-theme-readable: each theme renders with no cell in its own background colour', async () => {
    const { vt, app } = await open();
    for (const theme of THEME_NAMES) {
      app.store.setState((s) => ({ workspace: { ...s.workspace, theme } }));
      vt.press('j'); // a book cursor: the inverse row is drawn too
      await vt.waitFor((s) => s.includes('spread '));
      const before = app.store.getState().publishes;
      await vt.waitFor(() => app.store.getState().publishes > before + 2);
      expect(unreadableCells(vt), theme).toEqual([]);
      const colours = colourCounts(vt);
      if (theme === 'dark') expect(colours.redOrGreen).toBeGreaterThan(0);
      if (theme === 'colorblind') expect(colours.redOrGreen, 'colour-blind theme uses red or green').toBe(0);
      if (theme === 'mono') expect(colours.coloured, 'monochrome draws colour').toBe(0);
    }
  });

  it('no-color: NO_COLOR draws no colour at all (depth bars and badges fall back to inverse video)', async () => {
    process.env.NO_COLOR = '1';
    try {
      const { vt, app } = await open();
      const before = app.store.getState().publishes;
      await vt.waitFor(() => app.store.getState().publishes > before + 2);
      expect(colourCounts(vt).coloured).toBe(0);
    } finally {
      delete process.env.NO_COLOR;
    }
  });

  it('ascii-mode: no box-drawing, block, braille or arrow glyph reaches the screen', async () => {
    const { vt } = await open({ ascii: true });
    const screen = await vt.waitFor((s) => s.includes('+-') && s.includes('Trades'));
    expect(screen.match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
  });

  it('zoom-toggles: z gives the focused pane the whole screen and z again brings the layout back', async () => {
    const { vt } = await open();
    await vt.type('3z');
    await vt.waitFor((s) => s.includes('Trades') && !s.includes('Book ') && !s.includes('Chart '));
    vt.press('z');
    await vt.waitFor((s) => s.includes('Trades') && s.includes('Book ') && s.includes('Chart '));
  });

  it('price-alert-fires: an alert the mark has crossed rings the bell and says so once; one not reached stays', async () => {
    const { vt, app } = await open();
    const symbol = app.store.getState().market?.symbol ?? 'BTC';
    const bellsBefore = vt.stdout.raw.split('\u0007').length;
    runWorkspaceLine(app.store, `alert ${symbol} < 1`);
    runWorkspaceLine(app.store, `alert ${symbol} > 1`);
    const screen = await vt.waitFor(`ALERT ${symbol} > 1`);
    expect(screen).toContain('(mark ');
    expect(vt.stdout.raw.split('\u0007').length).toBeGreaterThan(bellsBefore);
    expect(app.store.getState().workspace.alerts.map((a) => a.direction)).toEqual(['below']);
  });

  it('watchlist-mini-prices: favourite markets from the config show their marks in the header', async () => {
    const { vt } = await open({ config: configFile('watch.toml', 'market = "BTC"\nwatchlist = ["BTC", "ETH", "SOL"]\n') });
    const screen = await vt.waitFor((s) => /ETH [0-9,]+\.[0-9]+ +SOL [0-9,]+\.[0-9]+/.test(s.split('\n')[0] ?? ''), 15_000);
    expect(screen.split('\n')[0]).not.toMatch(/ BTC [0-9]/); // the current market is in the header already
  });

  it('watchlist-all-at-200-columns: the example config\'s watchlist shows every market beside a one-row header', async () => {
    // At 200 columns the header is one row; the strip had a fixed 20 cells there and showed one market of three.
    const { vt } = await open({ cols: 200, rows: 50, config: configFile('watch-200.toml', 'market = "BTC"\nwatchlist = ["BTC", "ETH", "SOL"]\n') });
    const screen = await vt.waitFor((s) => /ETH [0-9,]+\.[0-9]+ +SOL [0-9,]+\.[0-9]+/.test(s.split('\n')[0] ?? ''), 15_000);
    const top = screen.split('\n')[0] ?? '';
    // The market header keeps its fields up to funding beside it.
    for (const label of ['mark ', 'last ', 'oracle ', '24h ', 'OI ', 'fund ']) expect(top).toContain(label);
  });

  it('command-line-theme-and-alert: :theme light switches the theme and :alert sets an alert from the typed line', async () => {
    const { vt, app } = await open();
    const symbol = app.store.getState().market?.symbol ?? 'BTC';
    await vt.type(':theme light');
    vt.press(KEYS.enter);
    // The notice "theme light", not the typed ":theme light" still on the command line before Enter lands.
    await vt.waitFor((s) => s.includes('theme light') && !s.includes(':theme light'));
    expect(app.store.getState().workspace.theme).toBe('light');
    await vt.type(`:alert ${symbol} < 1`);
    vt.press(KEYS.enter);
    await vt.waitFor(`alert set: ${symbol} < 1`);
    expect(app.store.getState().workspace.alerts.map((x) => x.symbol)).toEqual([symbol]); // :alerts and :alert clear: unit-tested
  });

  it('copy-osc52: y on a book level writes the level as an OSC 52 clipboard sequence', async () => {
    const { vt, app } = await open();
    vt.press('j');
    await vt.waitFor(() => app.store.getState().bookCursor !== null);
    vt.press('y');
    await vt.waitFor('copied: ');
    const copied = /copied: (.*?bid [0-9.]+ x [0-9.]+)/.exec(vt.screenText())?.[1];
    expect(copied).toBeDefined();
    expect(vt.stdout.raw).toContain(`\u001B]52;c;${Buffer.from(copied ?? '').toString('base64')}\u0007`);
  });
});

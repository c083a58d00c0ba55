// The screen at real sizes against hand-made market data (no server): layout, keys, degradation.

import { afterEach, describe, expect, it } from 'vitest';
import { mountScreen } from '../../src/terminal/render.js';
import { ManualMarketDataSource } from '../../src/state/fixtures.js';
import { Publisher } from '../../src/state/publisher.js';
import { createTerminalStore } from '../../src/state/store.js';
import { pressThenSentinel } from '../helpers/keys.js';
import { createVirtualTerminal, eventually, KEYS } from '../helpers/terminal.js';

const MARKETS = [
  { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: 2580 },
  { id: 32, symbol: 'ETH', name: 'ETH Perp', priceDecimals: 2, sizeDecimals: 4, fundingIntervalSec: 2580 },
];

/** 0.25 BTC long from 66,000.0 (BTC: 1 price decimal, 5 size decimals). */
const POSITION = {
  positionId: 1,
  marketId: 16,
  side: 1,
  size: 25_000,
  entryPrice: 660_000,
  markPrice: 670_125,
  collateral: '1650000000',
  leverage: 10,
  unrealizedPnl: '253125000',
  roe: 0.153,
  liquidationPrice: 600_000,
  liquidationDistancePct: 10.5,
  markState: 'live' as const,
  markNote: null,
  effectiveLeverage: 1000,
  leverageBasis: 'mark' as const,
};

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.reverse()) f();
  cleanup = [];
});

function start(cols: number, rows: number, network = { name: 'local', chainId: 31337, isMainnet: false }) {
  const vt = createVirtualTerminal(cols, rows);
  const store = createTerminalStore({ markets: MARKETS, network });
  const source = new ManualMarketDataSource();
  const publisher = new Publisher({ store, source });
  const calls = { quit: 0, resolutions: [] as number[], markets: [] as number[] };
  const instance = mountScreen({
    store,
    services: {
      selectMarket: (id) => calls.markets.push(id),
      setResolution: (s) => calls.resolutions.push(s),
      quit: () => {
        calls.quit += 1;
      },
    },
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
  });
  publisher.start();
  cleanup.push(() => {
    publisher.stop();
    instance.unmount();
    vt.dispose();
  });
  return { vt, store, source, calls };
}

describe('screen layout with hand-made data', () => {
  it('shows every pane at 200x50 with the header on the status line and the frame one row short', async () => {
    const { vt } = start(200, 50);
    const screen = await vt.waitFor('spread 1.0');
    const lines = screen.split('\n');
    expect(lines[0]).toContain('LOCAL sim 31337');
    expect(lines[0]).toContain('mark 67,012.5');
    expect(lines[0]).toContain('● live');
    expect(lines[0]).toMatch(/fund \+0\.0040%\/43m \([+-]?\d+\.\d\d% apr\) \d+:\d\d/); // annualised: room for it
    for (const pane of ['Book BTC', 'Chart 1m', 'Trades', 'Positions']) expect(screen).toContain(pane);
    // The account box at the left of the trading tabs (30 columns), saying why it has no figures.
    const tabsTitle = lines.findIndex((l) => l.includes('[Positions]'));
    expect(lines[tabsTitle]).toMatch(/^┌─ Account ─+┐┌─ \[Positions\]/);
    expect(lines[tabsTitle + 1]?.slice(0, 30)).toBe('│no account (read-only)      │');
    expect(lines[48]).toContain('q quit'); // frame = rows - 1
    expect(lines[49]?.trim()).toBe('');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(200);
  });

  it('degrades to 80x24: header on its own row, a compact trading strip, book and tape still readable', async () => {
    const { vt, store } = start(80, 24);
    // An open position in the trading slice: the compact strip must show its row.
    store.setState((s) => ({ trading: { ...s.trading, enabled: true, positions: [POSITION] } }));
    const screen = await vt.waitFor((s) => s.includes('spread 1.0') && s.includes('▲ LONG'));
    const lines = screen.split('\n');
    expect(lines[1]).toContain('mark 67,012.5');
    expect(lines[1]).toContain('fund +0.0040%/43m');
    expect(lines[1]).not.toContain('apr'); // no room for the annualised rate: it goes first
    expect(screen).toMatch(/▲ +67,01\d\.\d 0\.0\d{4}/); // tape price and size both exact, no ####
    // The strip: its title (tabs), the column header, the position row, the frame's bottom rows.
    const title = lines.findIndex((l) => l.includes('[Positions]'));
    expect(title).toBe(15);
    expect(lines[title + 1]).toMatch(/side +market +size +entry/);
    expect(lines[title + 2]).toMatch(/▲ LONG +BTC +0\.25000 +66,000\.0/);
    // The account's one line is the strip's bottom border (a key is loaded, no account snapshot yet).
    expect(lines[21]).toMatch(/^└─ waiting for the account… ─+┘$/);
    expect(lines[22]).toContain('q quit');
    // Book: four levels a side around the spread.
    expect(screen.match(/spread 1\.0/g)).toHaveLength(1);
  });

  it('focus-visits-the-trading-strip-at-80x24: Tab reaches the strip and 4 focuses it', async () => {
    const { vt, store } = start(80, 24);
    await vt.waitFor('▸ Book');
    for (const expected of ['chart', 'trades', 'trading', 'book'] as const) {
      vt.press(KEYS.tab);
      await eventually(() => store.getState().focus === expected, 5_000, `Tab to ${expected}`);
    }
    await vt.waitFor((s) => s.includes('▸ Book') && !s.includes('▸ [Positions]'));
    vt.press('4');
    await eventually(() => store.getState().focus === 'trading', 5_000, '4 focuses the trading tabs');
    await vt.waitFor('▸ [Positions]');
  });

  it('mainnet-is-loud: the mainnet badge is shown', async () => {
    const { vt } = start(200, 50, { name: 'mainnet', chainId: 143, isMainnet: true });
    await vt.waitFor('MAINNET');
  });

  it('esc-never-quits and q quits', async () => {
    const { vt, calls, store } = start(80, 24);
    await vt.waitFor('spread 1.0');
    // Esc, then Tab as a sentinel: once Tab has moved the focus, Esc has been handled, and did not quit.
    await pressThenSentinel(vt, [KEYS.escape], { key: KEYS.tab, effect: () => store.getState().focus === 'chart' });
    expect(calls.quit).toBe(0);
    vt.press('q');
    await eventually(() => calls.quit === 1, 5_000, 'q quits');
    vt.press(KEYS.ctrlC);
    await eventually(() => calls.quit === 2, 5_000, 'Ctrl-C quits');
  });

  it('tab-cycles-focus and j/k move the book cursor only while the book has focus', async () => {
    const { vt, store } = start(200, 50);
    await vt.waitFor('▸ Book');
    vt.press('j');
    await eventually(() => JSON.stringify(store.getState().bookCursor) === JSON.stringify({ side: 'bid', level: 0 }));
    expect(store.getState().bookCursor).toEqual({ side: 'bid', level: 0 });
    vt.press(KEYS.tab);
    await vt.waitFor('▸ Chart');
    vt.press('j'); // chart has focus: the book cursor must not move
    vt.press(KEYS.shiftTab);
    await vt.waitFor('▸ Book'); // keys are handled in order, so 'j' has been handled too
    expect(store.getState().bookCursor).toEqual({ side: 'bid', level: 0 });
    vt.press(KEYS.up);
    await eventually(() => JSON.stringify(store.getState().bookCursor) === JSON.stringify({ side: 'ask', level: 0 }));
    expect(store.getState().bookCursor).toEqual({ side: 'ask', level: 0 }); // across the spread
    vt.press(KEYS.up);
    await eventually(() => JSON.stringify(store.getState().bookCursor) === JSON.stringify({ side: 'ask', level: 1 }));
    expect(store.getState().bookCursor).toEqual({ side: 'ask', level: 1 });
  });

  it('timeframe-keys: ] and [ step the candle resolution and ask the session for it', async () => {
    const { vt, calls } = start(200, 50);
    await vt.waitFor('Chart 1m');
    vt.press(']');
    await vt.waitFor('Chart 5m');
    vt.press('[');
    await vt.waitFor('Chart 1m');
    expect(calls.resolutions).toEqual([300, 60]);
  });

  it('picker: Esc closes without switching, Enter on a filtered match switches', async () => {
    const { vt, calls } = start(200, 50);
    await vt.waitFor('spread 1.0');
    vt.press('/');
    await vt.waitFor('▸ Market');
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('▸ Market'));
    vt.press('/');
    await vt.waitFor('▸ Market');
    await vt.type('et');
    await vt.waitFor(/›\s+ETH/); // the choice marker, then the watchlist and on-screen marks
    vt.press(KEYS.enter);
    await vt.waitFor('market ETH');
    expect(calls.markets).toEqual([32]);
  });
});

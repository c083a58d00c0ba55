import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { createTerminalStore, INITIAL_CONNECTION, type PaneId } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { footerHints as hintsAt } from '../keys/footer-hints.js';
import { helpRows as rowsAt } from './rows.js';
import { DEFAULT_BINDINGS } from '../keys/keymap.js';
import { remapBindings } from '../keys/remap.js';
import type { Binding } from '../keys/binding.js';
import type { TerminalState } from '../../state/store.js';

const helpRows = (bindings: readonly Binding[], pane: PaneId, query: string) => rowsAt(bindings, { mode: 'panes', pane }, query);
const footerHints = (bindings: readonly Binding[], pane: PaneId, width: number, state?: TerminalState) => hintsAt(bindings, { mode: 'panes', pane }, width, state);

describe('contextual help rows', () => {
  it('lists only keys valid in the focused pane', () => {
    const chart = helpRows(DEFAULT_BINDINGS, 'chart', '').map((r) => r.description);
    expect(chart).toContain('longer candle timeframe');
    expect(chart.some((d) => d.includes('cursor'))).toBe(false);
    const book = helpRows(DEFAULT_BINDINGS, 'book', '').map((r) => r.description);
    expect(book).toContain('cursor down one level');
    expect(book).not.toContain('longer candle timeframe');
  });

  it('lists the trading keys (read by the trading code itself) only where they work', () => {
    const trading = helpRows(DEFAULT_BINDINGS, 'trading', '').map((r) => r.description);
    expect(trading).toContain('cancel the selected order (confirm)');
    expect(trading).toContain('order entry: buy / long');
    const book = helpRows(DEFAULT_BINDINGS, 'book', '').map((r) => r.description);
    expect(book).not.toContain('cancel the selected order (confirm)');
    expect(book).toContain('order entry: buy / long');
  });

  it('each row carries the action name the config remaps it by; panic shows as !!', () => {
    const book = helpRows(DEFAULT_BINDINGS, 'book', '');
    expect(book.find((r) => r.description === 'order entry: buy / long')).toMatchObject({ keys: 'b', action: 'buy' });
    expect(book.find((r) => r.action === 'panic')?.keys).toBe('!!');
    expect(helpRows(DEFAULT_BINDINGS, 'trading', 'cancelMarketOrders').map((r) => r.keys)).toEqual(['C']);
  });

  it('typing filters by description, action or key; every word must match', () => {
    expect(helpRows(DEFAULT_BINDINGS, 'book', 'focus').every((r) => r.description.includes('focus'))).toBe(true);
    expect(helpRows(DEFAULT_BINDINGS, 'book', 'cursor page').map((r) => r.keys)).toEqual(['PgUp', 'PgDn']);
    expect(helpRows(DEFAULT_BINDINGS, 'book', 'ctrl-c').map((r) => r.description)).toEqual(['quit']);
    expect(helpRows(DEFAULT_BINDINGS, 'book', 'nothing-like-this')).toEqual([]);
  });
});

describe('footer hints', () => {
  it('change with the focus', () => {
    expect(footerHints(DEFAULT_BINDINGS, 'chart', 200)).toContain('[ timeframe');
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200)).not.toContain('timeframe');
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200)).toContain('k move');
  });

  it('show the order keys with the keys in force', () => {
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200)).toMatch(/^ \? help {2}: command {2}\/ market {2}b buy {2}s sell {2}!! panic {2}Tab focus/);
    expect(footerHints(DEFAULT_BINDINGS, 'trading', 200)).toContain('s sell  c cancel  x close  !! panic');
    const remapped = remapBindings(DEFAULT_BINDINGS, new Map([['buy', ['B']]]));
    expect(footerHints(remapped, 'book', 200)).toContain('B buy  s sell');
  });

  it('mark order keys that are off with the short reason their binding gives, once per run of keys off for it', () => {
    const market = { ...btcTestMarket(), id: 1 };
    const live = { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [market] };
    const ref = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
    // The trading session is live, the market-data feed is stale: new orders are off, panic is not.
    const stale = createTerminalStore({ market: ref, keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'stale' }, trading: live }).getState();
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200, stale)).toContain('b buy  s sell (off: feed stale)  !! panic  Tab focus');
    const readOnly = createTerminalStore({ market: ref, keyScope: 'read', connection: { ...INITIAL_CONNECTION, health: 'live' }, trading: live }).getState();
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200, readOnly)).toContain('b buy  s sell  !! panic (off: read-only key)');
    for (const width of [80, 40]) expect(footerHints(DEFAULT_BINDINGS, 'book', width, stale).length).toBeLessThanOrEqual(width);
  });

  it('show the keys of the mode in use: a form lists its own keys, not the global ones', () => {
    const entry = hintsAt(DEFAULT_BINDINGS, { mode: 'entry', pane: 'book' }, 200);
    expect(entry).toContain('Enter review');
    expect(entry).toContain('Esc close');
    expect(entry).toContain('? keys');
    expect(entry).not.toContain('b buy');
    expect(hintsAt(DEFAULT_BINDINGS, { mode: 'review', pane: 'book' }, 200)).toContain('y send');
  });

  it('drop items that do not fit but keep quit, and never exceed the width', () => {
    const wide = footerHints(DEFAULT_BINDINGS, 'book', 200);
    for (const width of [60, 40, 25, 12]) {
      const line = footerHints(DEFAULT_BINDINGS, 'book', width);
      expect(line.length).toBeLessThanOrEqual(width);
      expect(line).toContain('q quit');
      expect(line.length).toBeLessThan(wide.length);
    }
    expect(footerHints(DEFAULT_BINDINGS, 'book', 3)).toBe('');
  });
});

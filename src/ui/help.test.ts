import { describe, expect, it } from 'vitest';
import { footerHints } from './format/footer-hints.js';
import { helpRows } from './help.js';
import { remapBindings } from './keymap-remap.js';
import { DEFAULT_BINDINGS } from './keymap-table.js';

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

  it('mark order keys that are off with the short reason, once per run of keys off for it', () => {
    const off = (a: string) => (a === 'buy' || a === 'sell' ? 'feed stale' : a === 'panic' ? 'read-only key' : null);
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200, off)).toContain('b buy  s sell (off: feed stale)  !! panic (off: read-only key)  Tab focus');
    const both = () => 'read-only key';
    expect(footerHints(DEFAULT_BINDINGS, 'book', 200, (a) => (['buy', 'sell', 'panic'].includes(a) ? both() : null))).toContain(
      'b buy  s sell  !! panic (off: read-only key)',
    );
    for (const width of [80, 40]) expect(footerHints(DEFAULT_BINDINGS, 'book', width, off).length).toBeLessThanOrEqual(width);
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

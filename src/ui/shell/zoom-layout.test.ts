import { describe, expect, it } from 'vitest';
import { openHelp, toggleZoom } from '../../state/workspace-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { computeLayout } from './layout.js';
import { applyZoom } from './zoom-layout.js';

describe('zoom layout', () => {
  it('gives the zoomed pane the whole body and asks for more rows', () => {
    const base = computeLayout(200, 50);
    const book = applyZoom(base, 'book');
    expect(book.book).toEqual({ width: 200, height: base.book.height + base.trading.height });
    expect(book.chart.width).toBe(0);
    expect(book.trading.height).toBe(0);
    expect(book.depth).toBeGreaterThan(base.depth);
    const trading = applyZoom(base, 'trading');
    expect(trading.trading.height).toBe(base.book.height + base.trading.height);
    expect(trading.book.height).toBe(0);
  });

  it('leaves the layout alone when nothing is zoomed or the terminal is too small', () => {
    const base = computeLayout(200, 50);
    expect(applyZoom(base, null)).toBe(base);
    const small = computeLayout(40, 10);
    expect(applyZoom(small, 'chart')).toBe(small);
  });
});

describe('help while zoomed', () => {
  it('opening help brings the normal layout back (help draws where the chart is)', () => {
    const store = createTerminalStore();
    toggleZoom(store, 'trading');
    expect(store.getState().workspace.zoomed).toBe('trading');
    openHelp(store);
    expect(store.getState().workspace).toMatchObject({ zoomed: null, help: { open: true, query: '' } });
  });
});

// Esc in the chart steps back out of what the chart keys entered, one level a press: the crosshair first,
// then the scroll (back to live), and only then what Esc does everywhere (the zoom, the notice); it never
// quits. The footer names what the next Esc does while it acts on the chart.

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore, type TerminalStore } from '../../state/store.js';
import { footerHints } from '../keys/footer-hints.js';
import { helpRows } from '../help/rows.js';
import { createKeymap } from '../keys/keymap.js';
import { ESC, keyPresser } from '../keys/press.fixtures.js';

const MIN = 60_000;
const PGUP = '\u001b[5~';

function chartSession(keymap = createKeymap()): { store: TerminalStore; calls: string[]; press(raw: string): void } {
  const calls: string[] = [];
  const store = createTerminalStore({
    focus: 'chart',
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    resolution: 60,
    // Five hundred minutes held, the view live: there is room to scroll back.
    candles: Array.from({ length: 500 }, (_, i) => ({ t: i * MIN, o: 680_000, h: 680_100, l: 679_900, c: 680_000, volume: 1 })),
    candleHistory: { oldestT: 0, newestT: 499 * MIN, loadingOlder: false, noOlder: true },
  });
  const commands: TerminalServices = {
    selectMarket: () => calls.push('selectMarket'), setResolution: () => calls.push('setResolution'), quit: () => calls.push('quit'),
    trading: () => null, loadMoreHistory: () => calls.push('loadMoreHistory'), refreshHistory: () => calls.push('refreshHistory'),
    loadOlderCandles: () => calls.push('loadOlderCandles'), copyText: () => (calls.push('copyText'), 'sent'),
  } as unknown as TerminalServices;
  return { store, calls, press: keyPresser(store, commands, { keymap }) };
}

const keymap = createKeymap();
const footer = (store: TerminalStore) => footerHints(keymap.bindings, { mode: 'panes', pane: store.getState().focus }, 10_000, store.getState());

describe('Esc in the chart', () => {
  it('chart-esc-leaves-the-crosshair-then-the-scroll: one level a press, then Esc as elsewhere; never quits', () => {
    const s = chartSession();
    s.press('x');
    s.press(PGUP);
    const scrolled = s.store.getState().chart;
    expect(scrolled.cursorT).not.toBeNull();
    expect(scrolled.endT).not.toBeNull();
    expect(footer(s.store)).toContain('Esc crosshair off');
    expect(helpRows(keymap.bindings, { mode: 'panes', pane: 'chart' }, 'esc', s.store.getState())[0]?.description).toMatch(/^now: crosshair off · back one level/);

    s.press(ESC);
    // The crosshair (and its readout) gone; the view still where the trader scrolled it.
    expect(s.store.getState().chart).toEqual({ endT: scrolled.endT, cursorT: null });
    expect(footer(s.store)).toContain('Esc live');

    s.press(ESC);
    expect(s.store.getState().chart).toEqual({ endT: null, cursorT: null });
    expect(footer(s.store)).toContain('Esc back (off: top level)');

    // Nothing left in the chart: Esc does what it does elsewhere (here: nothing), and never quits.
    s.press(ESC);
    expect(s.store.getState().chart).toEqual({ endT: null, cursorT: null });
    expect(s.calls).not.toContain('quit');
  });

  it('chart-esc-before-the-zoom: a zoomed, scrolled chart with a crosshair takes three Escs (crosshair, live, zoom)', () => {
    const s = chartSession();
    s.press('z');
    s.press('x');
    s.press(PGUP);
    expect(s.store.getState().workspace.zoomed).toBeTruthy();
    expect(s.store.getState().chart.cursorT).not.toBeNull();
    expect(s.store.getState().chart.endT).not.toBeNull();
    s.press(ESC);
    expect(s.store.getState().chart.cursorT).toBeNull();
    expect(s.store.getState().chart.endT).not.toBeNull();
    expect(s.store.getState().workspace.zoomed).toBeTruthy();
    s.press(ESC);
    expect(s.store.getState().chart.endT).toBeNull();
    expect(s.store.getState().workspace.zoomed).toBeTruthy();
    s.press(ESC);
    expect(s.store.getState().workspace.zoomed).toBeFalsy();
  });

  it('chart-scroll-only: with no crosshair the first Esc goes back to live', () => {
    const s = chartSession();
    s.press(PGUP);
    expect(s.store.getState().chart.endT).not.toBeNull();
    expect(footer(s.store)).toContain('Esc live');
    s.press(ESC);
    expect(s.store.getState().chart).toEqual({ endT: null, cursorT: null });
  });

  it('chart-esc-only-in-the-chart: with the book focused, Esc leaves the scrolled chart as it is', () => {
    const s = chartSession();
    s.press('x');
    s.press(PGUP);
    const scrolled = s.store.getState().chart;
    s.store.setState({ focus: 'book' });
    expect(footer(s.store)).not.toContain('crosshair off');
    s.press(ESC);
    expect(s.store.getState().chart).toEqual(scrolled);
  });

  it('chart-esc-remapped: with back on Backspace in the config, Backspace steps the chart back and the footer shows it; Esc still does', () => {
    const remapped = createKeymap(new Map([['back', ['Backspace']]]));
    const s = chartSession(remapped);
    const shown = () => footerHints(remapped.bindings, { mode: 'panes', pane: 'chart' }, 10_000, s.store.getState());
    s.press('x');
    s.press(PGUP);
    expect(shown()).toContain('Backspace crosshair off');
    s.press('\u007f');
    expect(s.store.getState().chart.cursorT).toBeNull();
    expect(shown()).toContain('Backspace live');
    s.press(ESC);
    expect(s.store.getState().chart).toEqual({ endT: null, cursorT: null });
  });
});

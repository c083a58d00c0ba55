import { describe, expect, it } from 'vitest';
import type { Action } from './binding.js';
import { DEFAULT_BINDINGS, lookupPaneBinding } from './keymap.js';
import { bindingKeyLabel, helpRows } from '../help/rows.js';
import { decodeKeys } from './key-reader.js';
import { acceptRemaps, normaliseActionKey, normaliseKeyName, remapBindings } from './remap.js';

const remap = (entries: [Action, string[]][]) => acceptRemaps(DEFAULT_BINDINGS, new Map(entries));

describe('accepting remaps from a config', () => {
  it('remap-collision-refused: a key another action uses where both apply is refused; the action keeps its default', () => {
    const { accepted, refused } = remap([
      ['zoom', ['b']],
      ['openPicker', ['p']],
    ]);
    expect(refused).toEqual([{ action: 'zoom', key: 'b', other: 'buy' }]);
    expect([...accepted]).toEqual([['openPicker', ['p']]]);
  });

  it('a trading-tab key may not go to a global action, and Ctrl-C / Esc are never free', () => {
    expect(remap([['buy', ['x']]]).refused).toEqual([{ action: 'buy', key: 'x', other: 'closePosition' }]);
    expect(remap([['zoom', ['C-c']]]).refused).toEqual([{ action: 'zoom', key: 'C-c', other: 'quit' }]);
  });

  it('remap-onto-a-ladder-key-kept: buy = "B" (written before the ladder had B) is kept; the ladder buy gives B up, the ladder sell keeps S', () => {
    const { accepted, refused } = remap([['buy', ['B']]]);
    expect(refused).toEqual([]);
    const table = remapBindings(DEFAULT_BINDINGS, accepted);
    const ladderOpen = { ladder: { open: true } } as unknown as Parameters<typeof lookupPaneBinding>[3];
    expect(lookupPaneBinding(table, 'B', 'book', ladderOpen)?.action).toBe('buy');
    expect(lookupPaneBinding(table, 'S', 'book', ladderOpen)?.action).toBe('ladderSell');
    expect(table.find((b) => b.action === 'ladderBuy')?.keys).toEqual([]);
  });

  it('a swap is fine: buy on s and sell on b', () => {
    const { accepted, refused } = remap([
      ['buy', ['s']],
      ['sell', ['b']],
    ]);
    expect(refused).toEqual([]);
    const table = remapBindings(DEFAULT_BINDINGS, accepted);
    expect(lookupPaneBinding(table, 's', 'book')?.action).toBe('buy');
    expect(lookupPaneBinding(table, 'b', 'book')?.action).toBe('sell');
  });

  it('two entries on one key: the first written keeps it', () => {
    expect(remap([['zoom', ['Z']], ['help', ['Z']]]).refused).toEqual([{ action: 'help', key: 'Z', other: 'zoom' }]);
  });

  it('panes that never overlap may share a key: c is a timeframe key in the chart and cancel in the tabs', () => {
    const { accepted, refused } = remap([['timeframeUp', ['c']]]);
    expect(refused).toEqual([]);
    const table = remapBindings(DEFAULT_BINDINGS, accepted);
    expect(lookupPaneBinding(table, 'c', 'chart')?.action).toBe('timeframeUp');
    expect(lookupPaneBinding(table, 'c', 'trading')?.action).toBe('cancelOrder');
  });

  it('panic takes its key doubled as written in the help (!!); other actions do not', () => {
    expect(normaliseActionKey('panic', '!!')).toBe('!');
    expect(normaliseActionKey('panic', 'X')).toBe('X');
    expect(normaliseActionKey('buy', 'bb')).toBeNull();
  });
});

describe('remapping the chart keys', () => {
  it('chart-keys-remap-by-name: Home / End as a config writes them, and a chart key may take a key the tabs use', () => {
    expect(normaliseActionKey('chartLive', 'end')).toBe('End');
    expect(normaliseActionKey('chartOldest', 'Home')).toBe('Home');
    const { accepted, refused } = remap([['chartCursor', ['c']]]);
    expect(refused).toEqual([]);
    const table = remapBindings(DEFAULT_BINDINGS, accepted);
    expect(lookupPaneBinding(table, 'c', 'chart')?.action).toBe('chartCursor');
    expect(lookupPaneBinding(table, 'c', 'trading')?.action).toBe('cancelOrder');
    // Only in the chart: the book keeps its own meaning of a key the chart also uses.
    expect(lookupPaneBinding(table, 'G', 'book')?.action).toBe('bottom');
  });
});

describe('function keys in the [keys] remap', () => {
  it('f-keys-accepted-in-remap: F1..F11 in any case are keys; F12 (the perf overlay) and F13 are not', () => {
    expect(['f1', 'F5', ' f11 '].map(normaliseKeyName)).toEqual(['F1', 'F5', 'F11']);
    expect(['F12', 'f13', 'f0'].map(normaliseKeyName)).toEqual([null, null, null]);
  });

  it('f-key-pressed-runs-its-remap: F5 as the terminal sends it (ESC[15~) finds the action remapped to it, shown as F5 in the help', () => {
    const { accepted, refused } = remap([['zoom', [normaliseKeyName('f5')!]]]);
    expect(refused).toEqual([]);
    const table = remapBindings(DEFAULT_BINDINGS, accepted);
    const zoom = lookupPaneBinding(table, decodeKeys('\u001b[15~')[0]!.name!, 'book');
    expect(zoom?.action).toBe('zoom');
    expect(bindingKeyLabel(zoom!, 'F5')).toBe('F5');
    expect(helpRows(table, { mode: 'panes', pane: 'book' }, 'zoom').map((r) => r.keys)).toContain('F5');
  });
});

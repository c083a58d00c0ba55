import { afterEach, describe, expect, it } from 'vitest';
import { resolveKey } from './keymap.js';
import { normaliseKeyName, remapBindings } from './keymap-remap.js';
import { DEFAULT_BINDINGS, keyName, lookupAction, setActiveBindings, validIn } from './keymap-table.js';
import type { PaneId } from '../state/store.js';

afterEach(() => setActiveBindings(DEFAULT_BINDINGS));

describe('keymap table', () => {
  it('names key presses the way the table spells them', () => {
    expect(keyName('', { tab: true, shift: true })).toBe('S-Tab');
    expect(keyName('', { pageDown: true })).toBe('PgDn');
    expect(keyName('x', { ctrl: true })).toBe('C-x');
    expect(keyName('?', {})).toBe('?');
    expect(keyName('', { leftArrow: true })).toBe('Left');
    expect(keyName('ab', {})).toBeNull();
  });

  it('normalises key names written in a config file', () => {
    expect(normaliseKeyName('p')).toBe('p');
    expect(normaliseKeyName('ctrl+p')).toBe('C-p');
    expect(normaliseKeyName('Shift+Tab')).toBe('S-Tab');
    expect(normaliseKeyName('pagedown')).toBe('PgDn');
    expect(normaliseKeyName('hyper')).toBeNull();
  });

  it('remapped-key: the new key runs the action and the old key no longer does', () => {
    setActiveBindings(remapBindings(DEFAULT_BINDINGS, new Map([['openPicker', ['p']]])));
    expect(resolveKey('p', {})).toBe('openPicker');
    expect(resolveKey('/', {})).toBeNull();
  });

  it('a key given to another action is taken from its old action, so one key never means two things', () => {
    const bindings = remapBindings(DEFAULT_BINDINGS, new Map([['zoom', ['q']]]));
    expect(lookupAction(bindings, 'q', {})).toBe('zoom');
    expect(bindings.find((b) => b.action === 'quit')?.keys).toEqual(['C-c']);
  });

  it('ctrl-c-always-quits and esc-always-backs even when remapped away', () => {
    const bindings = remapBindings(DEFAULT_BINDINGS, new Map([['zoom', ['C-c', 'Esc']]]));
    expect(lookupAction(bindings, 'c', { ctrl: true })).toBe('quit');
    expect(lookupAction(bindings, '', { escape: true })).toBe('back');
  });

  it('remapped-trading-key: order entry on B; b no longer buys; the tabs keep their own keys', () => {
    setActiveBindings(remapBindings(DEFAULT_BINDINGS, new Map([['buy', ['B']]])));
    expect(resolveKey('B', {}, 'book')).toBe('buy');
    expect(resolveKey('b', {}, 'book')).toBeNull();
    expect(resolveKey('x', {}, 'trading')).toBe('closePosition');
  });

  it('a key means the action valid in the focused pane first, else its meaning elsewhere', () => {
    const shared = remapBindings(DEFAULT_BINDINGS, new Map([['timeframeUp', ['c']]]));
    expect(lookupAction(shared, 'c', {}, 'trading')).toBe('cancelOrder');
    expect(lookupAction(shared, 'c', {}, 'chart')).toBe('timeframeUp');
    expect(lookupAction(DEFAULT_BINDINGS, ']', {}, 'book')).toBe('timeframeUp'); // the chart follows from the book too
    expect(lookupAction(DEFAULT_BINDINGS, '', { rightArrow: true }, 'trading')).toBe('nextTab');
    expect(lookupAction(DEFAULT_BINDINGS, 'j', {}, 'trading')).toBe('down');
  });

  it('no-default-collision: no key of the defaults means two actions in one pane', () => {
    const panes: PaneId[] = ['book', 'chart', 'trades', 'trading'];
    for (const pane of panes) {
      const keys = DEFAULT_BINDINGS.filter((b) => validIn(b, pane)).flatMap((b) => b.keys);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), pane).toEqual([]);
    }
  });

  it('every action appears once in the table with at least one key', () => {
    const actions = DEFAULT_BINDINGS.map((b) => b.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const b of DEFAULT_BINDINGS) expect(b.keys.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { PaneId } from '../../state/store.js';
import { validIn, type Mode } from './binding.js';
import { decodeKeys } from './key-reader.js';
import { createKeymap, DEFAULT_BINDINGS, lookupPaneBinding } from './keymap.js';
import { acceptRemaps, isActionName, normaliseKeyName, remapBindings } from './remap.js';

const name = (raw: string) => decodeKeys(raw)[0]?.name ?? null;
/** The action a key runs in the panes with the keymap in force (default: the shipped one). */
const action = (raw: string, pane?: PaneId, keymap = createKeymap()) => {
  const key = name(raw);
  return key === null ? null : (lookupPaneBinding(keymap.bindings, key, pane)?.action ?? null);
};

describe('keymap', () => {
  it('esc-never-quits: Escape means back, q and Ctrl-C mean quit', () => {
    expect(action('\u001b')).toBe('back');
    expect(action('q')).toBe('quit');
    expect(action('\u0003')).toBe('quit');
  });

  it('maps movement, focus and timeframe keys, and ignores other control chords', () => {
    expect(action('j')).toBe('down');
    expect(action('\u001b[A')).toBe('up');
    expect(action('\t')).toBe('focusNext');
    expect(action('\u001b[Z')).toBe('focusPrev');
    expect(action(']')).toBe('timeframeUp');
    expect(action('3')).toBe('focusTrades');
    expect(action('\u0002')).toBeNull(); // Ctrl-B: nothing in the panes
    expect(action('~')).toBeNull();
  });

  it('normalises key names written in a config file', () => {
    expect(normaliseKeyName('p')).toBe('p');
    expect(normaliseKeyName('ctrl+p')).toBe('C-p');
    expect(normaliseKeyName('Shift+Tab')).toBe('S-Tab');
    expect(normaliseKeyName('pagedown')).toBe('PgDn');
    expect(normaliseKeyName('hyper')).toBeNull();
  });

  it('remapped-key: the new key runs the action and the old key no longer does', () => {
    const keymap = createKeymap(new Map([['openPicker', ['p']]]));
    expect(action('p', undefined, keymap)).toBe('openPicker');
    expect(action('/', undefined, keymap)).toBeNull();
  });

  it('a key given to another action is taken from its old action, so one key never means two things', () => {
    const bindings = remapBindings(DEFAULT_BINDINGS, new Map([['zoom', ['q']]]));
    expect(lookupPaneBinding(bindings, 'q')?.action).toBe('zoom');
    expect(bindings.find((b) => b.action === 'quit' && b.mode === 'panes')?.keys).toEqual(['C-c']);
  });

  it('ctrl-c-always-quits and esc-always-backs even when remapped away', () => {
    const bindings = remapBindings(DEFAULT_BINDINGS, new Map([['zoom', ['C-c', 'Esc']]]));
    expect(lookupPaneBinding(bindings, 'C-c')?.action).toBe('quit');
    expect(lookupPaneBinding(bindings, 'Esc')?.action).toBe('back');
  });

  it('remapped-trading-key: order entry on B; b no longer buys; the tabs keep their own keys', () => {
    const keymap = createKeymap(new Map([['buy', ['B']]]));
    expect(action('B', 'book', keymap)).toBe('buy');
    expect(action('b', 'book', keymap)).toBeNull();
    expect(action('x', 'trading', keymap)).toBe('closePosition');
  });

  it('a key means the action valid in the focused pane first, else its meaning elsewhere', () => {
    const shared = remapBindings(DEFAULT_BINDINGS, new Map([['timeframeUp', ['c']]]));
    expect(lookupPaneBinding(shared, 'c', 'trading')?.action).toBe('cancelOrder');
    expect(lookupPaneBinding(shared, 'c', 'chart')?.action).toBe('timeframeUp');
    expect(action(']', 'book')).toBe('timeframeUp'); // the chart follows from the book too
    expect(action('\u001b[C', 'trading')).toBe('nextTab');
    expect(action('j', 'trading')).toBe('down');
  });

  it('no-default-collision: no key of the defaults means two things in one pane or one mode', () => {
    const panes: PaneId[] = ['book', 'chart', 'trades', 'trading'];
    for (const pane of panes) {
      const keys = DEFAULT_BINDINGS.filter((b) => b.mode === 'panes' && validIn(b, pane)).flatMap((b) => b.keys);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), pane).toEqual([]);
    }
    const modes: Mode[] = ['confirm', 'too-small', 'help', 'picker', 'command', 'review', 'entry', 'editor'];
    for (const mode of modes) {
      const keys = DEFAULT_BINDINGS.filter((b) => b.mode === mode).flatMap((b) => b.keys);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), mode).toEqual([]);
    }
  });

  it('every remappable action appears once in the table with at least one key; a mode\'s own keys are fixed but the picker\'s sort', () => {
    const actions = DEFAULT_BINDINGS.filter((b) => !b.fixed).map((b) => b.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const b of DEFAULT_BINDINGS) expect(b.keys.length).toBeGreaterThan(0);
    const remappableInModes = DEFAULT_BINDINGS.filter((b) => b.mode !== 'panes' && !b.fixed).map((b) => b.action);
    expect(remappableInModes).toEqual(['pickerSort', 'pickerSortReverse']);
  });

  it('picker-sort-remappable: the sort moves to another key, and a remap onto a fixed picker key is refused', () => {
    const keymap = createKeymap(new Map([['pickerSort', ['C-s']]]));
    expect(keymap.lookup('picker', 'book', 'C-s')?.action).toBe('pickerSort');
    expect(keymap.lookup('picker', 'book', 'Tab')).toBeUndefined();
    const { refused } = acceptRemaps(DEFAULT_BINDINGS, new Map([['pickerSort', ['Enter']]]));
    expect(refused).toEqual([{ action: 'pickerSort', key: 'Enter', other: 'pickMarket' }]);
    expect(isActionName('pickerSort')).toBe(true);
    expect(isActionName('pickMarket')).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { resolveKey } from './keymap.js';
import { DEFAULT_BINDINGS, keyName, lookupAction, normaliseKeyName, remapBindings, setActiveBindings } from './keymap-table.js';

afterEach(() => setActiveBindings(DEFAULT_BINDINGS));

describe('keymap table', () => {
  it('names key presses the way the table spells them', () => {
    expect(keyName('', { tab: true, shift: true })).toBe('S-Tab');
    expect(keyName('', { pageDown: true })).toBe('PgDn');
    expect(keyName('x', { ctrl: true })).toBe('C-x');
    expect(keyName('?', {})).toBe('?');
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

  it('every action appears once in the table with at least one key', () => {
    const actions = DEFAULT_BINDINGS.map((b) => b.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const b of DEFAULT_BINDINGS) expect(b.keys.length).toBeGreaterThan(0);
  });
});

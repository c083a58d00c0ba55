// The presets as bindings of the panes, at the dispatcher over a live session with every intent recorded:
// a preset key does what typing `:` + its line + Enter does (the same form, the same review), sends without
// the review only when it says confirm = false and smart confirm has nothing to ask, and is off while orders are.

import { describe, expect, it } from 'vitest';
import { createKeymap } from '../keys/keymap.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { ENTER } from '../keys/press.fixtures.js';
import { footerHints } from '../keys/footer-hints.js';
import { helpRows } from '../help/rows.js';
import { applyWorkspaceConfig } from '../../state/workspace-actions.js';
import type { Preset } from './preset.js';
import { presetBindings } from './bindings.js';

const F1 = '\u001bOP';
const F2 = '\u001bOQ';
const ALT_B = '\u001bb';

function withPresets(presets: Preset[], o: Parameters<typeof tradingKeys>[0] = {}) {
  return tradingKeys({ ...o, keymap: createKeymap(new Map(), presets) });
}

describe('preset keys', () => {
  it('preset-opens-the-review-as-the-typed-line-would: the same form, nothing sent until y', () => {
    const line = 'buy 0.01 @ 66990 post';
    const typed = tradingKeys();
    typed.press(':');
    typed.type(line);
    typed.press(ENTER);
    const keyed = withPresets([{ key: 'F1', text: line, confirm: true }]);
    keyed.press(F1);
    expect(keyed.ui().reviewing).toBe(true);
    expect(keyed.ui().commandLine).toBeNull();
    expect(keyed.ui().entry).toEqual(typed.ui().entry);
    expect(keyed.ui().entry).toMatchObject({ side: 'long', size: '0.01', price: '66990', tif: 'post' });
    expect(keyed.calls).toEqual([]);
    keyed.press('y');
    expect(keyed.calls).toEqual(['place']);
  });

  it('preset-and-y-in-one-read-does-not-send: the y arrived with the key that asked', () => {
    const t = withPresets([{ key: 'F1', text: 'buy 0.01 @ 66990 post', confirm: true }]);
    t.press(`${F1}y`);
    expect(t.ui().reviewing).toBe(true);
    expect(t.calls).toEqual([]);
    t.press('y');
    expect(t.calls).toEqual(['place']);
  });

  it('confirm-false-sends-a-routine-order-without-review', () => {
    const t = withPresets([{ key: 'F2', text: 'buy 0.01 mkt', confirm: false }]);
    t.press(F2);
    expect(t.calls).toEqual(['place']);
    expect(t.ui().entry).toBeNull();
    expect(t.ui().confirm).toBeNull();
  });

  it('confirm-false-risky-order-still-asks: a flip of the long stops at smart confirm, default Cancel', () => {
    const t = withPresets([{ key: 'F2', text: 'sell 0.5 mkt', confirm: false }]);
    t.press(F2);
    expect(t.calls).toEqual([]);
    expect(t.ui().confirm?.text).toMatch(/flips your long position: send anyway\?/);
    t.press('n');
    expect(t.ui().confirm).toBeNull();
    expect(t.calls).toEqual([]);
    const again = withPresets([{ key: 'F2', text: 'sell 0.5 mkt', confirm: false }]);
    again.press(F2);
    again.press('y');
    expect(again.calls).toEqual(['place']);
  });

  it('config-skip-review-does-not-skip-a-preset-review: only the preset\'s own confirm = false does', () => {
    const t = withPresets([{ key: 'F1', text: 'buy 0.01 mkt', confirm: true }]);
    applyWorkspaceConfig(t.store, { confirmPrefs: { skipReview: true } }, true);
    t.press(F1);
    expect(t.ui().reviewing).toBe(true);
    expect(t.calls).toEqual([]);
  });

  it('preset-refused-by-the-line-stays-in-the-line-with-the-reason, as a typed one does', () => {
    // A price finer than the market's tick: the form refuses it before any review.
    const t = withPresets([{ key: 'F1', text: 'buy 0.01 @ 66990.55', confirm: false }]);
    t.press(F1);
    expect(t.ui().commandLine).toBe('buy 0.01 @ 66990.55');
    expect(t.ui().commandError).toMatch(/price/);
    expect(t.ui().entry).toBeNull();
    expect(t.calls).toEqual([]);
  });

  it('preset-off-while-orders-are-locked: says why, opens nothing; the footer dims it with the reason', () => {
    const t = withPresets([{ key: 'F1', text: 'buy 0.01 mkt', confirm: false }]);
    t.store.setState({ keyScope: 'read' });
    t.press(F1);
    expect(t.calls).toEqual([]);
    expect(t.ui().entry).toBeNull();
    expect(t.ui().commandLine).toBeNull();
    expect(t.store.getState().notice).toMatch(/^orders locked: .*read/);
    const keymap = createKeymap(new Map(), [{ key: 'F1', text: 'buy 0.01 mkt', confirm: false }]);
    expect(footerHints(keymap.bindings, { mode: 'panes', pane: 'book' }, 400, t.store.getState())).toMatch(/F1 buy 0\.01 mkt \(off: [^)]*read/);
  });

  it('a view line (tf) is never locked: it acts on a read-only key', () => {
    const t = withPresets([{ key: 'M-t', text: 'tf 5m', confirm: true }]);
    t.store.setState({ keyScope: 'read' });
    t.press('\u001bt');
    expect(t.calls).toEqual(['setResolution']);
  });

  it('alt-preset-runs-and-an-unbound-alt-key-is-esc-then-the-key (esc-then-a-key-in-one-read)', () => {
    const bound = withPresets([{ key: 'M-b', text: 'sell 0.01 @ 67010', confirm: true }]);
    bound.press(ALT_B);
    expect(bound.ui().entry).toMatchObject({ side: 'short', size: '0.01', price: '67010' });
    expect(bound.ui().reviewing).toBe(true);
    // No preset on Alt-b: Esc (the book cursor back to the spread), then b opens the buy form.
    const unbound = tradingKeys();
    unbound.press('j');
    expect(unbound.store.getState().bookCursor).not.toBeNull();
    unbound.press(ALT_B);
    expect(unbound.store.getState().bookCursor).toBeNull();
    expect(unbound.ui().entry).toMatchObject({ side: 'long' });
    expect(unbound.ui().reviewing).toBe(false);
  });

  it('presets-listed-in-help-and-footer-with-their-line', () => {
    const presets: Preset[] = [
      { key: 'F1', text: 'buy 0.01 @ 66990 post', confirm: true },
      { key: 'M-s', text: 'sell 0.01 mkt', confirm: false },
    ];
    const t = withPresets(presets);
    const keymap = createKeymap(new Map(), presets);
    const state = t.store.getState();
    const footer = footerHints(keymap.bindings, { mode: 'panes', pane: 'book' }, 400, state);
    expect(footer).toContain('F1 buy 0.01 @ 66990 post');
    expect(footer).toContain('Alt-s sell 0.01 mkt');
    const help = helpRows(keymap.bindings, { mode: 'panes', pane: 'trading' }, 'preset', state);
    expect(help.map((r) => [r.keys, r.description])).toEqual([
      ['F1', 'preset :buy 0.01 @ 66990 post — opens its review'],
      ['Alt-s', 'preset :sell 0.01 mkt — sends a routine order without review (a risky one still asks)'],
    ]);
  });

  it('a preset whose line does not read makes no binding (the config says why)', () => {
    expect(presetBindings([{ key: 'F1', text: 'bye 1', confirm: true }, { key: 'F2', text: 'buy 1 mkt', confirm: true }]).map((b) => b.keys)).toEqual([['F2']]);
  });
});

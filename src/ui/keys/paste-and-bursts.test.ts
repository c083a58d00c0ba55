// Safe hands, through the one dispatcher with recorded intents: a paste is text for the focused line and
// nothing where no line has focus; a question is answered only by a key of a later read than the key that
// asked (`!!y` in one burst asks and stops); on the too-small screen `!!` asks a question that fits, or
// says to enlarge; function keys remapped in the config run their action.

import { describe, expect, it } from 'vitest';
import { shownNotice } from '../../state/notice.js';
import { askConfirm } from '../../state/trading-actions.js';
import { createKeymap } from './keymap.js';
import { ENTER, ESC } from './press.fixtures.js';
import { pasted, tradingKeys as setup } from './trading-keys.fixtures.js';

describe('a paste is text for the focused line', () => {
  it('paste-into-command-line-runs-nothing: a paste holding ESC ]!!y and a newline is text on the : line; the line stays open', () => {
    const { press, ui, calls } = setup();
    press(':');
    press(pasted('note\u001b]!!y\r'));
    expect(ui().commandLine).toBe('note]!!y');
    expect(ui().confirm).toBeNull();
    expect(calls).toEqual([]);
  });

  it('paste-at-top-level-is-ignored: no line has focus, so the paste does nothing and the screen says so', () => {
    const { store, press, ui, calls } = setup();
    press(pasted('!!y'));
    expect(store.getState().notice).toMatch(/^paste ignored: no line has focus/);
    expect(ui().confirm).toBeNull();
    expect(ui().panicArmedAtMs).toBeNull();
    // Nor is it a key between the two of the chord: ! paste ! asks nothing.
    press('!');
    press(pasted('x'));
    press('!');
    expect(ui().confirm).toBeNull();
    expect(calls).toEqual([]);
  });

  it('paste-into-every-line: the picker search, the help filter, and an order field (whose prefill it replaces)', () => {
    const { store, press, ui } = setup();
    press('/');
    press(pasted('et\th'));
    expect(store.getState().picker.query).toBe('eth');
    press(ESC);
    press('?');
    press(pasted('panic'));
    expect(store.getState().workspace.help.query).toBe('panic');
    press(ESC);
    press('b');
    expect(ui().entry?.focus).toBe('size');
    press(pasted('0.25\r'));
    expect(ui().entry?.size).toBe('0.25');
    expect(ui().reviewing).toBe(false);
  });

  it('paste-in-a-confirm-answers-nothing: the paste is dropped and the question stays', () => {
    const { press, ui, calls } = setup();
    press('!');
    press('!');
    expect(ui().confirm?.action.kind).toBe('panic');
    press(pasted('y'));
    expect(ui().confirm?.action.kind).toBe('panic');
    expect(calls).toEqual([]);
  });
});

/** `:buy` run with Enter and y in one read: the review opens, the y does not answer it. */
function reviewOpenedWithY() {
  const session = setup();
  session.press(':');
  session.press('buy 0.01 @ 66000');
  session.press(`${ENTER}y`);
  return session;
}

describe('a question is answered by a later read only', () => {
  it('bang-bang-y-in-one-read-never-confirms: !!y in one burst asks to panic, and the y is dropped with a notice', () => {
    const { press, ui, calls } = setup();
    press('!!y');
    expect(ui().confirm?.action.kind).toBe('panic');
    expect(ui().confirm?.note).toBe('y arrived with the key that asked — press y again');
    expect(calls).toEqual([]);
    press('y');
    expect(calls).toEqual(['panic']);
  });

  it('unbracketed-osc-burst-flattens-nothing: note ESC ]!!y typed into the : line in one burst leaves the line open, nothing asked', () => {
    const { press, ui, calls } = setup();
    press(':');
    press('note\u001b]!!y');
    expect(ui().commandLine).toBe('note');
    expect(ui().confirm).toBeNull();
    expect(calls).toEqual([]);
  });

  it('review-then-send-in-one-read-sends-nothing: Enter opens the review and the y of the same burst does not send', () => {
    const { press, ui, calls } = reviewOpenedWithY();
    expect(ui().reviewing).toBe(true);
    expect(calls).toEqual([]);
    press('y');
    expect(calls).toEqual(['place']);
  });
});

describe('a notice about a question goes with the question', () => {
  const BURST_NOTE = 'y arrived with the key that asked — press y again';

  it('burst-notice-gone-once-the-review-is-left: Esc back to the form takes the notice about the review with it', () => {
    const { store, press, ui, calls } = reviewOpenedWithY();
    expect(shownNotice(store.getState())).toBe(BURST_NOTE);
    press(ESC);
    expect(ui().entry).not.toBeNull();
    expect(ui().reviewing).toBe(false);
    expect(shownNotice(store.getState())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('burst-notice-gone-once-a-new-review-asks: the notice was about the review it came with, not the next one', () => {
    const { store, press, ui } = reviewOpenedWithY();
    expect(shownNotice(store.getState())).toBe(BURST_NOTE);
    press(ESC);
    press(ENTER);
    expect(ui().reviewing).toBe(true);
    expect(shownNotice(store.getState())).toBeNull();
  });

  it('enlarge-notice-gone-once-the-confirm-is-answered: y refused on a screen too small to read the question; enlarged, y answers and the notice goes', () => {
    const { store, press, ui, calls } = setup();
    // Quitting says nothing once answered (a send would replace the notice with its own).
    askConfirm(store, { text: '1 order open: quit anyway?', action: { kind: 'quit' }, at: 'bar' });
    store.setState({ viewport: { cols: 12, rows: 4, tooSmall: true } });
    press('y');
    expect(calls).toEqual([]);
    expect(shownNotice(store.getState())).toMatch(/^enlarge the terminal to read the question/);
    store.setState({ viewport: { cols: 200, rows: 50, tooSmall: false } });
    press('y');
    expect(calls).toEqual(['quit']);
    expect(ui().confirm).toBeNull();
    expect(shownNotice(store.getState())).toBeNull();
  });
});

describe('panic at any size', () => {
  it('panic-asks-on-the-too-small-screen: !! at 60x20 asks the question there; y in a later read panics; other keys do nothing', () => {
    const { store, press, ui, calls } = setup({ viewport: { cols: 60, rows: 20 } });
    press('b');
    expect(ui().entry).toBeNull();
    press('!');
    press('!');
    expect(ui().confirm?.action.kind).toBe('panic');
    press('y');
    expect(calls).toEqual(['panic']);
    expect(store.getState().tradingUi.confirm).toBeNull();
  });

  it('panic-says-enlarge-when-the-question-cannot-fit: at 12x4 !! asks nothing and the notice says to enlarge', () => {
    const { store, press, ui, calls } = setup({ viewport: { cols: 12, rows: 4 } });
    press('!');
    press('!');
    expect(ui().confirm).toBeNull();
    expect(store.getState().notice).toMatch(/^enlarge the terminal to be asked: PANIC/);
    press('y');
    expect(calls).toEqual([]);
  });
});

describe('function keys in the keymap', () => {
  it('f-key-remapped-runs-its-action: panic on F5 (ESC[15~) asks to panic when pressed twice', () => {
    const { press, ui } = setup({ keymap: createKeymap(new Map([['panic', ['F5']]])) });
    press('\u001b[15~');
    press('\u001b[15~');
    expect(ui().confirm?.action.kind).toBe('panic');
  });
});

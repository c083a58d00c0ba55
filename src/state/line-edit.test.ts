import { describe, expect, it } from 'vitest';
import { editLine, type Line, type LineKey } from './line-edit.js';

const typed = (text: string) => ({ name: null, text });
const key = (name: string) => ({ name, text: '' });
const plain = (text: string): Line => ({ text });
const prefill = (text: string): Line => ({ text, selected: true });
/** Each key in turn, as the dispatcher hands them over (a key that edits nothing leaves the line). */
const keys = (line: Line, presses: readonly LineKey[]) => presses.reduce((l, k) => editLine(l, k) ?? l, line);
const typedEach = (text: string) => [...text].map(typed);

describe('editLine, the one line editor', () => {
  it('appends typed and pasted text, Backspace drops one character (a wide one whole)', () => {
    expect(editLine(plain('ab'), typed('c'))).toEqual({ text: 'abc' });
    expect(editLine(plain('ab'), typed('cd e'))).toEqual({ text: 'abcd e' });
    expect(editLine(plain('a€'), key('Backspace'))).toEqual({ text: 'a' });
    expect(editLine(plain(''), key('Backspace'))).toEqual({ text: '' });
  });

  it('Ctrl-U clears the line, Ctrl-W drops the last word and the spaces after it', () => {
    expect(editLine(plain('buy 0.01 @ 67000'), key('C-u'))?.text).toBe('');
    expect(editLine(plain('buy 0.01 @ 67000'), key('C-w'))?.text).toBe('buy 0.01 @ ');
    expect(editLine(plain('buy 0.01 '), key('C-w'))?.text).toBe('buy ');
  });

  it('keeps to its rules: a length cap, the characters a field takes, never a control character', () => {
    expect(editLine(plain('12345'), typed('678'), { maxLength: 6 })?.text).toBe('123456');
    const numeric = { accepts: (ch: string) => ch !== ' ' };
    expect(editLine(plain('10'), typed(' '), numeric)?.text).toBe('10'); // a space never blanks a number
    expect(editLine(plain('a'), typed('\u0007b'))?.text).toBe('ab');
  });

  it('is no edit for keys it does not know (the caller gives them meaning)', () => {
    expect(editLine(plain('ab'), key('Enter'))).toBeNull();
    expect(editLine(plain('ab'), key('Up'))).toBeNull();
    // An arrow on a line with nothing selected: nothing to keep.
    expect(editLine(plain('ab'), key('Left'))).toBeNull();
  });
});

describe('a selected prefill (every prompt that opens with a value in it)', () => {
  it('amend-typed-size-replaces-prefill: e prefills "0.030000 1000"; typing 2000 makes the line 2000, never 0.030000 10002000', () => {
    expect(keys(prefill('0.030000 1000'), typedEach('2000'))).toEqual({ text: '2000' });
  });

  it('tpsl-typed-text-replaces-prefill: t prefills "sl 64000.0 tp 69000.0"; typing sl 65000 makes the line sl 65000', () => {
    expect(keys(prefill('sl 64000.0 tp 69000.0'), typedEach('sl 65000')).text).toBe('sl 65000');
  });

  it('trigger-move-typed-price-replaces-prefill: e on a trigger prefills 3600.00; typing 3650 is 3650, not 3600.003650', () => {
    expect(keys(prefill('3600.00'), typedEach('3650')).text).toBe('3650');
  });

  it('paste-replaces-a-selection: a pasted chunk replaces the prefill as typed text does', () => {
    expect(editLine(prefill('0.030000 1000'), { name: 'Paste', text: '0.031 1500' })).toEqual({ text: '0.031 1500' });
  });

  it('backspace-edits-a-prefill: Backspace drops the prefill\'s last character and ends the selection', () => {
    expect(editLine(prefill('0.030000 1000'), key('Backspace'))).toEqual({ text: '0.030000 100' });
    expect(keys(prefill('0.030000 1000'), [key('Backspace'), typed('5')]).text).toBe('0.030000 1005');
  });

  it('arrow-keeps-a-prefill: Left or Right ends the selection and keeps the text, so typing appends', () => {
    expect(editLine(prefill('3600.00'), key('Right'))).toEqual({ text: '3600.00' });
    expect(keys(prefill('0.03 1000'), [key('Left'), typed('0')]).text).toBe('0.03 10000');
  });

  it('Ctrl-U and Ctrl-W on a prefill edit it and end the selection', () => {
    expect(keys(prefill('sl 64000 tp 69000'), [key('C-w'), typed('70000')]).text).toBe('sl 64000 tp 70000');
    expect(keys(prefill('3600'), [key('C-u'), typed('1')]).text).toBe('1');
  });

  it('refused-key-keeps-the-selection: a character the line does not take leaves the prefill selected', () => {
    const numeric = { accepts: (ch: string) => ch !== ' ' };
    expect(editLine(prefill('67000'), typed(' '), numeric)).toEqual(prefill('67000'));
    expect(editLine(prefill('67000'), key('Enter'))).toBeNull();
  });
});

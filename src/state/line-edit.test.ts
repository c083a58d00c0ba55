import { describe, expect, it } from 'vitest';
import { editLine } from './line-edit.js';

const typed = (text: string) => ({ name: null, text });
const key = (name: string) => ({ name, text: '' });

describe('editLine, the one line editor', () => {
  it('appends typed and pasted text, Backspace drops one character (a wide one whole)', () => {
    expect(editLine('ab', typed('c'))).toBe('abc');
    expect(editLine('ab', typed('cd e'))).toBe('abcd e');
    expect(editLine('a€', key('Backspace'))).toBe('a');
    expect(editLine('', key('Backspace'))).toBe('');
  });

  it('Ctrl-U clears the line, Ctrl-W drops the last word and the spaces after it', () => {
    expect(editLine('buy 0.01 @ 67000', key('C-u'))).toBe('');
    expect(editLine('buy 0.01 @ 67000', key('C-w'))).toBe('buy 0.01 @ ');
    expect(editLine('buy 0.01 ', key('C-w'))).toBe('buy ');
  });

  it('keeps to its rules: a length cap, the characters a field takes, never a control character', () => {
    expect(editLine('12345', typed('678'), { maxLength: 6 })).toBe('123456');
    const numeric = { accepts: (ch: string) => ch !== ' ' };
    expect(editLine('10', typed(' '), numeric)).toBe('10'); // a space never blanks a number
    expect(editLine('a', typed('\u0007b'))).toBe('ab');
  });

  it('is no edit for keys it does not know (the caller gives them meaning)', () => {
    expect(editLine('ab', key('Enter'))).toBeNull();
    expect(editLine('ab', key('Up'))).toBeNull();
  });
});

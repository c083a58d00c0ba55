import { describe, expect, it } from 'vitest';
import { decodeKeys } from './key-reader.js';

const names = (raw: string) => decodeKeys(raw).map((k) => k.name);

describe('decodeKeys: every key of one read', () => {
  it('splits printable runs into keys, upper case kept', () => {
    expect(names('Pt')).toEqual(['P', 't']);
    expect(names('!!')).toEqual(['!', '!']);
    expect(decodeKeys('€1').map((k) => k.text)).toEqual(['€', '1']);
  });

  it('hands every control key of a run over on its own (a held Backspace, two Tabs, text and Enter)', () => {
    expect(names('\u007f\u007f\u007f\u007f')).toEqual(['Backspace', 'Backspace', 'Backspace', 'Backspace']);
    expect(names('\t\t')).toEqual(['Tab', 'Tab']);
    expect(names('a\r')).toEqual(['a', 'Enter']);
    expect(names('\u0003\u0015\u0017')).toEqual(['C-c', 'C-u', 'C-w']);
    expect(names('2\r\n')).toEqual(['2', 'Enter']);
  });

  it('reads escape sequences, Esc Esc as two, and Esc then a key in one read as both (esc-then-a-key-in-one-read)', () => {
    // ESC then a lower-case letter or a digit is Alt with it; where nothing binds it the dispatcher reads it as
    // Esc, then the key (ui/presets/bindings.test.ts: alt-preset-runs-and-an-unbound-alt-key-is-esc-then-the-key).
    expect(names('\u001b[A\u001b[B\u001bOC\u001b[D')).toEqual(['Up', 'Down', 'Right', 'Left']);
    expect(names('\u001b[5~\u001b[6~\u001b[Z\u001b[3~')).toEqual(['PgUp', 'PgDn', 'S-Tab', 'Delete']);
    expect(names('\u001b\u001b')).toEqual(['Esc', 'Esc']);
    expect(names('\u001b')).toEqual(['Esc']);
    expect(names('\u001bp')).toEqual(['M-p']);
    expect(names('\u001b7\u001b,')).toEqual(['M-7', 'Esc', ',']);
    expect(decodeKeys('\u001b/').map((k) => k.text)).toEqual(['', '/']);
    expect(names('\u001b[1;5A')).toEqual(['Up']);
    expect(names('\u001b[24~')).toEqual(['F12']);
  });
});

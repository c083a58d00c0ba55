import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HiddenLineEditor, readHiddenLine } from './hidden-line.js';

/** Feeds `chunks` one after another; the answer of the chunk that completed the line. */
function typed(...chunks: string[]) {
  const editor = new HiddenLineEditor();
  for (const chunk of chunks) {
    const answer = editor.feed(chunk);
    if (answer) return answer;
  }
  return null;
}

describe('hidden line: the keystroke rules every passphrase is read with', () => {
  it('arrow and function keys are no characters, whatever their encoding', () => {
    for (const key of ['\u001b[A', '\u001b[D', '\u001bOP', '\u001b[15~', '\u001b[1;5C', '\u001b[200~']) {
      expect(typed(`pass${key}word\r`), JSON.stringify(key)).toEqual({ kind: 'line', value: 'password' });
    }
  });

  it('an escape sequence split across chunks is still dropped whole', () => {
    expect(typed('pass\u001b', '[', 'Dword\r')).toEqual({ kind: 'line', value: 'password' });
    expect(typed('pass\u001b[1;', '5Cword\n')).toEqual({ kind: 'line', value: 'password' });
  });

  it('a lone Esc drops only itself; a control key ends a sequence and counts as itself', () => {
    expect(typed('\u001bab\r')).toEqual({ kind: 'line', value: 'ab' });
    expect(typed('ab\u001b[\r')).toEqual({ kind: 'line', value: 'ab' });
    expect(typed('ab\u001b\u0003')).toEqual({ kind: 'cancel' });
  });

  it('Backspace deletes, Ctrl-U clears, Enter ends, Ctrl-C cancels, Ctrl-D answers "" only on an empty line', () => {
    expect(typed('junk\u0015ab\u007fc\bd\r')).toEqual({ kind: 'line', value: 'ad' });
    expect(typed('sécrèt🔑\u007f\r')).toEqual({ kind: 'line', value: 'sécrèt' });
    expect(typed('abc\u0003def\r')).toEqual({ kind: 'cancel' });
    expect(typed('\u0004')).toEqual({ kind: 'line', value: '' });
    expect(typed('ab\u0004c\r')).toEqual({ kind: 'line', value: 'abc' });
    expect(typed('ab\tc')).toBeNull();
  });

  it('reads with echo off and puts the TTY back; a character split between chunks is decoded whole', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, isRaw: false, modes: [] as boolean[], setRawMode(m: boolean) { this.isRaw = m; this.modes.push(m); } });
    let shown = '';
    const answer = readHiddenLine(stdin, { write: (s: string) => (shown += s) }, 'Passphrase: ');
    const key = Buffer.from('é🔑\r', 'utf8');
    stdin.write(key.subarray(0, 1));
    stdin.write(key.subarray(1, 4));
    stdin.write(key.subarray(4));
    expect(await answer).toEqual({ kind: 'line', value: 'é🔑' });
    expect(shown).toBe('Passphrase: \r\n');
    expect(stdin.modes).toEqual([true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import type { KeyPress } from './key-press.js';
import { decodeKeys, KeyReader, PASTE_END, PASTE_MAX_CHARS, PASTE_START, PASTE_STALL_MS, pastedText } from './key-reader.js';

const names = (keys: KeyPress[]) => keys.map((k) => k.name);

/** Every key of a read given as Ink hands it over: several input events, then the end of the read. */
function read(reader: KeyReader, events: string[], nowMs = 0): KeyPress[] {
  return [...events.flatMap((e) => reader.push(e, nowMs)), ...reader.endRead()];
}

describe('a bracketed paste is text, never keys', () => {
  it('paste-is-one-text-press: the text between the marks is one Paste, the keys around it stay keys', () => {
    expect(decodeKeys(`a${PASTE_START}!!y${PASTE_END}b`)).toEqual([
      { name: 'a', text: 'a' },
      { name: 'Paste', text: '!!y' },
      { name: 'b', text: 'b' },
    ]);
  });

  it('paste-drops-control-characters: ESC, CR/LF, Tab, C1 and bidi controls are removed, so a pasted newline runs nothing', () => {
    expect(decodeKeys(`${PASTE_START}note\u001b]!!y\r\n\tx\u009b\u202e${PASTE_END}`)).toEqual([{ name: 'Paste', text: 'note]!!yx' }]);
    expect(pastedText('buy 0.1\r')).toBe('buy 0.1');
    // Only controls: nothing to type, so no press at all (never an Enter).
    expect(decodeKeys(`${PASTE_START}\r${PASTE_END}`)).toEqual([]);
  });

  it('paste-split-by-ink-events: the events Ink makes of one read (marks, ESC ], text) are one paste', () => {
    const reader = new KeyReader();
    // What Ink 6.8's input parser emits for `ESC[200~note ESC]!!y CR ESC[201~`.
    expect(read(reader, [PASTE_START, 'note', '\u001b]', '!!y\r', PASTE_END])).toEqual([{ name: 'Paste', text: 'note]!!y' }]);
  });

  it('paste-across-two-reads: the first read hands its text over as a paste, the second read is still text up to the end mark', () => {
    const reader = new KeyReader();
    expect(read(reader, [PASTE_START, 'buy 0.'], 0)).toEqual([{ name: 'Paste', text: 'buy 0.' }]);
    expect(read(reader, ['1\r!!y', PASTE_END, 'q'], 10)).toEqual([
      { name: 'Paste', text: '1!!y' },
      { name: 'q', text: 'q' },
    ]);
  });

  it('paste-end-mark-cut-between-events: an end mark split in two is still the end', () => {
    const reader = new KeyReader();
    expect(read(reader, [PASTE_START, 'ab\u001b[20', '1~c'])).toEqual([
      { name: 'Paste', text: 'ab' },
      { name: 'c', text: 'c' },
    ]);
  });

  it('huge-paste-capped: a paste far past every line is cut at PASTE_MAX_CHARS, read to its end, and the next key is a key', () => {
    const reader = new KeyReader();
    const big = 'x'.repeat(PASTE_MAX_CHARS * 50);
    const started = performance.now();
    const out = read(reader, [PASTE_START, big.slice(0, 100_000), big.slice(100_000), PASTE_END, 'q']);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(out).toHaveLength(2);
    expect(out[0]!.text).toHaveLength(PASTE_MAX_CHARS);
    expect(out[1]).toEqual({ name: 'q', text: 'q' });
  });

  it('paste-without-end-mark-stalls-out: a paste whose next read comes PASTE_STALL_MS later is over; that read is keys', () => {
    const reader = new KeyReader();
    expect(read(reader, [PASTE_START, 'abc'], 0)).toEqual([{ name: 'Paste', text: 'abc' }]);
    expect(names(read(reader, ['q'], PASTE_STALL_MS + 1))).toEqual(['q']);
  });
});

describe('terminal strings are one null key', () => {
  it('osc-string-is-no-keys: ESC ] up to BEL or ST is one null key; what follows it is keys', () => {
    expect(names(decodeKeys('\u001b]11;rgb:0000/0000/0000\u0007q'))).toEqual([null, 'q']);
    expect(names(decodeKeys('\u001b]52;c;YQ==\u001b\\q'))).toEqual([null, 'q']);
    for (const start of ['P', '_', '^']) expect(names(decodeKeys(`\u001b${start}!!y\u001b\\z`))).toEqual([null, 'z']);
  });

  it('unterminated-osc-ends-with-the-read: ESC ]!!y in a burst is never Esc, ], !, !, y; the next read is keys again', () => {
    const reader = new KeyReader();
    // Ink emits `ESC ]` as an event of its own and the text after it as another.
    expect(names(read(reader, ['note', '\u001b]', '!!y']))).toEqual(['n', 'o', 't', 'e', null]);
    expect(names(read(reader, ['!']))).toEqual(['!']);
  });

  it('a string terminator cut between events still ends the string', () => {
    const reader = new KeyReader();
    expect(names(read(reader, ['\u001b]0;x\u001b', '\\q']))).toEqual([null, 'q']);
  });
});

describe('function keys', () => {
  it('f1-to-f12-decoded: SS3, rxvt, VT220 and Linux console forms', () => {
    expect(names(decodeKeys('\u001bOP\u001bOQ\u001bOR\u001bOS'))).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(names(decodeKeys('\u001b[11~\u001b[12~\u001b[13~\u001b[14~'))).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(names(decodeKeys('\u001b[15~\u001b[17~\u001b[18~\u001b[19~\u001b[20~\u001b[21~\u001b[23~\u001b[24~'))).toEqual(['F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12']);
    expect(names(decodeKeys('\u001b[[A\u001b[[E'))).toEqual(['F1', 'F5']);
  });

  it('a modified function key is no plain one (Shift-F5 is F17 to xterm), and a reply with private parameters is one null key', () => {
    expect(names(decodeKeys('\u001b[15;2~\u001b[1;2P'))).toEqual([null, null]);
    expect(names(decodeKeys('\u001b[?1;2c1'))).toEqual([null, '1']);
    expect(names(decodeKeys('\u001b[1;5A'))).toEqual(['Up']);
  });
});

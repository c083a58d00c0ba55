import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { splitKeyChunk } from './key-chunks.js';

const plain = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false } as Key;

describe('splitKeyChunk', () => {
  it('splits printable chunks into single keys, uppercase ones shifted', () => {
    expect(splitKeyChunk('Pt', plain)).toEqual([
      { input: 'P', key: { ...plain, shift: true } },
      { input: 't', key: { ...plain, shift: false } },
    ]);
    expect(splitKeyChunk('!!', plain).map((k) => k.input)).toEqual(['!', '!']);
    expect(splitKeyChunk('jjj', plain)).toHaveLength(3);
  });

  it('keeps single keys, control keys and escape sequences whole', () => {
    expect(splitKeyChunk('j', plain)).toEqual([{ input: 'j', key: plain }]);
    expect(splitKeyChunk('ab', { ...plain, meta: true })).toHaveLength(1);
    expect(splitKeyChunk('ab', { ...plain, ctrl: true })).toHaveLength(1);
    expect(splitKeyChunk('\u001b[A', plain)).toHaveLength(1);
    expect(splitKeyChunk('a\r', plain)).toHaveLength(1);
  });

  it('splits by code point, so a wide character stays one key', () => {
    expect(splitKeyChunk('€1', plain).map((k) => k.input)).toEqual(['€', '1']);
  });
});

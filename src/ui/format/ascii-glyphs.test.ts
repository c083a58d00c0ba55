import { describe, expect, it } from 'vitest';
import { hasNonAsciiGlyph, toAscii } from './ascii-glyphs.js';

describe('ascii glyphs', () => {
  it('replaces box drawing, blocks, braille, arrows and bullets one for one', () => {
    const text = '┌─ ▸ Book ─┐│▲ 1 ▼ 2│└──┘ █▒▁▇ ⣿⠀ ● live ◌ stale ✕ … spread ─── ↑↓';
    const ascii = toAscii(text);
    expect(ascii).toBe('+- > Book -+|^ 1 v 2|+--+ #%_# :  * live o stale x . spread --- ^v');
    expect([...ascii].length).toBe([...text].length);
    expect(hasNonAsciiGlyph(ascii)).toBe(false);
    expect(hasNonAsciiGlyph(text)).toBe(true);
  });

  it('leaves escape sequences and other text alone', () => {
    const text = '\u001B[32mBTC 67,012.5 ETH-PERP\u001B[39m é';
    expect(toAscii(text)).toBe(text);
  });
});

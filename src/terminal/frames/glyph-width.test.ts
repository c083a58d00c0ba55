import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { glyphWidth } from './glyph-width.js';
import { keptWhole } from './stand-alone.js';

describe('glyph width', () => {
  it('every-glyph-kept-whole-measures-as-string-width: a table lookup gives string-width\'s width for each of them', () => {
    let glyphs = 0;
    for (const pass of ['looked up', 'remembered']) {
      for (let c = 0; c <= 0xffff; c++) {
        if (!keptWhole(c)) continue;
        glyphs++;
        expect(glyphWidth(c), `U+${c.toString(16)} ${pass}`).toBe(stringWidth(String.fromCharCode(c)));
      }
    }
    expect(glyphs).toBeGreaterThan(6000);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT_MARK, MAX_WIRE_TEXT_CHARS, isUnsafeChar, sanitizeJsonStrings, sanitizeLines, sanitizeText, terminalSafeJson } from './sanitize-text.js';

/** Every character the sanitizer must never let through, listed by hand (not from its own regex). */
const UNSAFE_CODES: number[] = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
  // Invisible format characters: soft hyphen, Mongolian vowel separator, zero-width space / non-joiner / joiner,
  // word joiner and the invisible operators (U+2060-2064, and the rest of that block), the BOM, the tags.
  0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2065, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0xfeff,
  ...Array.from({ length: 0x80 }, (_, i) => 0xe0000 + i),
];
const UNSAFE_CHARS = UNSAFE_CODES.map((c) => String.fromCodePoint(c));

function holdsUnsafe(text: string): boolean {
  return [...text].some((ch) => UNSAFE_CODES.includes(ch.codePointAt(0)!));
}

/** Strings mixing hostile characters with printable ones (ASCII, accents, wide, emoji). */
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...UNSAFE_CHARS, '\u001b]0;title\u0007', '\u001b]52;c;ZXZpbA==\u0007', '\u001b[2J', '\u009b31m'), fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 40 })
  .map((parts) => parts.join(''));
/** Text a terminal prints as it is: any grapheme whose code points are all outside the unsafe set. */
const printableText = fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !holdsUnsafe(s));

describe('sanitize text from the network', () => {
  it('title-and-clipboard-escapes-become-visible: OSC 0/2, OSC 52, CSI and a one-byte C1 CSI are shown, not obeyed', () => {
    expect(sanitizeText('BTC\u001b]0;PWNED\u0007')).toBe('BTC\\x1b]0;PWNED\\x07');
    expect(sanitizeText('\u001b]52;c;ZXZpbA==\u001b\\')).toBe('\\x1b]52;c;ZXZpbA==\\x1b\\');
    expect(sanitizeText('a\u001b[2J\u001b[10;10Hb')).toBe('a\\x1b[2J\\x1b[10;10Hb');
    expect(sanitizeText('x\u009b31my\u007f')).toBe('x\\x9b31my\\x7f');
    expect(sanitizeText('line\nbreak\r\ttab\u0000')).toBe('line\\x0abreak\\x0d\\x09tab\\x00');
  });

  it('bidi-controls-become-visible: overrides, isolates and marks cannot reorder what the trader reads', () => {
    expect(sanitizeText('BTC\u202eCTB')).toBe('BTC\\u202eCTB');
    expect(sanitizeText('\u2066a\u2069\u200e\u200f\u061c')).toBe('\\u2066a\\u2069\\u200e\\u200f\\u061c');
    expect(sanitizeText('one\u2028two\u2029')).toBe('one\\u2028two\\u2029');
  });

  it('invisible-characters-let-symbols-look-alike: zero-width, joiners, the BOM and tags become visible', () => {
    expect(sanitizeText('B\u200bTC')).toBe('B\\u200bTC');
    expect(sanitizeText('\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad')).toBe('\\u200c\\u200d\\u2060\\u2061\\u2062\\u2063\\u2064\\ufeff\\xad');
    expect(sanitizeText('BTC\u{e0041}\u{e007f}')).toBe('BTC\\u{e0041}\\u{e007f}');
    expect(sanitizeText('BTC')).not.toBe(sanitizeText('B\u200bTC'));
    expect(terminalSafeJson({ s: 'B\u200bT\u{e0041}C' })).toBe('{"s":"B\\u200bT\\udb40\\udc41C"}');
    expect(JSON.parse(terminalSafeJson({ s: 'B\u200bT\u{e0041}C' }))).toEqual({ s: 'B\u200bT\u{e0041}C' });
  });

  it('printable text passes unchanged, the same string when nothing is replaced', () => {
    for (const s of ['BTC', 'BTC Perp', 'Ünïcödé', '比特币', '🚀 moon', 'a\\x1b already escaped', '']) expect(sanitizeText(s)).toBe(s);
  });

  it('long text is capped with a cut mark, never inside a surrogate pair', () => {
    expect(sanitizeText('x'.repeat(5000))).toHaveLength(MAX_WIRE_TEXT_CHARS);
    expect(sanitizeText('abcdef', 4)).toBe(`abc${CUT_MARK}`);
    expect(sanitizeText('ab🚀cd', 4)).toBe(`ab${CUT_MARK}`);
    // Escapes count towards the cap: a flood of ESC cannot grow past it.
    expect(sanitizeText('\u001b'.repeat(1000), 40)).toHaveLength(40);
  });

  it('property: no output holds an unsafe character, and none is longer than the cap', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 300 }), (raw, max) => {
        const out = sanitizeText(raw, max);
        expect(holdsUnsafe(out)).toBe(false);
        expect(out.length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 500 },
    );
  });

  it('property: printable text within the cap is unchanged, and sanitizing twice changes nothing', () => {
    fc.assert(
      fc.property(printableText, (s) => {
        expect(sanitizeText(s)).toBe(s);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(hostileText, (raw) => {
        const once = sanitizeText(raw, 120);
        expect(sanitizeText(once, 120)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('isUnsafeChar agrees with the hand-made list over the first 0x3000 code points, U+FEFF and the tags', () => {
    const disagree: string[] = [];
    for (const c of [...Array.from({ length: 0x3000 }, (_, i) => i), 0xfeff, 0xfffd, 0x1f680, 0xdffff, ...Array.from({ length: 0x81 }, (_, i) => 0xe0000 + i)]) {
      if (isUnsafeChar(String.fromCodePoint(c)) !== UNSAFE_CODES.includes(c)) disagree.push(`U+${c.toString(16)}`);
    }
    expect(disagree).toEqual([]);
  });
});

describe('multi-line text (the app log)', () => {
  it('keeps its newlines and escapes everything else', () => {
    expect(sanitizeLines('first\nsecond \u001b]0;x\u0007\r\u202e')).toBe('first\nsecond \\x1b]0;x\\x07\\x0d\\u202e');
    fc.assert(
      fc.property(hostileText, (raw) => {
        const out = sanitizeLines(raw);
        expect(holdsUnsafe(out.replaceAll('\n', ''))).toBe(false);
        expect(out.split('\n')).toHaveLength(raw.split('\n').length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('JSON read back from a file the network wrote', () => {
  it('every string and key is sanitized; numbers, booleans and null pass; __proto__ stays an own key', () => {
    const parsed = JSON.parse('{"a\\u001b":["x\\u001b]0;t\\u0007",1,true,null],"__proto__":{"n":"\\u202e"}}') as unknown;
    const out = sanitizeJsonStrings(parsed) as Record<string, unknown>;
    expect(out).toEqual({ 'a\\x1b': ['x\\x1b]0;t\\x07', 1, true, null], ['__proto__']: { n: '\\u202e' } });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toContain('__proto__');
  });
});

describe('JSON for a terminal (perpl api)', () => {
  it('escapes DEL, C1 and bidi inside strings and means the same value', () => {
    const value = { s: 'a\u009b31m\u007f\u202eb\u001b', n: [1, 2] };
    const text = terminalSafeJson(value, 2);
    expect(holdsUnsafe(text.replaceAll('\n', ''))).toBe(false);
    expect(JSON.parse(text)).toEqual(value);
    expect(text.split('\n').length).toBeGreaterThan(3); // the indentation's newlines stay
    fc.assert(
      fc.property(fc.jsonValue(), hostileText, (v, s) => {
        const text = terminalSafeJson({ v, s });
        expect(holdsUnsafe(text)).toBe(false);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify({ v, s })));
      }),
      { numRuns: 200 },
    );
  });
});

// A cursor over JSON text that reads a narrow, plain subset of JSON and refuses everything else: no
// whitespace, keys of one to four lowercase letters, integers as plain digits (no sign, fraction or
// exponent, at most 15 digits, so always safe), strings without escapes or control characters.
// Every reader answers a sentinel (-1, null, false) instead of throwing when the text leaves that
// subset: the caller then hands the frame to the generic decoder, which decodes it or refuses it with
// its usual error. The subset is chosen so that whatever it reads, JSON.parse reads the same way.

import { MAX_WIRE_TEXT_CHARS, sanitizeText } from '../sanitize-text.js';

const QUOTE = 34;
const COLON = 58;
const BACKSLASH = 92;
const DIGIT_0 = 48;
const LOWER_A = 97;
const LOWER_Z = 122;
/** 999,999,999,999,999 < 2^53: a run of up to 15 digits is always a safe integer. */
const MAX_DIGITS = 15;
const MAX_KEY_CHARS = 4;
/** The generic Amount reader's limit (kit.ts amount). */
const MAX_AMOUNT_DIGITS = 80;

/**
 * A key's code: its letters as base-32 digits 1..26. Distinct for distinct keys of up to four
 * lowercase letters (no digit is 0, so lengths cannot collide), so a switch on it names the key.
 */
export function keyCode(key: string): number {
  let code = 0;
  for (let i = 0; i < key.length; i++) code = code * 32 + (key.charCodeAt(i) - LOWER_A + 1);
  return code;
}

export class JsonCursor {
  pos = 0;

  constructor(readonly text: string) {}

  /** True (and steps over it) when the next character is `code`. */
  eat(code: number): boolean {
    if (this.text.charCodeAt(this.pos) !== code) return false;
    this.pos += 1;
    return true;
  }

  peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  atEnd(): boolean {
    return this.pos === this.text.length;
  }

  /** A non-negative integer written as plain digits (no leading zero but a lone 0), or -1. */
  uint(): number {
    const text = this.text;
    const start = this.pos;
    let p = start;
    let n = 0;
    for (;;) {
      const d = text.charCodeAt(p) - DIGIT_0;
      if (!(d >= 0 && d <= 9)) break; // NaN past the end fails too
      n = n * 10 + d;
      p += 1;
    }
    const digits = p - start;
    if (digits === 0 || digits > MAX_DIGITS) return -1;
    // "01" is not JSON: leave it to the generic decoder (JSON.parse) to refuse.
    if (digits > 1 && text.charCodeAt(start) === DIGIT_0) return -1;
    this.pos = p;
    return n;
  }

  /** `"key":` with a key of lowercase letters: its keyCode, or -1 (anything else, the colon missing). */
  key(): number {
    const text = this.text;
    let p = this.pos;
    if (text.charCodeAt(p) !== QUOTE) return -1;
    p += 1;
    let code = 0;
    for (let n = 0; ; n++) {
      const c = text.charCodeAt(p);
      p += 1;
      if (c === QUOTE) {
        if (n === 0 || text.charCodeAt(p) !== COLON) return -1;
        this.pos = p + 1;
        return code;
      }
      if (n === MAX_KEY_CHARS || !(c >= LOWER_A && c <= LOWER_Z)) return -1;
      code = code * 32 + (c - LOWER_A + 1);
    }
  }

  /**
   * A string without escapes or control characters, sanitized as every wire string is (sanitize-text.ts),
   * or null. Such a string's text is exactly what JSON.parse would return for it.
   */
  str(): string | null {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== QUOTE) return null;
    const start = this.pos + 1;
    for (let p = start; p < text.length; p++) {
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return sanitizeText(text.slice(start, p), MAX_WIRE_TEXT_CHARS);
      }
      if (c === BACKSLASH || c < 0x20) return null;
    }
    return null;
  }

  /**
   * An Amount in its canonical form already: a non-negative integer as plain digits, quoted (the live
   * wire) or not, or null. "007", "-5" and the like are left to the generic reader, which normalises.
   */
  amount(): string | null {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== QUOTE) {
      const n = this.uint();
      return n < 0 ? null : String(n);
    }
    const start = this.pos + 1;
    let p = start;
    while (p - start <= MAX_AMOUNT_DIGITS) {
      const d = text.charCodeAt(p) - DIGIT_0;
      if (!(d >= 0 && d <= 9)) break;
      p += 1;
    }
    const digits = p - start;
    if (digits === 0 || digits > MAX_AMOUNT_DIGITS || text.charCodeAt(p) !== QUOTE) return null;
    if (digits > 1 && text.charCodeAt(start) === DIGIT_0) return null;
    this.pos = p + 1;
    return text.slice(start, p);
  }
}

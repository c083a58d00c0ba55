// error-text-printed-inert: an error may quote the network (a server's words, a served field, a library's
// complaint about one); what is shown or printed for it never carries a raw control character.

import { describe, expect, it } from 'vitest';
import { failureLines, PermanentError, userHint, userMessage } from './errors.js';

const HOSTILE = 'x\u001b]0;PWNED\u0007\u009b2J\u202eevil';
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('error text for the user', () => {
  it('error-text-printed-inert: message, hint and details of any thrown value come out as visible escapes', () => {
    const perpl = new PermanentError(`refused: ${HOSTILE}`, { hint: `try ${HOSTILE}`, details: `line one ${HOSTILE}\nline two` });
    const plain = new Error(`Address "${HOSTILE}" is invalid.\nsecond line`);
    for (const e of [perpl, plain, HOSTILE]) {
      expect(userMessage(e)).not.toMatch(UNSAFE);
      expect(userMessage(e)).toContain('x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil');
    }
    expect(userMessage(plain)).toBe('Address "x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil" is invalid.');
    expect(userHint(perpl)).toBe('try x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil');
    expect(userHint(plain)).toBeUndefined();
    const lines = failureLines('perpl keys', perpl, true);
    expect(lines).toEqual([
      'perpl keys: refused: x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil',
      'hint: try x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil',
      'details: line one x\\x1b]0;PWNED\\x07\\x9b2J\\u202eevil\nline two',
    ]);
    expect(failureLines('perpl keys', perpl)).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { wrapWords } from './wrap.js';

describe('wrapWords', () => {
  it('breaks at spaces within the width and keeps every word', () => {
    const text = 'key refused by the exchange (unauthorized): enroll it with `perpl keys enroll`, or check the key file';
    const lines = wrapWords(text, 40, 5);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.join(' ')).toBe(text);
    expect(wrapWords('short', 40, 3)).toEqual(['short']);
  });
  it('cuts a word longer than the line, and ends the last allowed line with an ellipsis when text is left', () => {
    expect(wrapWords('abcdefghij', 4, 2)).toEqual(['abc…']);
    expect(wrapWords('aa bb cc dd', 5, 2)).toEqual(['aa bb', 'cc dd']);
    expect(wrapWords('aa bb cc dd ee', 5, 2)).toEqual(['aa bb', 'cc d…']);
    expect(wrapWords('anything', 0, 2)).toEqual([]);
  });
});

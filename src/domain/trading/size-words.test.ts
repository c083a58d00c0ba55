import { describe, expect, it } from 'vitest';
import { fractionUnits, parseFraction, parseSizeWord } from './size-words.js';

describe('size words (base, $QUOTE, PCT%, fraction of the position)', () => {
  it('reads every form', () => {
    expect(parseSizeWord('0.1')).toEqual({ kind: 'base', number: '0.1' });
    expect(parseSizeWord('$500')).toEqual({ kind: 'quote', number: '500' });
    expect(parseSizeWord('10%')).toEqual({ kind: 'percent', number: '10' });
    expect(parseSizeWord('1/4')).toEqual({ kind: 'fraction', numerator: 1n, denominator: 4n, text: '1/4' });
    expect(parseSizeWord('3/3')).toMatchObject({ kind: 'fraction', numerator: 3n, denominator: 3n });
  });

  it.each([
    ['abc', 'size "abc" is not a number'],
    ['$x', 'size "$x" is not a number'],
    ['1/0', 'cannot divide by 0'],
    ['0/4', 'is none of the position'],
    ['5/4', 'is more than the whole position'],
    ['1/', 'is not a fraction of the position'],
    ['1.5/4', 'is not a fraction of the position'],
    ['-1/4', 'is not a fraction of the position'],
  ])('refuses %j naming the word', (text, message) => {
    const got = parseSizeWord(text);
    expect('error' in got && got.error).toContain(message);
  });

  it('fraction-rounds-down-to-the-lot: 1/3 of 10 units is 3, 1/4 of 3 is 0 (the caller refuses it)', () => {
    expect(fractionUnits(10n, 1n, 3n)).toBe(3n);
    expect(fractionUnits(3n, 1n, 4n)).toBe(0n);
    expect(fractionUnits(8_000n, 1n, 4n)).toBe(2_000n);
    expect(parseFraction('2/3')).toEqual({ numerator: 2n, denominator: 3n });
  });
});

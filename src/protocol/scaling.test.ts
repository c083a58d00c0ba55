import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from './errors.js';
import {
  MAX_WIRE_INTEGER,
  amountToBigInt,
  formatAmount,
  formatLeverage,
  formatScaled,
  formatScaledTrim,
  leadingZeroProblem,
  parseAmount,
  parseLeverage,
  parsePrice,
  parseScaled,
  parseSize,
  toWireInteger,
} from './scaling.js';

const decimalsArb = fc.integer({ min: 0, max: 8 });
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** A decimal string with at most `decimals` fraction digits, plus its exact scaled value. */
const decimalText = decimalsArb.chain((decimals) =>
  fc
    .record({
      sign: fc.constantFrom('', '-', '+'),
      whole: digits(1, 20),
      frac: digits(0, decimals),
      dot: fc.boolean(),
    })
    .map(({ sign, whole, frac, dot }) => {
      const text = `${sign}${whole}${frac !== '' || dot ? '.' : ''}${frac}`;
      const scaled = BigInt(whole + frac.padEnd(decimals, '0')) * (sign === '-' ? -1n : 1n);
      return { text, decimals, scaled };
    }),
);

function throwsInputError(run: () => unknown): void {
  expect(run).toThrow(InputError);
}

describe('scaling properties', () => {
  it('parseScaled reads the exact scaled value of any decimal string within the scale', () => {
    fc.assert(
      fc.property(decimalText, ({ text, decimals, scaled }) => {
        expect(parseScaled(text, decimals)).toBe(scaled);
      }),
      { numRuns: 500 },
    );
  });

  it('formatScaled(parseScaled(x)) round-trips to the canonical form of x', () => {
    fc.assert(
      fc.property(decimalText, ({ text, decimals }) => {
        const once = formatScaled(parseScaled(text, decimals), decimals);
        expect(parseScaled(once, decimals)).toBe(parseScaled(text, decimals));
        // The canonical form is a fixed point.
        expect(formatScaled(parseScaled(once, decimals), decimals)).toBe(once);
        expect(once).toMatch(decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`));
      }),
      { numRuns: 500 },
    );
  });

  it('parseScaled(formatScaled(v)) returns v for any bigint', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), decimalsArb, (v, decimals) => {
        expect(parseScaled(formatScaled(v, decimals), decimals)).toBe(v);
        expect(parseScaled(formatScaledTrim(v, decimals), decimals)).toBe(v);
      }),
      { numRuns: 500 },
    );
  });

  it('too many significant decimals are refused, never rounded', () => {
    fc.assert(
      fc.property(decimalsArb, digits(1, 10), fc.integer({ min: 1, max: 9 }), (decimals, whole, last) => {
        const text = `${whole}.${'0'.repeat(decimals)}${last}`;
        throwsInputError(() => parseScaled(text, decimals));
      }),
      { numRuns: 300 },
    );
  });

  it('no float is ever accepted where an integer is expected', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: false }).filter((x) => !Number.isSafeInteger(x)),
        decimalsArb,
        (x, decimals) => {
          throwsInputError(() => formatScaled(x, decimals));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('toWireInteger refuses values a JS number cannot hold exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_WIRE_INTEGER + 1n, max: 2n ** 80n }), fc.boolean(), (v, negative) => {
        throwsInputError(() => toWireInteger(negative ? -v : v));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_WIRE_INTEGER, max: MAX_WIRE_INTEGER }), (v) => {
        expect(BigInt(toWireInteger(v))).toBe(v);
      }),
      { numRuns: 300 },
    );
  });
});

describe('scaling edge cases', () => {
  it('non-numbers are refused', () => {
    for (const text of ['', ' ', '.', '-', '+', '-.', '1.2.3', '1e5', 'Infinity', 'NaN', '0x10', '--1', '1-', 'abc']) {
      throwsInputError(() => parseScaled(text, 2));
    }
  });
  it('digit-group separators and surrounding space are accepted', () => {
    expect(parseScaled(' 67,012.5 ', 1)).toBe(670125n);
    expect(parseScaled('1_000', 0)).toBe(1000n);
  });
  it('a decimal comma is refused instead of silently read as a group separator (1,5 != 15)', () => {
    for (const text of ['1,5', '0,5', '1,50', '1,0000', ',5', '1,', '1,234,56', '1.234,5']) {
      throwsInputError(() => parseScaled(text, 2));
    }
    expect(parseScaled('12,345,678.9', 1)).toBe(123456789n);
    expect(parseScaled('-1,000', 0)).toBe(-1000n);
  });
  it('trailing zeros beyond the scale are not "too many decimals"', () => {
    expect(parseScaled('1.5000', 1)).toBe(15n);
  });
  it('price, size and leverage must be positive', () => {
    throwsInputError(() => parsePrice('0', 1));
    throwsInputError(() => parseSize('-1', 5));
    throwsInputError(() => parseLeverage('0x'));
    expect(parseLeverage('2.5x')).toBe(250);
    expect(parsePrice('67012.5', 1)).toBe(670125);
    expect(parseSize('0.00001', 5)).toBe(1);
  });
  it('a price beyond 2^53 after scaling is refused', () => {
    throwsInputError(() => parsePrice('9007199254740992', 0));
  });
  it('amounts are integer strings in atoms', () => {
    expect(parseAmount('12.5')).toBe('12500000');
    expect(formatAmount('-271086')).toBe('-0.271086');
    expect(formatAmount(5n)).toBe('0.000005');
    throwsInputError(() => amountToBigInt('1.5'));
    throwsInputError(() => amountToBigInt(''));
    expect(formatLeverage(1000)).toBe('10');
    expect(formatLeverage(250)).toBe('2.5');
  });
  it('size-leading-zeros-refused: "001" and "01.5" are refused with what to type; "0.01", "0.5", ".5" and "10" are sizes', () => {
    expect(() => parseSize('001', 0)).toThrow('size "001" starts with a zero: type 1, or 0.01 for a fraction');
    expect(() => parseSize('01.5', 5)).toThrow('size "01.5" starts with a zero: type 1.5');
    expect(() => parseSize('00.5', 5)).toThrow(InputError);
    expect(parseSize('0.01', 5)).toBe(1_000);
    expect(parseSize('0.5', 5)).toBe(50_000);
    expect(parseSize('.5', 5)).toBe(50_000);
    expect(parseSize('10', 0)).toBe(10);
    expect(leadingZeroProblem('0500', 'quote amount')).toBe('quote amount "0500" starts with a zero: type 500, or 0.500 for a fraction');
    expect(leadingZeroProblem('0')).toBeNull();
  });
});

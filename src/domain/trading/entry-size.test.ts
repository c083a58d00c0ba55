import { describe, expect, it } from 'vitest';
import { maxBuyableUnits, sizeUnitsOf, typedSize, unitsOfPercent, unitsOfQuote, type SizeInputs } from './entry-size.js';
import { notionalAtoms } from './notional.js';

// BTC as live: 1 price decimal, 5 size decimals; 67,000.0 = 670_000 ticks; 0.01 BTC = 1_000 units.
const scales = { priceDecimals: 1, sizeDecimals: 5 };
const PRICE = 670_000n;
const inputs = (over: Partial<SizeInputs> = {}): SizeInputs => ({
  reduceOnly: false,
  positionSize: null,
  availableAtoms: 1_000_000_000n, // $1,000
  leverage: 500,
  takerFeeMicros: 345,
  price: PRICE,
  quotePrice: PRICE,
  ...over,
});

describe('typedSize', () => {
  it('reads "$500" as quote, "25%" as a percentage and anything else as base (or the form toggle)', () => {
    expect(typedSize('$500')).toEqual({ unit: 'quote', number: '500' });
    expect(typedSize(' 25% ')).toEqual({ unit: 'percent', number: '25' });
    expect(typedSize('0.5')).toEqual({ unit: 'base', number: '0.5' });
    expect(typedSize('670', 'quote')).toEqual({ unit: 'quote', number: '670' });
  });
});

describe('quote-size-rounds-down-to-the-lot', () => {
  it('$670 at 67,000 is exactly 0.01 BTC; $670.99 is 0.01001 (rounded down, never up)', () => {
    expect(unitsOfQuote(670_000_000n, PRICE, scales)).toBe(1_000n);
    expect(unitsOfQuote(670_990_000n, PRICE, scales)).toBe(1_001n);
    // 1_001 units cost 670.67: one more unit would be more than was typed.
    expect(notionalAtoms(PRICE, 1_001n, scales) <= 670_990_000n).toBe(true);
    expect(notionalAtoms(PRICE, 1_002n, scales) > 670_990_000n).toBe(true);
  });
  it('a quote amount under one lot is refused with the reason, not sent as 0', () => {
    expect(() => sizeUnitsOf(typedSize('$0.5'), inputs(), scales)).toThrow('less than one size unit');
    expect(() => sizeUnitsOf(typedSize('$0'), inputs(), scales)).toThrow('greater than 0');
    expect(() => sizeUnitsOf(typedSize('$5'), inputs({ quotePrice: null }), scales)).toThrow('no price');
  });
});

describe('percent-of-available-is-margin-plus-fee-at-the-leverage', () => {
  it('100% is the largest size whose margin and taker fee fit the available balance', () => {
    const max = maxBuyableUnits(1_000_000_000n, 500, 345, PRICE, scales);
    expect(max).toBe(7_449n);
    const cost = (units: bigint) => {
      const n = notionalAtoms(PRICE, units, scales);
      return (n * 100n) / 500n + (n * 345n + 999_999n) / 1_000_000n;
    };
    expect(cost(max) <= 1_000_000_000n).toBe(true);
    expect(cost(max + 1n) > 1_000_000_000n).toBe(true);
  });
  it('25% of it is rounded down to whole units', () => {
    expect(unitsOfPercent(2_500, inputs(), scales)).toBe(1_862n);
    expect(sizeUnitsOf(typedSize('25%'), inputs(), scales)).toBe(1_862n);
  });
  it('reduce-only: a percentage of the position, rounded down', () => {
    expect(sizeUnitsOf(typedSize('50%'), inputs({ reduceOnly: true, positionSize: 3n }), scales)).toBe(1n);
    expect(() => sizeUnitsOf(typedSize('10%'), inputs({ reduceOnly: true, positionSize: 3n }), scales)).toThrow('less than one size unit');
    expect(() => sizeUnitsOf(typedSize('10%'), inputs({ reduceOnly: true, positionSize: null }), scales)).toThrow('no position');
  });
  it('over 100%, 0% and garbage are refused with a clear reason', () => {
    expect(() => sizeUnitsOf(typedSize('150%'), inputs(), scales)).toThrow('at most 100%');
    expect(() => sizeUnitsOf(typedSize('0%'), inputs(), scales)).toThrow('above 0%');
    expect(() => sizeUnitsOf(typedSize('x%'), inputs(), scales)).toThrow('percentage');
    expect(() => sizeUnitsOf(typedSize('1%'), inputs({ availableAtoms: 0n }), scales)).toThrow('less than one size unit');
    expect(() => sizeUnitsOf(typedSize('1%'), inputs({ availableAtoms: null }), scales)).toThrow('not known');
  });
});

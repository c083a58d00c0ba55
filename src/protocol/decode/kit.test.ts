import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { amount, arr, int, literal, marketMap, nonNegInt, oneOf, opt, record, str, withDefault } from './kit.js';
import { thrownBy } from '../thrown.fixtures.js';

const rejection = (run: () => unknown): DecodeError => thrownBy(run, DecodeError);

interface Row {
  id: number;
  name?: string;
  tags: string[];
}
const decodeRow = record<Row>({ id: nonNegInt, name: opt(str), tags: withDefault(arr(str), () => []) });

describe('validation kit', () => {
  it('a nested failure names the full path and what was expected', () => {
    const decode = record<{ rows: Row[] }>({ rows: arr(decodeRow) });
    const err = rejection(() => decode({ rows: [{ id: 1 }, { id: 2, tags: ['a', 5] }] }));
    expect(err.path).toBe('rows[1].tags[1]');
    expect(err.shortMessage).toBe('rows[1].tags[1]: expected a string, got 5');
  });
  it('paths are built only for the retry of a failure, and are back on after any throw', () => {
    const decode = record<{ rows: Row[] }>({ rows: arr(decodeRow) });
    const seen: string[] = [];
    const spy = record<{ v: number }>({ v: (value, path) => (seen.push(path), nonNegInt(value, path)) });
    const outer = record<{ a: { v: number } }>({ a: spy });
    outer({ a: { v: 1 } });
    expect(seen).toEqual(['']); // the good value: no path was built
    seen.length = 0;
    expect(rejection(() => outer({ a: { v: -1 } })).path).toBe('a.v');
    expect(seen).toEqual(['', 'a.v']); // fast pass, then the pathed retry
    // A reader that throws something else must not leave paths off for the next decode.
    const crash = record<{ x: number }>({ x: () => { throw new TypeError('boom'); } });
    expect(() => crash({ x: 1 })).toThrow(TypeError);
    expect(rejection(() => decode({ rows: [{ id: -1 }] })).path).toBe('rows[0].id');
  });
  it('unknown fields are dropped and absent optionals are not set to undefined', () => {
    const row = decodeRow({ id: 1, extra: true, name: null });
    expect(row).toEqual({ id: 1, tags: [] });
    expect(Object.keys(row)).toEqual(['id', 'tags']);
  });
  it('null is refused where a value is required', () => {
    expect(rejection(() => decodeRow({ id: null })).shortMessage).toBe('id: expected a non-negative integer, got null');
  });
  it('a missing field says so', () => {
    expect(rejection(() => decodeRow({})).shortMessage).toContain('nothing (field missing)');
  });
  it('integers: fractions, unsafe magnitudes, NaN-like strings and -0 handling', () => {
    expect(() => int(1.5, 'x')).toThrow(DecodeError);
    expect(() => int(2 ** 53, 'x')).toThrow(DecodeError);
    expect(() => int('1', 'x')).toThrow(DecodeError);
    expect(Object.is(nonNegInt(-0, 'x'), 0)).toBe(true);
    expect(int(-7, 'x')).toBe(-7);
  });
  it('amounts: strings and safe integers in, canonical strings out; anything else refused', () => {
    expect(amount('000123', 'a')).toBe('123');
    expect(amount(-42, 'a')).toBe('-42');
    expect(amount('123456789012345678901234567890', 'a')).toBe('123456789012345678901234567890');
    for (const bad of ['1.0', '+1', '1 ', 1e300, 2 ** 53, true, '']) expect(() => amount(bad, 'a')).toThrow(DecodeError);
  });
  it('literal and oneOf list what they accept', () => {
    expect(rejection(() => literal(100)(99, 'mt')).shortMessage).toBe('mt: expected 100, got 99');
    expect(rejection(() => oneOf([15, 16])(17, 'mt')).shortMessage).toBe('mt: expected one of 15, 16, got 17');
  });
  it('market maps refuse keys that are not market ids, including __proto__', () => {
    const decode = marketMap(nonNegInt);
    expect(decode({ '1': 5, '20': 6 }, 'd')).toEqual({ '1': 5, '20': 6 });
    expect(rejection(() => decode(JSON.parse('{"__proto__":1}'), 'd')).path).toBe('d.__proto__');
    expect(rejection(() => decode({ BTC: 1 }, 'd')).path).toBe('d.BTC');
  });
});

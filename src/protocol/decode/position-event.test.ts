import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors.js';
import { decodePosition } from './trading-records.js';

const row = {
  at: { b: 10, t: 1 }, mkt: 1, acc: 1001, pid: 7, st: 1, sr: 14, sd: 1, c: '1000', ep: 670000, s: 200, lv: 500,
};

describe('position rows', () => {
  it('decrease-event-with-negative-size-delta-is-not-treated-as-malformed', () => {
    const p = decodePosition({ ...row, e: [{ ...row, s: -100, c: '-500' }] }, 'd[0]');
    expect(p.e?.[0]?.s).toBe(-100);
  });
  it('state-row-with-negative-size-is-rejected', () => {
    expect(() => decodePosition({ ...row, s: -1 }, 'd[0]')).toThrow(DecodeError);
  });
});

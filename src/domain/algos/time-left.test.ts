import { describe, expect, it } from 'vitest';
import { timeLeftText } from './time-left.js';

describe('timeLeftText', () => {
  it('rounds up so it never says less time than is left', () => {
    expect(timeLeftText(41_001)).toBe('42s');
    expect(timeLeftText(119_000)).toBe('119s');
    expect(timeLeftText(120_000)).toBe('2m');
    expect(timeLeftText(121_000)).toBe('3m');
    expect(timeLeftText(7_200_000)).toBe('2h');
    expect(timeLeftText(-5)).toBe('0s');
  });
});

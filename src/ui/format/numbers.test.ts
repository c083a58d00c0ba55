import { describe, expect, it } from 'vitest';
import {
  fitSize,
  fitNumber,
  fitText,
  formatCompact,
  formatCountdown,
  formatInterval,
  formatScaledGrouped,
  formatSignedPct,
  groupThousands,
} from './numbers.js';

describe('number formatting', () => {
  it('groups thousands without touching the fraction or the sign', () => {
    expect(groupThousands('67012.5')).toBe('67,012.5');
    expect(groupThousands('-1234567.00001')).toBe('-1,234,567.00001');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('0.123456')).toBe('0.123456');
  });

  it('prints scaled integers exactly with the market decimals (no float rounding)', () => {
    expect(formatScaledGrouped(670_125, 1)).toBe('67,012.5');
    expect(formatScaledGrouped(1, 5)).toBe('0.00001');
    expect(formatScaledGrouped(9_007_199_254_740_991, 8)).toBe('90,071,992.54740991');
    expect(formatScaledGrouped(-5, 2)).toBe('-0.05');
  });

  it('never shows a wrong number when a cell is too narrow', () => {
    expect(fitNumber('67,012.5', 10)).toBe('  67,012.5');
    expect(fitNumber('67,012.5', 7)).toBe('67012.5');
    expect(fitNumber('67,012.5', 6)).toBe('######');
    expect(fitNumber('1', 0)).toBe('');
  });

  it('keeps text cells at a fixed width', () => {
    expect(fitText('BTC', 5)).toBe('BTC  ');
    expect(fitText('BTC-PERP', 5)).toBe('BTC-…');
  });

  it('formats compact display figures and signed percents', () => {
    expect(formatCompact(412_300)).toBe('412.3K');
    expect(formatCompact(12_345_678)).toBe('12.35M');
    expect(formatCompact(42)).toBe('42.00');
    expect(formatSignedPct(1.82)).toBe('+1.82%');
    expect(formatSignedPct(-0.5)).toBe('-0.50%');
    expect(formatSignedPct(0.0001)).toBe('0.00%');
    expect(formatSignedPct(0.004, 4)).toBe('+0.0040%');
  });

  it('formats countdowns and intervals', () => {
    expect(formatCountdown(43 * 60_000 + 12_000)).toBe('43:12');
    expect(formatCountdown(3_720_000)).toBe('1h02m');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatInterval(2580)).toBe('43m');
    expect(formatInterval(28_800)).toBe('8h');
  });

  it('ladder-volume-not-hashes: a size wider than its cells loses decimals, never shows as #### or as 0', () => {
    expect(fitSize(0.0788, 5)).toBe('0.079');
    expect(fitSize(0.0788, 7)).toBe(' 0.0788');
    expect(fitSize(12.3456, 4)).toBe('12.3');
    expect(fitSize(0.0004, 5)).toBe('<0.01');
    expect(fitSize(0.0004, 4)).toBe('<0.1');
    expect(fitSize(1234.5, 6)).toBe(' 1.23K');
  });
});

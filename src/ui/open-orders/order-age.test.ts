import { describe, expect, it } from 'vitest';
import { orderAge } from './columns.js';

describe('order age in Open orders', () => {
  it('order-age-compact: seconds, minutes, hours, days, floored; unknown is a dash', () => {
    const placed = 1_800_000_000_000;
    expect(orderAge(placed, placed + 12_400)).toBe('12s');
    expect(orderAge(placed, placed + 4 * 60_000 + 59_000)).toBe('4m');
    expect(orderAge(placed, placed + 2 * 3_600_000 + 1)).toBe('2h');
    expect(orderAge(placed, placed + 3 * 86_400_000)).toBe('3d');
    expect(orderAge(placed, placed - 5_000)).toBe('0s'); // a clock a little behind the exchange's
    expect(orderAge(null, placed)).toBe('—');
    expect(orderAge(undefined, placed)).toBe('—');
  });
});

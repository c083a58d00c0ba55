import { describe, expect, it } from 'vitest';
import { dayStartAt, dayStartText, parseDayStart } from './day-start.js';
import { OncePerDay, dailyLossStatus } from './daily-loss.js';
import { parseQuoteLimit } from './guard-limits.js';

describe('dayStart', () => {
  it('parses a time and an optional zone', () => {
    expect(parseDayStart('22:00')).toEqual({ minutes: 1320, zone: null });
    expect(parseDayStart(' 07:30 Europe/Berlin ')).toEqual({ minutes: 450, zone: 'Europe/Berlin' });
    expect(parseDayStart('25:00')).toMatch(/HH:MM/);
    expect(parseDayStart('22:00 Mars/Olympus')).toMatch(/unknown time zone "Mars\/Olympus"/);
    expect(dayStartText({ minutes: 450, zone: 'UTC' })).toBe('07:30 UTC');
  });

  it('day-start-in-utc-is-the-latest-at-or-before-now', () => {
    const at = Date.UTC(2026, 10, 28, 21, 59);
    expect(dayStartAt(at, { minutes: 22 * 60, zone: 'UTC' })).toBe(Date.UTC(2026, 10, 27, 22, 0));
    expect(dayStartAt(Date.UTC(2026, 10, 28, 22, 0), { minutes: 22 * 60, zone: 'UTC' })).toBe(Date.UTC(2026, 10, 28, 22, 0));
  });

  it('day-start-in-a-named-zone-follows-its-offset', () => {
    // New York is UTC-5 in November: 00:00 there is 05:00 UTC.
    expect(dayStartAt(Date.UTC(2026, 10, 28, 12, 0), { minutes: 0, zone: 'America/New_York' })).toBe(Date.UTC(2026, 10, 28, 5, 0));
    expect(dayStartAt(Date.UTC(2026, 10, 28, 4, 0), { minutes: 0, zone: 'America/New_York' })).toBe(Date.UTC(2026, 10, 27, 5, 0));
  });

  it('local-day-start-is-local-midnight', () => {
    const now = new Date(2026, 10, 28, 15, 30).getTime();
    expect(dayStartAt(now, { minutes: 0, zone: null })).toBe(new Date(2026, 10, 28, 0, 0).getTime());
  });
});

describe('quote limits', () => {
  it('decimal-strings-parse-exactly-to-atoms', () => {
    expect(parseQuoteLimit('2500.50')).toBe(2_500_500_000n);
    expect(parseQuoteLimit('10,000')).toBe(10_000_000_000n);
    expect(parseQuoteLimit(500)).toBe(500_000_000n);
  });
  it('a-float-or-a-bad-amount-is-refused-with-why', () => {
    expect(parseQuoteLimit(2500.5)).toMatch(/as a string/);
    expect(parseQuoteLimit('0.0000001')).toMatch(/more than 6 decimals/);
    expect(parseQuoteLimit('-5')).toBe('must be greater than 0');
    expect(parseQuoteLimit(true)).toMatch(/amount in quote/);
  });
});

describe('daily loss status and flatten once', () => {
  it('says what is left', () => {
    expect(dailyLossStatus(500_000_000n, -160_000_000n)).toEqual({ limit: 500_000_000n, loss: 160_000_000n, left: 340_000_000n, reached: false });
    expect(dailyLossStatus(500_000_000n, 90_000_000n).left).toBe(500_000_000n);
    expect(dailyLossStatus(500_000_000n, -600_000_000n)).toMatchObject({ left: 0n, reached: true });
  });

  it('flatten-runs-once-per-day-not-on-a-second-crossing', () => {
    const once = new OncePerDay();
    expect(once.first(1000, false)).toBe(false);
    expect(once.first(1000, true)).toBe(true);
    expect(once.first(1000, false)).toBe(false);
    expect(once.first(1000, true)).toBe(false);
    expect(once.first(2000, true)).toBe(true);
  });
});

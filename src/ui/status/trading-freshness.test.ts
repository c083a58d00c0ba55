import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../domain/views.js';
import { fittedFreshnessMarker, freshnessMarker, tradingFreshness } from './trading-freshness.js';

const view = (over: Partial<ConnectionView>): ConnectionView => ({
  health: 'live', lastDataAt: null, headBlock: null, roundTrip: null, retryInMs: null, reason: null, ...over,
});
// 14:03:07 local time, whatever the machine's zone.
const AT = new Date(2026, 10, 25, 14, 3, 7, 500).getTime();

describe('trading-freshness: trading figures are current only while the trading socket is live', () => {
  it('live and accepted: current', () => {
    expect(tradingFreshness(true, view({ lastDataAt: AT }))).toEqual({ current: true });
  });
  it('no key loaded: nothing to dim', () => {
    expect(tradingFreshness(false, null)).toEqual({ current: true });
  });
  it('down: as of the last data, local time', () => {
    const f = tradingFreshness(true, view({ health: 'disconnected', lastDataAt: AT }));
    expect(f).toEqual({ current: false, asOf: '14:03:07', why: 'down' });
    expect(freshnessMarker(f)).toBe('as of 14:03:07 (trading down)');
    expect(fittedFreshnessMarker(f, 26)).toBe('as of 14:03:07 (down)');
    expect(fittedFreshnessMarker(f, 16)).toBe('as of 14:03:07');
    expect(fittedFreshnessMarker({ current: true }, 26)).toBeNull();
  });
  it('key refused on a live-looking view: not current', () => {
    expect(tradingFreshness(true, view({ health: 'live', lastDataAt: AT, keyRefused: 'unauthorized' }))).toEqual({ current: false, asOf: '14:03:07', why: 'key refused' });
  });
  it('stale, resyncing, connecting: not current; never received before any data', () => {
    expect(tradingFreshness(true, view({ health: 'stale', lastDataAt: AT }))).toMatchObject({ current: false, why: 'stale' });
    expect(tradingFreshness(true, view({ health: 'resyncing', lastDataAt: AT }))).toMatchObject({ current: false, why: 'resyncing' });
    expect(tradingFreshness(true, view({ health: 'connecting' }))).toEqual({ current: false, asOf: 'never received', why: 'connecting' });
    expect(tradingFreshness(true, null)).toEqual({ current: false, asOf: 'never received', why: 'connecting' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../domain/views.js';
import { healthBadge, latencyText, tradingBadge } from './status.js';

const view = (over: Partial<ConnectionView>): ConnectionView => ({
  health: 'live', lastDataAt: null, headBlock: null, roundTrip: null, retryInMs: null, reason: null, ...over,
});

describe('a replay never says live', () => {
  it('replay-badges-never-live: the health and trading badges say replay where live would be', () => {
    expect(healthBadge(view({}), 0, 0)).toEqual({ text: '● live', tone: 'good' });
    expect(healthBadge(view({}), 0, 0, { state: 'playing' }).text).toBe('▶ replay');
    expect(healthBadge(view({}), 0, 0, { state: 'paused' }).text).toBe('‖ replay');
    expect(healthBadge(view({}), 0, 0, { state: 'ended' }).text).toBe('■ replay end');
    expect(tradingBadge(true, view({}))?.text).toBe('trading ● live');
    expect(tradingBadge(true, view({}), { state: 'playing' })?.text).toBe('trading ▶ replay');
    expect(tradingBadge(true, view({}), { state: 'paused' })?.text).toBe('trading ‖ replay');
    // What the recording says of a socket that was down stays as it was.
    expect(tradingBadge(true, view({ health: 'disconnected' }), { state: 'playing' })?.text).toBe('trading ✕ down');
  });
});

describe('the link figure', () => {
  it('latency-shown-as-what-it-is: a round-trip time, –ms until measured, a lower bound while a ping is owed', () => {
    expect(latencyText(view({ roundTrip: { ms: 12.4, atLeast: false } }))).toBe('rtt 12ms');
    expect(latencyText(view({ roundTrip: null }))).toBe('rtt –ms');
    expect(latencyText(view({ roundTrip: { ms: 6_700, atLeast: true } }))).toBe('rtt >6s');
  });

  it('replay-shows-no-rtt: a recording has no link to time', () => {
    expect(latencyText(view({ roundTrip: { ms: 12, atLeast: false } }), { state: 'playing' })).toBe('');
    expect(latencyText(view({ roundTrip: null }), { state: 'paused' })).toBe('');
  });
});

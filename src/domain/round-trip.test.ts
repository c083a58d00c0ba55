import { describe, expect, it } from 'vitest';
import { RoundTripTimes } from './round-trip.js';

/** Pings `rtts` in turn, one a second from `start`, each answered after its round trip. */
function measured(rtts: readonly number[], start = 1_000_000): RoundTripTimes {
  const r = new RoundTripTimes();
  rtts.forEach((rtt, i) => {
    const sentAt = start + i * 1_000;
    r.pinged(sentAt);
    r.answered(sentAt, sentAt + rtt);
  });
  return r;
}

describe('RoundTripTimes', () => {
  it('latency-jumped-with-whole-second-block-stamps: the figure follows the round trips, not arrival minus a block time', () => {
    // Live block times are whole seconds (wire.md 15.1). Book frames arriving 120, 480 and 910 ms into
    // their block's second made the old figure (arrival - at.t) read 120, 480, 910 on a 40 ms link.
    const start = 5_000_000;
    const arrivals = [start + 120, start + 1_480, start + 2_910];
    expect(arrivals.map((at) => at - Math.floor(at / 1000) * 1000)).toEqual([120, 480, 910]);
    const r = new RoundTripTimes();
    const shown: Array<number | null> = [];
    [41, 39, 40].forEach((rtt, i) => {
      const sentAt = start + i * 1_000;
      r.pinged(sentAt);
      r.answered(sentAt, sentAt + rtt);
      shown.push(r.figure(arrivals[i]!)?.ms ?? null);
    });
    expect(shown).toEqual([41, 39, 40]);
  });

  it('says nothing until a ping is answered (the status bar shows –ms)', () => {
    const r = new RoundTripTimes();
    expect(r.figure(0)).toBeNull();
    r.pinged(1_000);
    expect(r.figure(1_010)).toBeNull();
    // A peer that answers no ping at all: still unknown, never a made-up lower bound.
    expect(r.figure(60_000)).toBeNull();
  });

  it('one slow answer does not move it: the median of the last five', () => {
    expect(measured([12, 11, 900, 13, 12]).figure(10_000_000)).toEqual({ ms: 12, atLeast: false });
    // The sixth answer pushes the first out.
    expect(measured([5, 900, 900, 13, 12, 900]).figure(10_000_000)).toEqual({ ms: 900, atLeast: false });
  });

  it('a link that stopped answering shows "at least" the age of the ping it owes, once that is late', () => {
    const r = measured([12, 12, 12], 0);
    r.pinged(3_000);
    expect(r.figure(3_000 + 4_000)).toEqual({ ms: 12, atLeast: false });
    expect(r.figure(3_000 + 6_500)).toEqual({ ms: 6_500, atLeast: true });
    r.answered(3_000, 3_000 + 7_000);
    // Answered: the slow round trip is one of the samples; the median still holds.
    expect(r.figure(10_500)).toEqual({ ms: 12, atLeast: false });
  });

  it('an echo of a time never pinged is no round trip', () => {
    const r = measured([20]);
    expect(r.answered(123, 1_000_500)).toBe(false);
    expect(r.figure(1_000_600)).toEqual({ ms: 20, atLeast: false });
  });

  it('an answer gives up the older pings still owed (the link answers in order)', () => {
    const r = measured([30], 0);
    r.pinged(10_000);
    r.pinged(15_000);
    expect(r.answered(15_000, 15_030)).toBe(true);
    // The ping of 10 000 is no longer waited for: no "at least 10 s" later on.
    expect(r.figure(22_000)).toEqual({ ms: 30, atLeast: false });
    expect(r.answered(10_000, 22_000)).toBe(false);
  });

  it('forgets everything when the connection ends', () => {
    const r = measured([20, 30]);
    r.clear();
    expect(r.figure(2_000_000)).toBeNull();
  });
});

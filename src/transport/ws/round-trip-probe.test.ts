import { describe, expect, it } from 'vitest';
import { RoundTripProbe } from './round-trip-probe.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';

function probe(everyMs = 1_000) {
  const timers = new VirtualTimers(1_000_000);
  const pings: string[] = [];
  const sent: number[] = [];
  const answers: Array<[number, number]> = [];
  // The owner's record of the pings owed (domain/round-trip.ts in the sessions).
  const owed = new Set<number>();
  let open = true;
  const p = new RoundTripProbe({
    everyMs,
    timers,
    sendPing: (payload) => open && pings.push(payload) > 0,
    sent: (at) => {
      sent.push(at);
      owed.add(at);
    },
    answered: (sentAt, at) => owed.delete(sentAt) && answers.push([sentAt, at]) > 0,
  });
  return { p, timers, pings, sent, answers, close: () => (open = false) };
}

describe('RoundTripProbe', () => {
  it('pings at once on start, then every interval, and reports its own pong with the send time', () => {
    const t = probe();
    t.p.start();
    expect(t.pings).toHaveLength(1);
    expect(t.sent).toEqual([1_000_000]);
    t.timers.advance(40);
    t.p.pong(t.pings[0]!, t.timers.now());
    expect(t.answers).toEqual([[1_000_000, 1_000_040]]);
    t.timers.advance(960);
    expect(t.pings).toHaveLength(2);
    expect(t.sent).toEqual([1_000_000, 1_001_000]);
    t.p.stop();
  });

  it('keeps one ping in flight: none is sent while the last is unanswered', () => {
    const t = probe();
    t.p.start();
    t.timers.advance(3_500);
    expect(t.pings).toHaveLength(1);
    t.p.pong(t.pings[0]!, t.timers.now());
    expect(t.answers).toEqual([[1_000_000, 1_003_500]]);
    t.timers.advance(500);
    expect(t.pings).toHaveLength(2);
    t.p.stop();
  });

  it('ignores a pong that answers no ping of ours (unsolicited, or a payload it did not send)', () => {
    const t = probe();
    t.p.start();
    t.p.pong('', t.timers.now());
    t.p.pong('rtt 99', t.timers.now());
    expect(t.answers).toEqual([]);
    // Its own still counts, once.
    t.p.pong(t.pings[0]!, t.timers.now() + 5);
    t.p.pong(t.pings[0]!, t.timers.now() + 6);
    expect(t.answers).toHaveLength(1);
    t.p.stop();
  });

  it('after stop a late pong is forgotten and no timer is left', () => {
    const t = probe();
    t.p.start();
    t.p.stop();
    t.p.pong(t.pings[0]!, t.timers.now());
    expect(t.answers).toEqual([]);
    expect(t.timers.pendingCount).toBe(0);
  });

  it('a ping the socket could not take is not waited for', () => {
    const t = probe();
    t.close();
    t.p.start();
    expect(t.sent).toEqual([]);
    t.timers.advance(1_000);
    expect(t.sent).toEqual([]);
    t.p.stop();
  });
});

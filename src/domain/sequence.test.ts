import { describe, expect, it } from 'vitest';
import { HeartbeatSequence, describeGap } from './sequence.js';

describe('HeartbeatSequence', () => {
  it('seeds from the first heartbeat and accepts consecutive sn', () => {
    const s = new HeartbeatSequence();
    expect(s.observe(10)).toEqual({ kind: 'seeded', sn: 10 });
    expect(s.observe(11)).toEqual({ kind: 'ok', sn: 11 });
    expect(s.observe(12)).toEqual({ kind: 'ok', sn: 12 });
    expect(s.lastSn).toBe(12);
  });

  it('reports a skipped heartbeat as a gap (missed frames must force a resync)', () => {
    const s = new HeartbeatSequence();
    s.observe(12);
    const r = s.observe(14);
    expect(r).toEqual({ kind: 'gap', expected: 13, got: 14 });
    if (r.kind === 'gap') expect(describeGap(r)).toBe('heartbeat gap 12 -> 14');
    // The new sn is the reference afterwards.
    expect(s.observe(15).kind).toBe('ok');
  });

  it('reports a counter that went backwards as a gap', () => {
    const s = new HeartbeatSequence();
    s.observe(100);
    expect(s.observe(50).kind).toBe('gap');
  });

  it('a repeated sn is a duplicate, not a gap, and does not move the reference', () => {
    const s = new HeartbeatSequence();
    s.observe(7);
    expect(s.observe(7).kind).toBe('duplicate');
    expect(s.observe(8).kind).toBe('ok');
  });

  it('seed() from a snapshot makes the next heartbeat sn + 1; reset() forgets it', () => {
    const s = new HeartbeatSequence();
    s.seed(500);
    expect(s.observe(501).kind).toBe('ok');
    s.reset();
    expect(s.observe(9000).kind).toBe('seeded');
  });
});

import { describe, expect, it } from 'vitest';
import { FaultInjector } from './injector.js';
import { FAULT_PROFILE_NAMES, faultProfile } from './profiles.js';

function run(seed: number, profile: string): string[] {
  const f = new FaultInjector(profile, seed);
  for (let block = 0; block < 2000; block++) {
    f.socketFault('tr-1', true);
    f.heartbeatGap('tr-1', block);
    f.frameFault('tr-1', 24);
    f.frameFault('tr-1', 3);
    f.httpFault('/v1/pub/context');
  }
  return f.log().map((e) => e.kind);
}

describe('fault injector', () => {
  it('seeded-determinism: the same seed gives the same fault sequence, another seed a different one', () => {
    expect(run(7, 'chaos')).toEqual(run(7, 'chaos'));
    expect(run(7, 'chaos')).not.toEqual(run(8, 'chaos'));
  });

  it('none-injects-nothing: the default profile never logs a fault', () => {
    expect(run(1, 'none')).toEqual([]);
  });

  it('every-profile-injects-its-kind: each named profile produces faults of its own kind only', () => {
    const expected: Record<string, RegExp> = {
      drops: /^drop-/,
      gaps: /^heartbeat-gap$/,
      stalls: /^stall$/,
      auth: /^auth-close$/,
      http: /^http-(429|500|503)$/,
      'lost-acks': /^lost-ack$/,
      'lost-updates': /^lost-update$/,
      dupes: /^duplicate-update$/,
      malformed: /^garbage-frame$/,
    };
    for (const name of FAULT_PROFILE_NAMES) {
      if (name === 'none' || name === 'chaos') continue;
      const kinds = run(3, name);
      expect(kinds.length, name).toBeGreaterThan(0);
      for (const k of kinds) expect(k, name).toMatch(expected[name]!);
    }
    expect(new Set(run(3, 'chaos')).size).toBeGreaterThan(5);
  });

  it('http-bursts: one hit answers the next httpBurst requests with the same status', () => {
    const f = new FaultInjector({ name: 't', http: 1, httpBurst: 3 }, 1);
    const first = f.httpFault('/a');
    expect(first).toBeDefined();
    expect(f.httpFault('/a')).toBe(first);
    expect(f.httpFault('/a')).toBe(first);
  });

  it('unknown-profile-refused: a typo names the known profiles', () => {
    expect(() => faultProfile('chaoss')).toThrow(/known: none/);
  });
});

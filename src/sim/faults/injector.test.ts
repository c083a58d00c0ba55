import { describe, expect, it } from 'vitest';
import { Prng } from '../../lib/prng.js';
import { FaultInjector } from './injector.js';
import { FAULT_PROFILE_NAMES, SERVER_CLOSES, faultProfile } from './profiles.js';

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

  it('faults-apart-from-the-flow: the faults of a seed do not follow the draws of the flow of that seed (sim/flow: new Prng(seed))', () => {
    const f = new FaultInjector({ name: 't', gap: 0.5 }, 23);
    const flow = new Prng(23);
    const faults = Array.from({ length: 64 }, (_, sn) => f.heartbeatGap('md-1', sn));
    const flowDraws = Array.from({ length: 64 }, () => flow.chance(0.5));
    expect(faults).not.toEqual(flowDraws);
    expect(faults).toContain(true);
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
      closes: /^server-close$/,
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

  it('server-close-codes: a server close picks 1008, 1011 or 1013 with its live reason, or only the codes a spec names', () => {
    const all = new FaultInjector({ name: 't', serverClose: 1 }, 5);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const f = all.socketFault('tr-1', true);
      if (f?.kind !== 'server-close') throw new Error(`expected a server close, got ${f?.kind}`);
      expect(f.reason).toBe(SERVER_CLOSES[f.code]);
      seen.add(f.code);
    }
    expect([...seen].sort()).toEqual([1008, 1011, 1013]);
    expect(all.log()[0]).toMatchObject({ kind: 'server-close', socket: 'tr-1' });
    expect(all.log()[0]!.detail).toMatch(/^10(08|11|13) [a-z ]+$/);
    const one = new FaultInjector({ name: 't', serverClose: 1, serverCloseCodes: [1013] }, 5);
    for (let i = 0; i < 10; i++) expect(one.socketFault('md-1', false)).toEqual({ kind: 'server-close', code: 1013, reason: 'send buffer overflow' });
  });

  it('unknown-profile-refused: a typo names the known profiles', () => {
    expect(() => faultProfile('chaoss')).toThrow(/known: none/);
  });
});

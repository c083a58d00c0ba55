// The one seeded PRNG (xorshift128 state, splitmix-style seeding): fast, deterministic across runs,
// good enough for simulated order flow and fault decisions, so a seed replays a run. Not for anything
// secret. Imports no layer; every layer may import it.

import { fnv1a } from './fnv1a.js';

export class Prng {
  /**
   * The generator of one named stream of a seed: two users of one seed (the local exchange's flow and its
   * fault injector) draw unrelated numbers instead of the same ones.
   */
  static stream(seed: number, name: string): Prng {
    // The name's hash mixed into the seed (the constructor spreads it over the state).
    return new Prng((seed ^ fnv1a(name)) >>> 0);
  }

  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      // splitmix32: spreads a small seed over the whole state so seeds 1 and 2 diverge at once.
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() || 1;
  }

  /** Next 32-bit unsigned integer. */
  nextU32(): number {
    let t = this.d;
    const s = this.a;
    this.d = this.c;
    this.c = this.b;
    this.b = s;
    t ^= t << 11;
    t ^= t >>> 8;
    this.a = (t ^ s ^ (s >>> 19)) >>> 0;
    return this.a;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4_294_967_296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability `p`; a `p` of 0 or less draws nothing (a fault that is off costs no number). */
  chance(p: number): boolean {
    return p > 0 && this.next() < p;
  }

  /** Approximately standard normal (sum of four uniforms, rescaled): cheap and bounded. */
  gaussian(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
  }
}

import { describe, expect, it } from 'vitest';
import { capYoungGeneration, type YoungGenerationRuntime } from './young-generation.js';

const MB = 1024 * 1024;

/** V8 as the cap sees it: a new space that doubles at a collection while the growth factor allows. */
function fakeV8(startMb: number): YoungGenerationRuntime & { collect(grows: boolean): void; isolateStarted(): void; sizeMb(): number; factors: number[] } {
  let size = startMb * MB;
  let factor = 2;
  let listener: (() => void) | null = null;
  const factors: number[] = [];
  return {
    factors,
    newSpaceBytes: () => size,
    setGrowthFactor: (f) => {
      factor = f;
      factors.push(f);
    },
    onCollection: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    collect(grows) {
      if (grows) size *= factor;
      listener?.();
    },
    // A worker thread's isolate starting: the process-wide factor back to V8's default, not through the cap.
    isolateStarted: () => {
      factor = 2;
    },
    sizeMb: () => size / MB,
  };
}

describe('capYoungGeneration', () => {
  it('young-generation-held-at-cap: the new space grows by doublings up to the cap and no further, however many collections want growth', () => {
    const v8 = fakeV8(1);
    capYoungGeneration(8, v8);
    // Held from the call: a collection before the first check cannot grow it.
    expect(v8.factors).toEqual([1]);
    for (let i = 0; i < 20; i++) v8.collect(true);
    expect(v8.sizeMb()).toBe(8);
  });

  it('young-generation-startup-burst-not-past-cap: growth is off from the call, so collections before the first check leave the size alone', () => {
    const v8 = fakeV8(4);
    capYoungGeneration(8, v8);
    // A burst of collections that all grow, the listener not yet run: V8 sees factor 1.
    v8.collect(true);
    expect(v8.sizeMb()).toBe(4);
  });

  it('young-generation-regrows-after-shrink: below half the cap again (V8 shrank it), growth is allowed again', () => {
    const v8 = fakeV8(8);
    capYoungGeneration(8, v8);
    v8.collect(false);
    expect(v8.factors.at(-1)).toBe(1);
    v8.newSpaceBytes = () => 2 * MB;
    v8.collect(false);
    expect(v8.factors.at(-1)).toBe(2);
  });

  it('worker-started-while-held-leaves-young-generation-capped: a new isolate puts the factor back to 2; the next check holds it again', () => {
    const v8 = fakeV8(8);
    capYoungGeneration(8, v8);
    v8.collect(false);
    v8.isolateStarted();
    // The first collection after the worker started: no growth yet (V8 grows only after many scavenges' survivors).
    v8.collect(false);
    for (let i = 0; i < 20; i++) v8.collect(true);
    expect(v8.sizeMb()).toBe(8);
  });

  it('young-generation-stop-restores-growth: stop gives V8 its default doubling back and stops listening', () => {
    const v8 = fakeV8(8);
    const cap = capYoungGeneration(8, v8);
    v8.collect(false);
    cap.stop();
    expect(v8.factors.at(-1)).toBe(2);
    const before = v8.factors.length;
    v8.collect(true);
    expect(v8.factors.length).toBe(before);
  });
});

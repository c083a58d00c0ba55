// The young generation sized for a steady app. V8 doubles its new space (two semi-spaces) whenever enough
// objects survive its scavenges, up to 16 MB a semi-space on Node 20 (more on Node 24), and a terminal
// that keeps one frame alive while it draws the next gets there: 32 MB or more resident for objects that
// live a frame. The ceiling is fixed when V8 starts (--max-semi-space-size given later is ignored:
// measured on 20 and 24), but V8 reads its growth factor at every resize. So growth is held off from the
// call on, and allowed again only at a collection that finds the new space below half the cap: one
// doubling at a time, never past the cap (a doubling needs many scavenges' survivors, far more than one
// task of a running app makes). Below the cap V8 may still shrink it when allocation slows. V8 13 (Node 24)
// counts pages it keeps aside for a moment at a scavenge in the new space too: there it passes the cap
// briefly, and stays at it (test/startup/young-generation.test.ts).

import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** New space (both semi-spaces) of a steady terminal: 2 x 4 MB (Node 20's default ceiling is 2 x 16). */
export const YOUNG_GENERATION_CAP_MB = 8;

/** V8's default growth factor (a doubling). */
const GROWTH = 2;

export interface YoungGenerationRuntime {
  /** The new space's committed bytes (both semi-spaces). */
  newSpaceBytes(): number;
  setGrowthFactor(factor: number): void;
  /** Calls `listener` after garbage collections; returns the unsubscribe. */
  onCollection(listener: () => void): () => void;
}

export interface YoungGenerationCap {
  stop(): void;
}

/** Holds the new space at or below `capMb` from now on (stop() gives V8 its default growth back). */
export function capYoungGeneration(capMb = YOUNG_GENERATION_CAP_MB, runtime: YoungGenerationRuntime = v8Runtime): YoungGenerationCap {
  const cap = capMb * 1024 * 1024;
  let factor = 1;
  runtime.setGrowthFactor(factor);
  const check = (): void => {
    // Half the cap or less: one doubling stays within it.
    const next = runtime.newSpaceBytes() * GROWTH <= cap ? GROWTH : 1;
    // Held: set again at every check (~7 us). The factor is one for the whole process, and starting a
    // worker thread (a new V8 isolate) puts it back to 2 (measured, Node 20 and 24): the key thread,
    // started after the cap, let the screen thread's new space grow to 32 MB.
    if (next === factor && next === GROWTH) return;
    factor = next;
    runtime.setGrowthFactor(factor);
  };
  const unsubscribe = runtime.onCollection(check);
  return {
    stop: () => {
      unsubscribe();
      if (factor !== GROWTH) runtime.setGrowthFactor(GROWTH);
    },
  };
}

const v8Runtime: YoungGenerationRuntime = {
  newSpaceBytes: () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  setGrowthFactor: (factor) => setFlagsFromString(`--semi-space-growth-factor=${factor}`),
  onCollection: (listener) => {
    const observer = new PerformanceObserver(listener);
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
};

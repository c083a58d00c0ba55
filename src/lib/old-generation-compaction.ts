// Fragmented old-generation pages given back now and then. A full collection frees objects all over the
// old generation's pages, and V8 moves the survivors off a page (so the page can go back) only when the page
// is mostly empty: a steady terminal ends up with pages a fifth to a half free, committed and resident
// (Node 24: 20 MB committed for 14-17 MB used after a 5-minute busy book). V8's memory-saving mode
// (--optimize-for-size) compacts pages from a fifth free on, but its every collection costs ~1 CPU point
// at 2,000 book updates/s (measured; Node 20 ~3). So it is on for one full collection in `every`: the
// pages freed since the last such collection are compacted, at a fraction of the cost. V8 reads the flag
// while it runs, at each collection (measured: the committed old space falls with it).

import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** One full collection in this many runs in V8's memory-saving mode. */
export const COMPACT_EVERY_FULL_COLLECTIONS = 4;

export const MEMORY_SAVING_ON = '--optimize-for-size';
/**
 * The mode implies 1 MB semi-spaces, and V8 keeps the implied value after the mode is off: a worker thread
 * started later (the key thread) would get them (measured on Node 20: 2 MB of new space, not 32). The
 * semi-space ceiling goes back to V8's own (0) with it. The running heaps' ceilings are fixed at their start.
 */
export const MEMORY_SAVING_OFF = '--no-optimize-for-size --max-semi-space-size=0';

export interface CompactionRuntime {
  setFlags(flags: string): void;
  /** Calls `listener` after each full (mark-compact) collection; returns the unsubscribe. */
  onFullCollection(listener: () => void): () => void;
}

export interface PeriodicCompaction {
  stop(): void;
}

/** From now on, every `every`-th full collection compacts the old generation's partly free pages. */
export function compactOldGenerationPeriodically(every = COMPACT_EVERY_FULL_COLLECTIONS, runtime: CompactionRuntime = v8Runtime): PeriodicCompaction {
  let collections = 0;
  let saving = false;
  const set = (on: boolean): void => {
    if (on === saving) return;
    saving = on;
    runtime.setFlags(on ? MEMORY_SAVING_ON : MEMORY_SAVING_OFF);
  };
  const unsubscribe = runtime.onFullCollection(() => {
    collections += 1;
    // On for the collection after this one, off again once it ran.
    set(collections % every === every - 1);
  });
  return {
    stop: () => {
      unsubscribe();
      set(false);
    },
  };
}

const v8Runtime: CompactionRuntime = {
  setFlags: setFlagsFromString,
  onFullCollection: (listener) => {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) listener();
    });
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
};

import { describe, expect, it } from 'vitest';
import { COMPACT_EVERY_FULL_COLLECTIONS, compactOldGenerationPeriodically, MEMORY_SAVING_OFF, MEMORY_SAVING_ON, type CompactionRuntime } from './old-generation-compaction.js';

/** V8 as the schedule sees it: full collections, each run with the memory-saving flag as it is at that moment. */
function fakeV8(): CompactionRuntime & { collect(): void; saving: boolean; collectionsSaving: number[]; flags: string[]; listening(): boolean } {
  let listener: (() => void) | null = null;
  let count = 0;
  const v8 = {
    saving: false,
    collectionsSaving: [] as number[],
    flags: [] as string[],
    setFlags: (flags: string) => {
      v8.flags.push(flags);
      v8.saving = flags.split(' ').includes('--optimize-for-size');
    },
    onFullCollection: (l: () => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    collect() {
      count += 1;
      if (v8.saving) v8.collectionsSaving.push(count);
      listener?.();
    },
    listening: () => listener !== null,
  };
  return v8;
}

describe('compactOldGenerationPeriodically', () => {
  it('old-generation-compacted-one-full-collection-in-four: V8 saves memory in every fourth full collection and in no other', () => {
    const v8 = fakeV8();
    compactOldGenerationPeriodically(undefined, v8);
    expect(COMPACT_EVERY_FULL_COLLECTIONS).toBe(4);
    // Not from the start: the first collections run as V8 runs them.
    expect(v8.saving).toBe(false);
    for (let i = 0; i < 12; i++) v8.collect();
    expect(v8.collectionsSaving).toEqual([4, 8, 12]);
  });

  it("memory-saving-off-restores-semi-space-ceiling: each time the mode goes off, V8's semi-space ceiling goes back to its own (the mode implied 1 MB)", () => {
    const v8 = fakeV8();
    compactOldGenerationPeriodically(2, v8);
    for (let i = 0; i < 4; i++) v8.collect();
    expect(v8.flags).toEqual([MEMORY_SAVING_ON, MEMORY_SAVING_OFF, MEMORY_SAVING_ON, MEMORY_SAVING_OFF]);
    expect(MEMORY_SAVING_OFF.split(' ')).toEqual(['--no-optimize-for-size', '--max-semi-space-size=0']);
  });

  it('old-generation-compaction-stop-leaves-v8-saving-off: stopped while the next collection was to save memory, V8 is back to its own mode and unwatched', () => {
    const v8 = fakeV8();
    const compaction = compactOldGenerationPeriodically(2, v8);
    v8.collect();
    expect(v8.saving).toBe(true);
    compaction.stop();
    expect(v8.saving).toBe(false);
    expect(v8.listening()).toBe(false);
  });
});

// BENCH_ALLOC_PROF=FILE: V8's sampling heap profiler over the measured run, counting objects the
// scavenger and the mark-compactor already collected too, so the profile is where the run allocates
// (its garbage), not only what stays alive. Written as a .heapprofile (Chrome DevTools opens it).

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export interface AllocationSampling {
  stop(): Promise<void>;
}

export async function startAllocationSampling(file: string): Promise<AllocationSampling> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    stop: async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

// The scheduler slice of this process's threads, as Linux 6.12 on shows it (`se.slice` in each thread's
// `sched` file): tests of the threads that ask for short slices (lib/short-slice.ts).

import { readdirSync, readFileSync } from 'node:fs';

/** A thread's scheduler slice in ns from its `sched` file, or undefined. */
export function sliceIn(schedFile: string): number | undefined {
  const line = readFileSync(schedFile, 'utf8').split('\n').find((l) => l.startsWith('se.slice'));
  return line === undefined ? undefined : Number(line.split(':')[1]);
}

/** Each thread of this process with its scheduler slice in ns. */
export function threadSlices(): Map<string, number> {
  const slices = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const ns = sliceIn(`/proc/self/task/${tid}/sched`);
      if (ns !== undefined) slices.set(tid, ns);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return slices;
}

export const kernelShowsSlices = (): boolean => process.platform === 'linux' && threadSlices().size > 0;

// The old generation's headroom for a steady app. After each full collection V8 lets the old generation
// grow to a multiple of what survived before the next one (up to 4x, picked from how fast it collects
// against how fast the app allocates): for a terminal with ~20 MB live that is 20-40 MB of dead objects
// resident at the top of each saw-tooth. A fixed growth of a quarter keeps the top low; the next full
// collection comes sooner, and it is cheap on a heap this small (its marking runs beside the app).
// V8 reads the flag at every collection, so it can be set while the app runs (measured).

import { setFlagsFromString } from 'node:v8';

/** Growth allowed between full collections, in percent of what survived the last one. */
export const OLD_GENERATION_GROWTH_PERCENT = 25;

export function limitOldGenerationGrowth(percent = OLD_GENERATION_GROWTH_PERCENT, setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags(`--heap-growing-percent=${percent}`);
}

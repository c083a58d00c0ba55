// A CPU figure is read from the median of a few probes of one scenario, not from one. A 2-core VM's speed moves
// within minutes: on one commit the busy book's 10 s probe read 20.9 to 29.4 % of a core within hours, and the
// whole runs' 10 s probe of the busy book with a TWAP read 22.1 to 32.8 %. One probe measured that minute's VM.

import type { Figures } from './probe-types.js';

/**
 * The run whose `by` is the median of `runs`, all its figures together (a frame rate and a CPU share from
 * one run), with the lowest and highest `by` of the runs beside it (`<by>_min`, `<by>_max`).
 */
export function medianRun(runs: readonly Figures[], by = 'cpu_pct'): Figures {
  const measured = runs.filter((r) => Number.isFinite(r[by]));
  if (measured.length === 0) throw new Error(`no run has ${by}`);
  const sorted = [...measured].sort((a, b) => a[by]! - b[by]!);
  // An even count takes the lower middle: a figure some run measured, never a mean of two.
  const middle = sorted[(sorted.length - 1) >> 1]!;
  return { ...middle, [`${by}_min`]: sorted[0]![by]!, [`${by}_max`]: sorted.at(-1)![by]! };
}

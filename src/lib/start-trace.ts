// Where start-up time goes, for the bench: with PERPL_START_TRACE=FILE each named step appends
// "name ms" (ms since the process began) to FILE. Off, a mark costs one env lookup.

import { appendFileSync } from 'node:fs';

export function markStart(step: string): void {
  const file = process.env.PERPL_START_TRACE;
  if (!file) return;
  try {
    appendFileSync(file, `${step} ${performance.now().toFixed(1)}\n`);
  } catch {
    // A trace that cannot be written must never stop the terminal.
  }
}

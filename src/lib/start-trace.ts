// Where start-up time goes, for the bench: with PERPL_START_TRACE=FILE each named step appends
// "name ms" (ms since the process began) to FILE. Off, a mark costs one env lookup.

import { appendFileSync } from 'node:fs';

/** Tracing is on: a caller with work of its own to find a step (a check per frame) does it only then. */
export function startTraceOn(): boolean {
  return Boolean(process.env.PERPL_START_TRACE);
}

/** `atMs`: ms since the process began, for a worker thread (whose own clock began with it). */
export function markStart(step: string, atMs?: number): void {
  const file = process.env.PERPL_START_TRACE;
  if (!file) return;
  try {
    appendFileSync(file, `${step} ${(atMs ?? performance.now()).toFixed(1)}\n`);
  } catch {
    // A trace that cannot be written must never stop the terminal.
  }
}

// Counts the bytes written to the terminal into a perf meter by wrapping the stream's write; Ink's paint
// times come through its public `onRender` option instead (render.ts), so nothing here touches Ink.

import type { PerfMeter } from './perf-meter.js';

export interface WritableLike {
  write: NodeJS.WriteStream['write'];
}

/**
 * Counts every byte written to `stdout` into the meter; returns the undo. The undo puts the original
 * back when the wrapper is still the one installed, and otherwise turns the wrapper into a pass-through.
 */
export function meterWrites(stdout: WritableLike, meter: PerfMeter): () => void {
  const original = stdout.write;
  let active = true;
  const wrapped = function (this: unknown, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    if (active) meter.writing();
    const ok = (original as (...a: unknown[]) => boolean).call(stdout, chunk, ...rest);
    if (active) meter.wrote(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength);
    return ok;
  } as NodeJS.WriteStream['write'];
  stdout.write = wrapped;
  return () => {
    active = false;
    if (stdout.write === wrapped) stdout.write = original;
  };
}

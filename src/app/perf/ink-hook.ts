// Hooks a perf meter onto a mounted Ink app without changing how it is mounted: Ink keeps its instance
// per stdout in a module-private map and reads `options.onRender` on every paint, so setting that
// option afterwards reports each render; the stdout write is wrapped to count bytes.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inkInstances as loadedInkInstances } from './ink-internals.js';
import type { PerfMeter } from './perf-meter.js';

interface InkInstanceLike {
  options: { onRender?: (metrics: { renderTime: number }) => void };
}

interface InstancesModule {
  default: WeakMap<object, InkInstanceLike>;
}

/** Ink's instance map (not exported by the package: loaded by file, which is the same module). */
async function inkInstances(): Promise<WeakMap<object, InkInstanceLike>> {
  const entry = createRequire(import.meta.url).resolve('ink');
  const mod = (await import(pathToFileURL(join(dirname(entry), 'instances.js')).href)) as InstancesModule;
  return mod.default;
}

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

/** Reports every Ink render of the app mounted on `stdout` to the meter. False when not found. */
export async function meterInkRenders(stdout: object, meter: PerfMeter): Promise<boolean> {
  const instance = (await inkInstances()).get(stdout);
  if (!instance) return false;
  const previous = instance.options.onRender;
  instance.options.onRender = (metrics) => {
    previous?.(metrics);
    meter.paintRendered(metrics.renderTime);
  };
  return true;
}

/**
 * meterInkRenders, synchronously (Ink's modules already loaded by ink-internals.ts), with an undo that
 * restores the app's own onRender. Null when no Ink app is mounted on `stdout`.
 */
export function meterInkRendersNow(stdout: object, meter: PerfMeter): (() => void) | null {
  const instance = loadedInkInstances.get(stdout) as InkInstanceLike | undefined;
  if (!instance) return null;
  const previous = instance.options.onRender;
  let active = true;
  const hook = (metrics: { renderTime: number }): void => {
    previous?.(metrics);
    if (active) meter.paintRendered(metrics.renderTime);
  };
  instance.options.onRender = hook;
  return () => {
    active = false;
    if (instance.options.onRender === hook) instance.options.onRender = previous;
  };
}

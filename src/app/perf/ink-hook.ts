// Hooks a perf meter onto a mounted Ink app without changing how it is mounted: Ink keeps its instance
// per stdout in a module-private map and reads `options.onRender` on every paint, so setting that
// option afterwards reports each render; the stdout write is wrapped to count bytes.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/** Counts every byte written to `stdout` into the meter; returns the undo. */
export function meterWrites(stdout: WritableLike, meter: PerfMeter): () => void {
  const original = stdout.write;
  const wrapped = function (this: unknown, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const ok = (original as (...a: unknown[]) => boolean).call(stdout, chunk, ...rest);
    meter.wrote(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength);
    return ok;
  };
  stdout.write = wrapped as NodeJS.WriteStream['write'];
  return () => {
    stdout.write = original;
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

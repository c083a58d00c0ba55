// A key never waits behind a whole paint. Ink paints in one synchronous run: the React commit, Yoga's
// layout, the draw into the grid and the frame's write. A key that arrives meanwhile waits for all of it
// before it is read, and so does the order it sends (issue 35). Here each heavy stage of a frame runs in its
// own turn of the event loop: after the commit the draw is put off with setImmediate, and after the draw
// the write, so the loop polls its sockets and stdin between them and a key that arrived (with its order,
// whose journal line and send are synchronous from the key) goes first. Coalesced: a stage asked for again
// before it ran runs once, with the latest frame; unmount flushes a put-off write (Ink's own throttle API),
// so the last frame still leaves before the terminal is restored.

import type { EventEmitter } from 'node:events';
import { wrapPaintStages, type PaintStage } from './ink-port.js';

/** Runs `stage` in a later turn of the event loop, once however often asked before it ran. */
function putOff(stage: () => void): () => void {
  let asked = false;
  const run = (): void => {
    asked = false;
    stage();
  };
  return () => {
    if (asked) return;
    asked = true;
    setImmediate(run);
  };
}

/** `write` put off to a later turn, the latest frame kept; flush writes it now, cancel drops it. */
function putOffWrite(write: PaintStage): PaintStage {
  let pending: string | null = null;
  const run = (): void => {
    if (pending === null) return;
    const frame = pending;
    pending = null;
    write(frame);
  };
  const later = putOff(run);
  const stage: PaintStage = (frame) => {
    pending = frame;
    later();
  };
  stage.flush = () => {
    run();
    write.flush?.();
  };
  stage.cancel = () => {
    pending = null;
    write.cancel?.();
  };
  return stage;
}

export interface PaintYieldOptions {
  /**
   * Ink's own resize handler is in place (not frames/resize-repaint.ts): it draws a resize at once, after it
   * cleared the screen when narrower, so its frame is written in the same turn (this listener runs after
   * Ink's) and no turn passes between the clear and the frame. Default true.
   */
  flushOnResize?: boolean;
}

/** Makes the Ink app mounted on `stdout` yield to input between the stages of a paint. False when none is mounted there. */
export function installPaintYields(stdout: object, { flushOnResize = true }: PaintYieldOptions = {}): boolean {
  let write: PaintStage | null = null;
  const installed = wrapPaintStages(stdout, { draw: putOff, write: (stage) => (write = putOffWrite(stage)) });
  const events = stdout as Partial<EventEmitter>;
  if (installed && flushOnResize && typeof events.on === 'function') events.on('resize', () => write?.flush?.());
  return installed;
}

// A key never waits behind a whole paint. Ink paints in one synchronous run: the React commit, Yoga's
// layout, the draw into the grid and the frame's write. A key that arrives meanwhile waits for all of it
// before it is read, and so does the order it sends (issue 35). Here the draw after a commit is put off
// with setImmediate: the loop polls its sockets and stdin between the commit and the draw, so a key that
// arrived during the commit (with its order, whose journal line and send are synchronous from the key)
// goes first. The frame's write stays in the draw's turn: a row diff is small (p50 0.06 ms at 200x50), and
// a turn of its own cost a whole loop iteration (the due timers, then every socket read) before the frame
// left: 0.1-0.2 ms of main-thread CPU per frame at 5,000 updates/s (issue 35, round three).
// Coalesced: a draw asked for again before it ran runs once, with the latest tree.

import { wrapDrawStage } from './ink-port.js';

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

/** Makes the Ink app mounted on `stdout` yield to input between a commit and its draw. False when none is mounted there. */
export function installPaintYields(stdout: object): boolean {
  return wrapDrawStage(stdout, putOff);
}

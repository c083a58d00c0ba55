// A resize shows neither a blank screen nor an old layout. Ink's own resize handler clears a narrower screen
// at once (a write of its own), then draws the tree as it stands and writes that in a later write: the
// terminal shows a blank screen, then the layout of the old size cut to the new width, and only tens of ms
// later the frame of the new size. The app learns the size from the same 'resize' event, and React commits
// its re-render a turn or more later (measured: not within the event), so any frame drawn before that commit
// is laid out for the old size. In its place: nothing is written on the resize, and frames are held from
// the resize (a drawn frame still waiting for its write dropped) until React's next commit; that commit's
// frame goes out through the row-diff writer, which after a size change erases the screen and paints the
// frame whole: the erase and the frame of the new size in one write.

import { replaceResizeHandler } from './ink-port.js';

/** Should no commit follow a resize (an app that does not re-render for its size), the tree is drawn as it stands after this. */
const COMMIT_WAIT_MS = 100;

/** Makes the Ink app mounted on `stdout` repaint a resize as above. Needs the row-diff writer. False when none is mounted there. */
export function installResizeRepaint(stdout: object): boolean {
  let fallback: NodeJS.Timeout | null = null;
  return replaceResizeHandler(stdout, {
    resized(ink) {
      ink.holdFrames();
      if (fallback) clearTimeout(fallback);
      fallback = setTimeout(() => {
        fallback = null;
        ink.writeFrames();
        ink.draw();
      }, COMMIT_WAIT_MS);
      fallback.unref();
    },
    committed(ink) {
      if (!fallback) return;
      clearTimeout(fallback);
      fallback = null;
      ink.writeFrames();
    },
  });
}

// Puts the row-diff frame writer (row-diff-log.ts) in place of Ink's on a mounted app, synchronously,
// so no second full frame goes out through Ink's writer after mounting.

import { inkInstances } from './ink-internals.js';
import { createRowDiffLog, type RowDiffLog, type RowDiffOptions, type RowStream } from './row-diff-log.js';

interface InkInstanceInternals {
  log: RowDiffLog;
  lastOutputToRender?: string;
}

/**
 * Swaps the frame writer of the Ink app mounted on `stdout` for the row-diff one, continuing from the
 * frame already on screen. False when no Ink app is mounted there (nothing changes).
 */
export function installRowDiffWriter(stdout: RowStream & object, opts: Pick<RowDiffOptions, 'transform'> = {}): boolean {
  const instance = inkInstances.get(stdout) as InkInstanceInternals | undefined;
  if (!instance) return false;
  // Ink has painted (and hidden the cursor) when it mounted: start from that frame.
  const log = createRowDiffLog(stdout, { ...opts, cursorHidden: true });
  log.sync(instance.lastOutputToRender ?? '');
  instance.log = log;
  return true;
}

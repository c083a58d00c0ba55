// Where `--record FILE` writes: a new private file, never one another user made first (a 0666 file in a
// shared folder stayed readable by them) or still holds open. Checked by the CLI before the screen opens,
// and again when the recorder opens the file.

import { checkWritablePath, createPrivateFile, FileRefusal } from '../../lib/checked-file.js';
import { InputError } from '../../protocol/errors.js';

function refusedAs<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (cause) {
    if (cause instanceof FileRefusal) throw new InputError(`--record: ${path} ${cause.reason}: not recorded over`, { hint: 'choose a new file, or remove that one first' });
    throw cause;
  }
}

/** Refuses a path whose file is not this user's alone (another user's, writable by others, a link or a FIFO). */
export function checkRecordingPath(path: string): void {
  refusedAs(path, () => checkWritablePath(path));
}

/** The recording's file descriptor: a fresh 0600 file renamed over what was at `path` (see checkRecordingPath). */
export function openRecordingFile(path: string): number {
  return refusedAs(path, () => createPrivateFile(path));
}

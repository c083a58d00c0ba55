// Files read or written where other users may reach them (a shared /tmp, a folder the user named): a
// file is opened without waiting (a FIFO is refused, never waited on) and judged on what was opened
// (fstat), so nothing can be swapped in between the check and the read. A file the program trusts or
// writes into is never one another user owns or may write: they could have planted it, or hold it open.
// Imports no layer: a refusal is a FileRefusal, which each caller words as its own error.

import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Why a file was not read or written, in words that follow its path ("is a FIFO, not a regular file"). */
export class FileRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** What a file that is not a regular file is, in words. */
export function fileKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isDirectory()) return 'a folder';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** "64 KiB", "16 MiB": a byte limit as a person reads it. */
export function byteSize(bytes: number): string {
  if (bytes > 0 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  return bytes > 0 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

function currentUid(): number | undefined {
  return process.getuid?.();
}

/**
 * Why a file is not this user's alone: it belongs to another user (root included: a file root did not
 * make is not root's either), or group or others may write to it. Null when it is ours and only we write it.
 */
export function notOwnReason(st: Stats, uid: number | undefined = currentUid()): string | null {
  if (uid !== undefined && st.uid !== uid) return `belongs to uid ${st.uid}, not to this user (${uid})`;
  if (uid !== undefined && (st.mode & 0o022) !== 0) return `has mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}: other users may write to it`;
  return null;
}

export interface ReadCheckedOptions {
  /** Larger files are refused before a byte is read. */
  maxBytes: number;
  /** Also refuse a file another user owns or may write (notOwnReason). */
  ownOnly?: boolean;
}

/** The bytes of a regular file of at most `maxBytes`, or null when there is no file. Throws FileRefusal. */
export function readCheckedFile(path: string, opts: ReadCheckedOptions): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new FileRefusal(code === 'EACCES' ? 'is not readable by this user' : `cannot be read (${code ?? 'error'})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new FileRefusal(`is ${fileKind(st)}, not a regular file`);
    if (st.size > opts.maxBytes) throw new FileRefusal(`is larger than ${byteSize(opts.maxBytes)}`);
    const foreign = opts.ownOnly === true ? notOwnReason(st) : null;
    if (foreign !== null) throw new FileRefusal(foreign);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuses what is at `path` before the program writes there: anything but a regular file (a symbolic
 * link included: it could point anywhere), and a file another user owns or may write. Nothing there is fine.
 */
export function checkWritablePath(path: string): void {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new FileRefusal(`cannot be checked (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!st.isFile()) throw new FileRefusal(`is ${fileKind(st)}, not a regular file`);
  const foreign = notOwnReason(st);
  if (foreign !== null) throw new FileRefusal(foreign);
}

/** A new empty file beside `path`, born 0600 (O_EXCL: never one someone else made first): its name and fd. */
function freshFileBeside(path: string): { temp: string; fd: number } {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  return { temp, fd: openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600) };
}

/**
 * A new private file at `path`, open for writing: made fresh beside it, then renamed over `path` at once.
 * An old file there is replaced, never reused: whoever held it open keeps the old one and sees nothing
 * written now. Returns the fd (the caller closes it).
 */
export function createPrivateFile(path: string): number {
  checkWritablePath(path);
  const { temp, fd } = freshFileBeside(path);
  try {
    renameSync(temp, path);
    return fd;
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
}

/** Writes `text` to `path` as a new private file: a reader sees the old text or the new, whole, never half. */
export function writePrivateFile(path: string, text: string): void {
  checkWritablePath(path);
  const { temp, fd } = freshFileBeside(path);
  try {
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

// The threads Node's platform starts with the process: V8's platform workers (its GC helpers, shared by every
// isolate), its delayed-task thread, the inspector's signal thread, and libuv's thread pool when loading the
// modules started it. Noted when the entry starts, before the app starts a thread of its own (the key thread,
// the local exchange): every thread but the main one. Node 20 leaves them unnamed (22 on calls them V8Worker,
// DelayedTaskScheduler, SignalInspector, libuv-worker), so they are known by when.

import { readdirSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

let noted: readonly number[] = [];

/** Notes the process's threads but the main one (on Linux, on the main thread); `list` gives them instead (tests). */
export function notePlatformThreads(list?: () => readonly string[]): void {
  if (list === undefined && (process.platform !== 'linux' || !isMainThread)) return;
  try {
    noted = (list ?? (() => readdirSync('/proc/self/task')))()
      .map(Number)
      .filter((tid) => Number.isInteger(tid) && tid > 0 && tid !== process.pid);
  } catch {
    noted = [];
  }
}

/** The thread ids notePlatformThreads noted (none before it ran). */
export const platformThreads = (): readonly number[] => noted;

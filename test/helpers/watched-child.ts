// A spawned child process whose output a test reads: stdout and stderr collected, the exit code as a
// promise, and a wait for a line on stdout that fails at once if the child exits first.

import type { ChildProcess } from 'node:child_process';

export interface WatchedChild {
  /** Everything the child wrote to stdout so far. */
  readonly out: string;
  /** Everything the child wrote to stderr so far. */
  readonly err: string;
  readonly exited: Promise<number | null>;
  /** Resolves once stdout satisfies `ready`; rejects (with stderr) if the child exits before. */
  untilOut(ready: (out: string) => boolean, what: string): Promise<void>;
}

export function watchChild(child: ChildProcess): WatchedChild {
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    exited,
    untilOut(ready, what) {
      return new Promise<void>((resolve, reject) => {
        if (ready(out)) return resolve();
        child.stdout?.on('data', () => {
          if (ready(out)) resolve();
        });
        void exited.then((code) => reject(new Error(`exited ${code} before ${what}: ${err}`)));
      });
    },
  };
}

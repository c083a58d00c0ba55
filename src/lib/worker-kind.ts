// Which of the terminal's worker threads this is: they all run the CLI's entry file, which asks first.

import { parentPort, workerData } from 'node:worker_threads';

/** The key thread's kind (app/key-thread.ts). */
export const KEY_THREAD = 'perpl-key-thread';

/** True in a worker thread started with workerData `{ kind }`. */
export function isWorkerOf(kind: string): boolean {
  return parentPort !== null && (workerData as { kind?: unknown } | null)?.kind === kind;
}

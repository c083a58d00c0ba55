// The terminal's own local exchange (`perpl` with no network) on a worker thread of the same process:
// its code loads, its engine fills its books and its flow runs on the second core while the main thread
// loads the screen and paints, instead of in front of the first live frame. It is still the in-process
// exchange (it lives and dies with the terminal). The worker runs the CLI's own entry file, which hands
// over to runLocalExchangeThread when it finds LOCAL_EXCHANGE_THREAD in its workerData.

import { Worker, parentPort, workerData } from 'node:worker_threads';
import { markStart } from '../lib/start-trace.js';
import { removeDemoFiles } from '../sim/server/demo-key-file.js';

export const LOCAL_EXCHANGE_THREAD = 'perpl-local-exchange';

/** What the terminal needs of its local exchange (app/tui.ts). */
export interface LocalSim {
  rest: string;
  ws: string;
  chainId: number;
  demoKeyFile: string;
  /** Its port's key files (the demo key, its wallets): stop() removes them. */
  keyFiles: readonly string[];
  /**
   * The context document as GET /v1/pub/context answered it when the exchange was ready (JSON text): the
   * terminal's first context comes with the exchange, over the thread's port, not over HTTP (no fetch, no
   * undici, before the first frame). Decoded as the REST answer is.
   */
  firstContext?: string;
  stop(): Promise<void>;
}

type FromThread =
  | { kind: 'ready'; rest: string; ws: string; chainId: number; demoKeyFile: string; keyFiles: readonly string[]; context: string }
  | { kind: 'failed'; message: string }
  | { kind: 'stopped' };

/** The exchange the terminal starts in-process: its port's own key files, removed when it stops. */
export async function startLocalSim(home: string | undefined): Promise<LocalSim> {
  // Loaded only for the local network, so remote sessions do not pay for the exchange's code.
  const { startSim } = await import('../sim/index.js');
  // Its key files are its port's own (never local-demo.json, which a `perpl sim` beside it may own) and go with it.
  const sim = await startSim({ port: 0, quiet: true, defaultDemoKey: false, removeDemoKeyOnStop: true, ...(home ? { home } : {}) });
  return { rest: sim.rest, ws: sim.ws, chainId: sim.chainId, demoKeyFile: sim.demoKeyFile, keyFiles: sim.ownFiles, firstContext: sim.contextText(), stop: () => sim.stop() };
}

/** True in the worker thread startLocalSimThread started (the CLI entry checks it first). */
export function isLocalExchangeThread(): boolean {
  return parentPort !== null && (workerData as { kind?: unknown } | null)?.kind === LOCAL_EXCHANGE_THREAD;
}

/**
 * Starts startLocalSim on a worker thread running `entry` (the CLI's entry file; node flags: this
 * process's unless `execArgv`). Resolves once it listens; rejects with its error when it cannot start.
 */
export function startLocalSimThread(entry: string, home: string | undefined, execArgv?: string[]): Promise<LocalSim> {
  const worker = new Worker(entry, { workerData: { kind: LOCAL_EXCHANGE_THREAD, home }, argv: [], ...(execArgv ? { execArgv } : {}) });
  return new Promise<LocalSim>((resolve, reject) => {
    let stopped: (() => void) | null = null;
    let exited = false;
    const failed = (e: unknown): void => reject(e instanceof Error ? e : new Error(String(e)));
    worker.once('error', failed);
    worker.once('exit', (code) => {
      exited = true;
      failed(new Error(`the local exchange stopped before it listened (exit ${code})`));
      stopped?.();
    });
    // The process may end before the exchange stopped: a signal's quit is cut at its deadline (terminal/manners.ts),
    // and the worker dies with the process. Its key files (a live API key, wallet keys) must not outlive it.
    let keyFiles: readonly string[] = [];
    const removeKeyFiles = (): void => removeDemoFiles(keyFiles);
    worker.on('message', (m: FromThread) => {
      if (m.kind === 'failed') return failed(new Error(m.message));
      if (m.kind === 'stopped') {
        process.off('exit', removeKeyFiles);
        return void worker.terminate();
      }
      if (m.kind !== 'ready') return;
      keyFiles = m.keyFiles;
      process.once('exit', removeKeyFiles);
      // Running: an uncaught error in the exchange now crashes the terminal (its crash path restores the
      // screen), as it did when the exchange ran on the main thread.
      worker.off('error', failed);
      markStart('exchange-ready');
      let stopping: Promise<void> | null = null;
      resolve({
        rest: m.rest,
        ws: m.ws,
        chainId: m.chainId,
        demoKeyFile: m.demoKeyFile,
        keyFiles: m.keyFiles,
        ...(m.context ? { firstContext: m.context } : {}),
        stop: () =>
          (stopping ??= exited
            ? Promise.resolve()
            : new Promise<void>((done) => {
                stopped = done;
                worker.postMessage({ kind: 'stop' });
              })),
      });
    });
  });
}

/** The worker's side: starts the exchange, says where it listens, stops it (key files removed) when told. */
export async function runLocalExchangeThread(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { home } = workerData as { home?: string };
  let sim: LocalSim;
  try {
    sim = await startLocalSim(home);
  } catch (e) {
    port.postMessage({ kind: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies FromThread);
    port.close();
    return;
  }
  port.on('message', (m: { kind?: string }) => {
    if (m.kind !== 'stop') return;
    void sim
      .stop()
      .catch(() => undefined)
      .finally(() => {
        port.postMessage({ kind: 'stopped' } satisfies FromThread);
        port.close();
      });
  });
  port.postMessage({ kind: 'ready', rest: sim.rest, ws: sim.ws, chainId: sim.chainId, demoKeyFile: sim.demoKeyFile, keyFiles: sim.keyFiles, context: sim.firstContext ?? '' } satisfies FromThread);
}

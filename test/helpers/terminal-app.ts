// Runs the whole terminal app (app/tui.ts: store, publisher, session, Ink screen, terminal manners)
// in-process against a virtual terminal and a running local exchange.

import type { TuiHandle, TuiOptions } from '../../src/app/tui.js';
import { startTui } from '../../src/app/tui.js';
import type { LocalEndpoint } from '../../src/protocol/networks.js';
import { createVirtualTerminal, type VirtualTerminal } from './terminal.js';

export interface RunningApp {
  vt: VirtualTerminal;
  app: TuiHandle;
  /** Quits (if still running) and frees the emulator. */
  close(): Promise<void>;
}

export async function runAppInTerminal(local: LocalEndpoint, cols: number, rows: number, market?: string, extra: Partial<TuiOptions> = {}): Promise<RunningApp> {
  const vt = createVirtualTerminal(cols, rows);
  const app = await startTui({
    local,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
    ...(market ? { market } : {}),
    ...extra,
  });
  return {
    vt,
    app,
    async close() {
      await app.quit();
      vt.dispose();
    },
  };
}

// The setup most screen tests share: one local exchange per test file, in a fresh temporary home
// (started before the file's tests, stopped and removed after them), and the app a test opens against
// it, closed after that test whether it passed or not.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TuiOptions } from '../../src/app/tui.js';
import type { LocalEndpoint } from '../../src/protocol/networks.js';
import { startSim, type RunningSim, type SimOptions } from '../../src/sim/index.js';
import { runAppInTerminal, type RunningApp } from './terminal-app.js';

export interface ScreenExchange {
  /** The running exchange (from beforeAll on). */
  readonly sim: RunningSim;
  /** The exchange's home, also the app's home unless a test gives another. */
  readonly home: string;
  /** The app's endpoint for this exchange. */
  local(): LocalEndpoint;
  /** Runs the app against the exchange; it is closed after the current test. */
  open(cols: number, rows: number, market?: string, extra?: Partial<TuiOptions>): Promise<RunningApp>;
}

/** Registers the file's hooks; call at the top of a test file. `homePrefix` names the temp folder. */
export function useScreenExchange(homePrefix: string, options: Omit<SimOptions, 'port' | 'home' | 'quiet'>): ScreenExchange {
  let sim: RunningSim | undefined;
  let home: string | undefined;
  let running: RunningApp | null = null;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), homePrefix));
    sim = await startSim({ like: 'classic', port: 0, home, quiet: true, ...options });
  });

  afterAll(async () => {
    await sim?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  afterEach(async () => {
    await running?.close();
    running = null;
  });

  const started = (): RunningSim => {
    if (!sim) throw new Error('the local exchange starts in beforeAll');
    return sim;
  };

  return {
    get sim() {
      return started();
    },
    get home() {
      if (!home) throw new Error('the home is made in beforeAll');
      return home;
    },
    local() {
      const s = started();
      return { rest: s.rest, ws: s.ws, chainId: s.chainId };
    },
    async open(cols, rows, market, extra) {
      running = await runAppInTerminal(this.local(), cols, rows, market, extra);
      return running;
    },
  };
}

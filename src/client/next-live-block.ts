// The wait for the next live block boundary: what a position shows after an order is judged there, never right
// after the order's outcome (a block's position rows, mt 27, come after its order rows, mt 24). Panic judges
// each close by it; the resize with an order reads the position's new size by it.

import { realTimers, type Timers } from '../lib/timers.js';
import type { TradingSession } from './trading/session.js';

export interface BlockWaitOptions {
  /** Longest wait for a live block (default 10 s). */
  blockWaitMs?: number;
  /** The clock of that wait (default the real one). */
  timers?: Timers;
}

const DEFAULT_BLOCK_WAIT_MS = 10_000;

/** Resolves true at the next live block boundary (a heartbeat after the current head), false after the wait. */
export function nextLiveBlock(session: TradingSession, opts: BlockWaitOptions): Promise<boolean> {
  const from = session.head ?? 0;
  const timers = opts.timers ?? realTimers;
  return new Promise((resolve) => {
    let unsubscribe: () => void = () => undefined;
    const timer = timers.setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, opts.blockWaitMs ?? DEFAULT_BLOCK_WAIT_MS);
    timer.unref();
    unsubscribe = session.on({
      heartbeat: (head) => {
        if (head <= from || session.health() !== 'live') return;
        timers.clearTimeout(timer);
        unsubscribe();
        resolve(true);
      },
    });
  });
}

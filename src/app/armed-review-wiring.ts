// Keeps the key thread's armed order (issue 35) the order the open review's `y` would send: after every
// store write (a publish, a key) and, while one is armed, often enough to renew its short arm. A screen
// thread too busy to run this lets the arm lapse (ARM_FOR_MS), so nothing is ever sent on a state it no longer checks.

import { ARM_FOR_MS } from '../client/trading/armed-order.js';
import type { TradingCommands } from '../domain/trading/commands.js';
import type { TerminalStore } from '../state/store.js';
import { armableReview } from '../ui/order-entry/send-check.js';

export function startArmedReview(store: TerminalStore, commands: Pick<TradingCommands, 'armReview'>, now: () => number = Date.now): () => void {
  let armed = false;
  const publish = (): void => {
    const order = armableReview(store.getState(), now());
    // Nothing open and nothing armed: the common case costs one mode check per store write.
    if (order === null && !armed) return;
    armed = order !== null;
    commands.armReview?.(order);
  };
  const off = store.subscribe(publish);
  const renew = setInterval(() => armed && publish(), ARM_FOR_MS / 2);
  renew.unref?.();
  publish();
  return () => {
    off();
    clearInterval(renew);
    armed = false;
    commands.armReview?.(null);
  };
}

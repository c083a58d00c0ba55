// A view of the store whose writes stop when its owner does: a trading side switched away from (app/
// account-switch.ts) may still have a REST page in flight, and its rows must never land in the next
// account's lists.

import type { TerminalStore } from './store.js';

/** `store`, with every write dropped once `stopped()` says so (reads go through). */
export function storeUntil(store: TerminalStore, stopped: () => boolean): TerminalStore {
  const write = store.setState as (...args: unknown[]) => void;
  const setState = ((...args: unknown[]) => {
    if (!stopped()) write(...args);
  }) as TerminalStore['setState'];
  return { ...store, setState };
}

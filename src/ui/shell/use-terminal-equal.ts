// Selects a slice and keeps handing back the previous value while the new one is equal by `same`, so the
// component does not re-render for a copy. The publisher writes fresh arrays of candles and trades on
// every tick (the session builds them from its models) even when their contents did not move.

import { useCallback, useRef } from 'react';
import { useStore } from 'zustand';
import type { TerminalState } from '../../state/store.js';
import { useTerminalStore } from './store-context.js';

export function useTerminalEqual<T>(selector: (state: TerminalState) => T, same: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | null>(null);
  const stable = useCallback(
    (state: TerminalState): T => {
      const next = selector(state);
      const prev = last.current;
      if (prev && (prev.value === next || same(prev.value, next))) return prev.value;
      last.current = { value: next };
      return next;
    },
    [selector, same],
  );
  return useStore(useTerminalStore(), stable);
}

/** Element-wise equality of two arrays by `sameItem`. */
export function sameArray<T>(sameItem: (a: T, b: T) => boolean): (a: readonly T[], b: readonly T[]) => boolean {
  return (a, b) => {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameItem(a[i] as T, b[i] as T)) return false;
    return true;
  };
}

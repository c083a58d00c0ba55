// Selects a slice and keeps handing back the previous value while the new one is equal by `same`, so the
// component does not re-render for a copy: the one "redraw only when the shown text changes" of the screen.
// The publisher writes fresh arrays of candles and trades on every tick (the session builds them from its
// models) even when their contents did not move; a view compared by its text (sameShown) keeps its words.

import { useCallback, useMemo } from 'react';
import { useStore } from 'zustand';
import { keepWhileEqual } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';
import { useTerminalStore } from './store-context.js';

export function useTerminalEqual<T>(selector: (state: TerminalState) => T, same: (a: T, b: T) => boolean): T {
  const keep = useMemo(() => keepWhileEqual(same), [same]);
  const stable = useCallback((state: TerminalState): T => keep(selector(state)), [selector, keep]);
  return useStore(useTerminalStore(), stable);
}

// A view's text as shown, its JSON. The memoised views hand back the same object while their slices are the
// same, so each is serialised once however many store writes ask.
const texts = new WeakMap<object, string>();

function shownText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(JSON.stringify(value));
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * Equal when they show the same text: with useTerminalEqual, a pane redraws only when what it shows changes,
 * not on every store write that leaves its words as they were (a mark tick that moves nothing shown).
 */
export const sameShown = (a: unknown, b: unknown): boolean => shownText(a) === shownText(b);

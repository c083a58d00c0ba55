// Hands the store, TerminalActions, the keymap in force and the palette to every pane without
// prop drilling (and without module-level state: a second screen in the same process has its own).

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import type { Keymap } from '../keys/keymap.js';

export const StoreContext = createContext<TerminalStore | null>(null);
export const ActionsContext = createContext<TerminalActions | null>(null);
export const KeymapContext = createContext<Keymap | null>(null);

export function useTerminalStore(): TerminalStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('TerminalStore missing: render inside <App>');
  return store;
}

/** Selects one slice; the component re-renders only when that slice changes (Object.is). */
export function useTerminal<T>(selector: (state: TerminalState) => T): T {
  return useStore(useTerminalStore(), selector);
}

export function useActions(): TerminalActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('TerminalActions missing: render inside <App>');
  return actions;
}

export function useKeymap(): Keymap {
  const keymap = useContext(KeymapContext);
  if (!keymap) throw new Error('Keymap missing: render inside <App>');
  return keymap;
}

// Hands the store and the command interface to every pane without prop drilling.

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { TerminalCommands } from '../state/commands.js';
import type { TerminalState, TerminalStore } from '../state/store.js';

export const StoreContext = createContext<TerminalStore | null>(null);
export const CommandsContext = createContext<TerminalCommands | null>(null);

export function useTerminalStore(): TerminalStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('TerminalStore missing: render inside <App>');
  return store;
}

/** Selects one slice; the component re-renders only when that slice changes (Object.is). */
export function useTerminal<T>(selector: (state: TerminalState) => T): T {
  return useStore(useTerminalStore(), selector);
}

export function useCommands(): TerminalCommands {
  const commands = useContext(CommandsContext);
  if (!commands) throw new Error('TerminalCommands missing: render inside <App>');
  return commands;
}

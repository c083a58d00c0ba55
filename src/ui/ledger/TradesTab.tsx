// The body of the Trades tab: its view (view.ts) drawn by the tabs' table. Opening it asks for the ledger
// once (an intent; the app does the I/O).

import { useEffect } from 'react';
import { useActions, useKeymap, useTerminal } from '../shell/store-context.js';
import { TabTable } from '../tabs/TabTable.js';
import type { TerminalState } from '../../state/store.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { tradesView } from './view.js';

export function TradesTab({ width, height, focused }: { width: number; height: number; focused: boolean }) {
  const keymap = useKeymap();
  const actions = useActions();
  const ledger = useTerminal((s) => s.ledger);
  useEffect(() => {
    if (ledger.loadedAtMs === null && !ledger.loading && ledger.error === null) actions.loadLedger();
  }, [ledger, actions]);
  const view = useTerminalEqual((s: TerminalState) => tradesView(keymap, s, width, height), sameShown);
  return <TabTable view={view} width={width} height={height} focused={focused} />;
}

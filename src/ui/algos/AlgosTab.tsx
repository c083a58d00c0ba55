// The Algos tab's body: its view (view.ts) drawn by the tabs' table.

import { useKeymap } from '../shell/store-context.js';
import { TabTable } from '../tabs/TabTable.js';
import type { TerminalState } from '../../state/store.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { algosView } from './view.js';

/** `width` x `height`: the trading pane's outer size. */
export function AlgosTab({ width, height, focused }: { width: number; height: number; focused: boolean }) {
  const keymap = useKeymap();
  const view = useTerminalEqual((s: TerminalState) => algosView(keymap, s, width, height), sameShown);
  return <TabTable view={view} width={width} height={height} focused={focused} />;
}

// The Open orders tab's body: its view (view.ts) drawn by the tabs' table; the orders' ages tick each second.

import { useKeymap } from '../shell/store-context.js';
import { useNow } from '../shell/use-now.js';
import { TabTable } from '../tabs/TabTable.js';
import type { TerminalState } from '../../state/store.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { openOrdersView } from './view.js';

/** `width` x `height`: the trading pane's outer size. */
export function OpenOrdersTab({ width, height, focused }: { width: number; height: number; focused: boolean }) {
  const keymap = useKeymap();
  // Open orders show their age: a whole-second clock (a redraw only when a shown age changes).
  const nowMs = Math.floor(useNow(1000) / 1000) * 1000;
  const view = useTerminalEqual((s: TerminalState) => openOrdersView(keymap, s, width, height, nowMs), sameShown);
  return <TabTable view={view} width={width} height={height} focused={focused} />;
}

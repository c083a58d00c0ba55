// The Positions tab's body: its view (view.ts) drawn by the tabs' table.

import { useKeymap } from '../shell/store-context.js';
import { TabTable } from '../tabs/TabTable.js';
import { useTabView } from '../tabs/use-tab-view.js';
import { positionsView } from './view.js';

/** `width` x `height`: the trading pane's outer size. */
export function PositionsTab({ width, height, focused }: { width: number; height: number; focused: boolean }) {
  const keymap = useKeymap();
  const view = useTabView((s) => positionsView(keymap, s, width, height));
  return <TabTable view={view} width={width} height={height} focused={focused} />;
}

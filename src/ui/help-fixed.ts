// Keys the trading code reads itself (ui/trading-keys.ts, ui/trading-tabs-keys.ts): listed by `?` so
// help is complete, but not remappable through the keymap table.

import type { PaneScope } from './keymap-table.js';

export interface FixedHelpEntry {
  keys: string;
  description: string;
  panes: PaneScope;
}

const TABS: PaneScope = ['trading'];

export const FIXED_HELP: readonly FixedHelpEntry[] = [
  { keys: 'b', description: 'order entry: buy / long', panes: 'all' },
  { keys: 's', description: 'order entry: sell / short', panes: 'all' },
  { keys: ':', description: 'command line: buy sell close cancel lev market tf bell theme alert', panes: 'all' },
  { keys: '! !', description: 'panic: cancel everything and close every position (confirm)', panes: 'all' },
  { keys: 'h l', description: 'previous / next trading tab', panes: TABS },
  { keys: 'j k g G', description: 'move the row selection', panes: TABS },
  { keys: 'c', description: 'cancel the selected order (confirm)', panes: TABS },
  { keys: 'C', description: 'cancel every order in this market (confirm)', panes: TABS },
  { keys: 'A', description: 'cancel every open order in every market (confirm)', panes: TABS },
  { keys: 'e', description: 'change (amend) the selected order', panes: TABS },
  { keys: 'x', description: 'close the selected position', panes: TABS },
  { keys: 'a', description: 'add collateral to the selected position', panes: TABS },
  { keys: 't', description: 'attach / edit TP-SL of the selected position', panes: TABS },
  { keys: 'm', description: 'fills and history: this market only / all markets', panes: TABS },
  { keys: 'v', description: 'history: orders / positions / account events', panes: TABS },
];

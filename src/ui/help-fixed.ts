// Keys of the open editors and confirms (order entry, review, confirms, the tabs' inline editor): they
// own the keyboard while open, so they are fixed rather than remappable. Listed by `?` so help is complete.

import type { PaneScope } from './keymap-table.js';

export interface FixedHelpEntry {
  keys: string;
  description: string;
  panes: PaneScope;
}

export const FIXED_HELP: readonly FixedHelpEntry[] = [
  { keys: 'Enter', description: 'order entry: review; in review y or Enter sends, Esc edits', panes: 'all' },
  { keys: 'y', description: 'in a confirm: yes (any other key cancels, the default)', panes: 'all' },
  { keys: 'Tab', description: 'on the : line: complete the command, an open order id, a market, a timeframe', panes: 'all' },
  { keys: 'Ctrl-U', description: 'clear the line of the tabs\' inline editor', panes: ['trading'] },
];

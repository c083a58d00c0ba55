// Whether the UI is taking typed text right now (market picker, help filter, `:` command line, order
// entry): then space and arrows belong to it, not to the replay keys.

import type { TerminalState } from '../state/store.js';

export function uiTakesText(s: TerminalState): boolean {
  return s.picker.open || s.workspace.help.open || s.tradingUi.commandLine !== null || s.tradingUi.entry !== null;
}

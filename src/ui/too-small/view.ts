// The too-small screen's view model: its height and lines (what to do, a confirm to answer when it fits
// whole, the notice). Memoised on the size, the confirm and the notice shown.

import { memoLast } from '../../lib/memo-last.js';
import { shownNotice } from '../../state/notice.js';
import type { TerminalState } from '../../state/store.js';
import { tooSmallHeight, tooSmallLines } from './lines.js';

export interface TooSmallView {
  height: number;
  lines: readonly string[];
}

const build = memoLast((cols: number, rows: number, confirm: TerminalState['tradingUi']['confirm'], notice: string | null): TooSmallView => ({
  height: tooSmallHeight(rows),
  lines: tooSmallLines(cols, rows, confirm, notice),
}));

export function tooSmallView(state: TerminalState, cols: number, rows: number): TooSmallView {
  return build(cols, rows, state.tradingUi.confirm, shownNotice(state));
}

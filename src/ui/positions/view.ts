// The Positions tab as it is drawn: its rows and columns, and a bottom line that says first why a mark is
// not live and what a position's TP/SL do not do, then the keys. Pure and memoised on the slices it reads:
// the pane draws it, and the position keys act on the row it selected (rows.ts).

import { protectionOf } from '../../domain/trading/protection.js';
import type { TerminalState } from '../../state/store.js';
import { memoBy } from '../../lib/memo-last.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeys } from '../tabs/footer.js';
import { marketLookup } from '../tabs/markets.js';
import { positionColumns, positionMarkNote, positionProtectionNote, protectionLookup } from './columns.js';
import { positionList } from './rows.js';

function build(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const inner = Math.max(0, width - 2);
  const { rows, index } = positionList(state);
  const markets = marketLookup(state);
  // Each position's TP/SL worked out once for the rows and the key line's note.
  const protection = protectionLookup((p) => protectionOf(p, state.trading.orders));
  return tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: (shown) => positionColumns(markets, protection, shown),
    none: 'no open positions',
    session: true,
    held: true,
    footer: () => {
      const prompt = promptLine(state, inner);
      if (prompt) return prompt;
      const keys = tabKeys(keymap, state);
      // A mark that is not live says why here, first: the row shows only "stale" or "—". Then what its TP/SL
      // do not do ("!liq", "(1/21)" on the row), in words.
      const notes = [positionMarkNote(rows, index, markets), positionProtectionNote(rows, index, markets, protection)].filter((n): n is string => n !== null);
      return notes.length > 0 ? { text: `${notes.join('  ·  ')}  ·  ${keys}`, tone: 'warn' } : { text: keys, tone: 'muted' };
    },
  });
}

/** The Positions tab's body for a pane `width` x `height`. */
export const positionsView = memoBy(tabBodySlices, build);

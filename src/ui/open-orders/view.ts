// The Open orders tab as it is drawn: its rows and columns, and a bottom line led, where a narrow pane cut
// the age or the pos column, by the selected order's age and a bracket leg's "waits for entry #…". Pure and
// memoised on the slices it reads and the clock's second: the pane draws it, the order keys act on its row.

import type { TerminalState } from '../../state/store.js';
import { memoBy } from '../../lib/memo-last.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeys } from '../tabs/footer.js';
import { marketLookup } from '../tabs/markets.js';
import { linkText, openOrderColumns, orderAge } from './columns.js';
import { openOrderList } from './rows.js';

function build(keymap: Keymap, state: TerminalState, width: number, height: number, nowMs: number): TabBodyView {
  const inner = Math.max(0, width - 2);
  const { rows, index } = openOrderList(state);
  const markets = marketLookup(state);
  const positionSize = (id: number) => state.trading.positions.find((p) => p.positionId === id)?.size;
  return tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: () => openOrderColumns(markets, positionSize, nowMs, state.msPerBlock),
    none: 'no open orders',
    session: true,
    held: true,
    footer: (header) => {
      const prompt = promptLine(state, inner);
      if (prompt) return prompt;
      const keys = tabKeys(keymap, state);
      // Where the age column does not fit (80 columns), the selected open order's age leads the key line;
      // where the pos column does not, a bracket leg's "waits for entry #…" does too.
      const order = rows[index];
      if (!order) return { text: keys, tone: 'muted' };
      const shown = (name: string) => header.some((c) => c.text.trim() === name);
      const waits = order.waitsForEntry && !shown('pos') ? linkText(order) : null;
      const age = shown('age') ? null : `age ${orderAge(order.placedMs, nowMs)}`;
      const lead = [waits, age].filter((t): t is string => t !== null);
      return { text: lead.length === 0 ? keys : `${lead.join('  ·  ')}  ·  ${keys}`, tone: 'muted' };
    },
  });
}

/** The Open orders tab's body for a pane `width` x `height` at `nowMs` (whole seconds: the ages). */
export const openOrdersView = memoBy((keymap: Keymap, state: TerminalState, width: number, height: number, nowMs: number) => [...tabBodySlices(keymap, state, width, height), nowMs], build);

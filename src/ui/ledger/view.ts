// The Trades tab as it is drawn: its round trips and a bottom line with the market filter, the trips and
// their summed net, whether the history read is complete, then the keys. Pure and memoised.

import { memoBy } from '../../lib/memo-last.js';
import { formatAtoms } from '../../protocol/scaling.js';
import type { TerminalState } from '../../state/store.js';
import type { Keymap } from '../keys/keymap.js';
import { tabBodySlices, tabBodyView, type TabBodyView } from '../tabs/body-view.js';
import { promptLine, tabKeys, type FooterLine } from '../tabs/footer.js';
import { marketLookup } from '../tabs/markets.js';
import { tradeColumns } from './columns.js';
import { tradeList } from './rows.js';

function footer(keymap: Keymap, state: TerminalState, width: number): FooterLine {
  const prompt = promptLine(state, width);
  if (prompt) return prompt;
  const { rows } = tradeList(state);
  const ledger = state.ledger;
  const scope = state.tabs.currentMarketOnly && state.market ? state.market.symbol : 'all markets';
  const net = rows.reduce((s, t) => s + t.netPnl, 0n);
  const sign = net > 0n ? '+' : net < 0n ? '-' : '';
  const status = ledger.loading ? 'loading…' : ledger.partial ? 'recent history only' : '';
  const words = [scope, `${rows.length} trip${rows.length === 1 ? '' : 's'}`, `net ${sign}${formatAtoms(net < 0n ? -net : net, 2)}`, status].filter((w) => w !== '');
  return { text: `${words.join('  ')}  ${tabKeys(keymap, state)}`, tone: 'muted' };
}

function build(keymap: Keymap, state: TerminalState, width: number, height: number): TabBodyView {
  const { rows, index } = tradeList(state);
  const markets = marketLookup(state);
  const nowMs = state.ledger.loadedAtMs ?? 0;
  const view = tabBodyView(state, width, height, {
    rows,
    selected: index,
    columns: () => tradeColumns(markets, nowMs),
    none: state.ledger.loading ? 'loading…' : state.ledger.error ? `could not load: ${state.ledger.error} (r retries)` : 'no trades',
    session: false,
    held: false,
    footer: () => footer(keymap, state, Math.max(0, width - 2)),
  });
  return view;
}

/** The Trades tab's body for a pane `width` x `height`. */
export const tradesView = memoBy((keymap: Keymap, state: TerminalState, width: number, height: number) => [...tabBodySlices(keymap, state, width, height), state.ledger], build);

// The account box's view model: its title, the "as of" marker while trading is not current (the figures
// then dimmed), the label / value lines with their tones, and the key it signs with when a row is free.
// Memoised on the slices it reads and the box's size.

import type { AccountView } from '../../domain/trading/views.js';
import type { GuardStatusView } from '../../domain/guards/guard-status.js';
import type { ConnectionView } from '../../domain/views.js';
import { memoLast } from '../../lib/memo-last.js';
import { marketDirectoryOf } from '../../domain/market-directory.js';
import type { TerminalState } from '../../state/store.js';
import { keyInUseLine } from '../format/key-lines.js';
import { fitText } from '../format/numbers.js';
import type { CellTone } from '../format/table.js';
import { fittedFreshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import { accountLineText, accountPanelInput, accountPanelLines } from './account-lines.js';

export interface AccountPaneView {
  title: string;
  /** "as of …" while the figures are the last received (they are drawn dimmed then); null when current. */
  marker: string | null;
  lines: readonly { label: string; labelTone?: CellTone; value: string; valueTone?: CellTone }[];
  /** The key in use, on the last row when one is free; null when the lines fill the box. */
  keyLine: string | null;
}

/** "Account #7", with the config's name and label when one is named: "Account main #7 · desk". */
function accountTitle(accountId: number | null, named: TerminalState['account']): string {
  const id = accountId === null ? '' : ` #${accountId}`;
  if (!named) return `Account${id}`;
  return `Account ${named.name}${id}${named.label ? ` · ${named.label}` : ''}`;
}

const build = memoLast(
  (enabled: boolean, account: AccountView | null, guards: GuardStatusView | null | undefined, health: ConnectionView | null, markets: TerminalState['markets'], tradingMarkets: TerminalState['trading']['markets'], keyInUse: TerminalState['keyInUse'], named: TerminalState['account'], width: number, height: number): AccountPaneView => {
    const inner = Math.max(0, width - 2);
    // "waiting for the account…" claims nothing current: no marker on it.
    const marker = account ? fittedFreshnessMarker(tradingFreshness(enabled, health), inner) : null;
    const input = accountPanelInput({ enabled, account, guards });
    const directory = marketDirectoryOf(markets, tradingMarkets);
    const rows = Math.max(0, height - 2 - (marker ? 1 : 0));
    const lines = accountPanelLines(input, (id) => directory.byId(id)).slice(0, rows).map((line) => {
      const { label, value } = accountLineText(line, inner);
      const labelTone = line.value.text === '' ? line.value.tone : 'muted';
      return { label, value, ...(labelTone ? { labelTone } : {}), ...(line.value.tone ? { valueTone: line.value.tone } : {}) };
    });
    return {
      title: accountTitle(input.kind === 'account' ? input.account.accountId : null, named),
      marker,
      lines,
      keyLine: lines.length < rows ? fitText(keyInUseLine(keyInUse), inner) : null,
    };
  },
);

/** The account box `width` x `height` cells (its border included). */
export function accountView(state: TerminalState, width: number, height: number): AccountPaneView {
  const { trading } = state;
  return build(trading.enabled, trading.account, trading.guards, trading.health, state.markets, trading.markets, state.keyInUse, state.account, width, height);
}

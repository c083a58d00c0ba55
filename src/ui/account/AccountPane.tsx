// The account box left of the trading tabs: equity, balance, available, margin used, uPnL, leverage,
// margin ratio and the nearest liquidation (ui/account/account-lines.ts), or why there is no account.

import { Text } from 'ink';
import { dim, paint } from '../shell/ansi.js';
import { accountLineText, accountPanelInput, accountPanelLines } from './account-lines.js';
import type { MarketLookup } from '../tabs/row-cells.js';
import { fittedFreshnessMarker, tradingFreshness } from '../status/trading-freshness.js';
import { keyInUseLine } from '../format/key-lines.js';
import { fitText } from '../format/numbers.js';
import { Pane } from '../shell/Pane.js';
import { marketsOf } from '../../state/store.js';
import { useTerminal } from '../shell/store-context.js';
import { TONE_COLOUR } from '../tabs/TabTable.js';
import { useTheme } from '../shell/theme.js';

export function AccountPane({ width, height }: { width: number; height: number }) {
  const enabled = useTerminal((s) => s.trading.enabled);
  const account = useTerminal((s) => s.trading.account);
  const inner = Math.max(0, width - 2);
  // While trading is not live the figures are the last received: dimmed under one "as of" line (the header says why in full).
  const fresh = tradingFreshness(enabled, useTerminal((s) => s.trading.health));
  // "waiting for the account…" claims nothing current: no marker on it.
  const marker = account ? fittedFreshnessMarker(fresh, inner) : null;
  const faint = (text: string): string => (marker ? dim(text) : text);
  const input = accountPanelInput({ enabled, account });
  const directory = useTerminal((s) => marketsOf(s));
  const lookup: MarketLookup = (id) => directory.byId(id);
  const theme = useTheme();
  const rows = Math.max(0, height - 2 - (marker ? 1 : 0));
  const lines = accountPanelLines(input, lookup).slice(0, rows);
  // The key it signs with, on the last row when one is free (`:key` says more).
  const keyLine = useTerminal((s) => keyInUseLine(s.keyInUse));
  const showKey = lines.length < rows;
  const title = input.kind === 'account' ? `Account #${input.account.accountId}` : 'Account';
  return (
    <Pane title={title} width={width} height={height}>
      {marker ? (
        <Text wrap="truncate">{paint(theme, marker, TONE_COLOUR.warn)}</Text>
      ) : null}
      {lines.map((line, i) => {
        const { label, value } = accountLineText(line, inner);
        const labelTone = line.value.text === '' ? line.value.tone : 'muted';
        return (
          <Text key={i} wrap="truncate">
            {faint(paint(theme, label, labelTone ? TONE_COLOUR[labelTone] : undefined))}
            {faint(paint(theme, value, line.value.tone ? TONE_COLOUR[line.value.tone] : undefined))}
          </Text>
        );
      })}
      {showKey ? <Text wrap="truncate">{paint(theme, fitText(keyLine, inner), TONE_COLOUR.muted)}</Text> : null}
    </Pane>
  );
}

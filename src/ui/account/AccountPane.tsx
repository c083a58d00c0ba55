// The account box left of the trading tabs: equity, balance, available, margin used, uPnL, leverage,
// margin ratio and the nearest liquidation (ui/account/account-lines.ts), or why there is no account.

import { Text } from 'ink';
import { dim, paint } from '../shell/ansi.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { TONE_COLOUR } from '../tabs/TabTable.js';
import { useTheme } from '../shell/theme.js';
import { accountView } from './view.js';

export function AccountPane({ width, height }: { width: number; height: number }) {
  const view = useTerminal((s) => accountView(s, width, height));
  const theme = useTheme();
  // While trading is not live the figures are the last received: dimmed under one "as of" line (the header says why in full).
  const faint = (text: string): string => (view.marker ? dim(text) : text);
  return (
    <Pane title={view.title} width={width} height={height}>
      {view.marker ? (
        <Text wrap="truncate">{paint(theme, view.marker, TONE_COLOUR.warn)}</Text>
      ) : null}
      {view.lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {faint(paint(theme, line.label, line.labelTone ? TONE_COLOUR[line.labelTone] : undefined))}
          {faint(paint(theme, line.value, line.valueTone ? TONE_COLOUR[line.valueTone] : undefined))}
        </Text>
      ))}
      {view.keyLine !== null ? <Text wrap="truncate">{paint(theme, view.keyLine, TONE_COLOUR.muted)}</Text> : null}
    </Pane>
  );
}

// Top of the screen: network badge, market, key scope, connection health, head block, the link's round-trip time;
// on wide terminals the market header shares the line, otherwise it gets the next one.

import { Box, Text } from 'ink';
import type { HeaderField } from './header.js';
import { useNow } from '../shell/use-now.js';
import { useTerminal } from '../shell/store-context.js';
import { KeyExpiry } from './KeyExpiry.js';
import { WatchStrip } from './WatchStrip.js';
import { toneBackground, toneColor, useTheme } from '../shell/theme.js';
import { statusBarView } from './view.js';

/** The fields as ui/status/view.ts fitted them, each followed by its gap (two cells, one when narrow). */
function HeaderFields({ fields, narrow = false }: { fields: HeaderField[]; narrow?: boolean }) {
  const theme = useTheme();
  return (
    <>
      {fields.map((f) => (
        <Text key={f.label}>
          <Text color={theme.muted}>{f.label} </Text>
          <Text color={f.direction === 'up' ? theme.up : f.direction === 'down' ? theme.down : undefined}>{f.value}</Text>
          <Text>{narrow ? ' ' : '  '}</Text>
        </Text>
      ))}
    </>
  );
}

export function StatusBar({ width, rows }: { width: number; rows: 1 | 2 }) {
  const theme = useTheme();
  const now = useNow(1000);
  const view = useTerminal((s) => statusBarView(s, now, width, rows));
  const { badge, health, trading, throttled, fields, narrow } = view;

  const right = (
    <Box flexShrink={0}>
      {throttled ? <Text color={toneColor(theme, 'warn')}>{`${throttled}  `}</Text> : null}
      <Text color={toneColor(theme, health.tone)}>{health.text}</Text>
      {trading ? <Text color={toneColor(theme, trading.tone)}>{`  ${trading.text}`}</Text> : null}
      {view.badFrames ? <Text color={toneColor(theme, 'warn')}>{view.badFrames}</Text> : null}
      <Text color={theme.muted}>{view.link}</Text>
      {view.readOnly ? <Text color={toneColor(theme, 'warn')} bold>{'  READ-ONLY'}</Text> : null}
      {view.lowBandwidth ? <Text color={toneColor(theme, 'info')} bold>{'  LB'}</Text> : null}
      <KeyExpiry />
      <Text> </Text>
    </Box>
  );

  const left = (
    <Box flexShrink={0}>
      <Text color={toneColor(theme, badge.tone)} backgroundColor={toneBackground(theme, badge.tone)} bold inverse={badge.tone !== 'loud'}>
        {badge.text}
      </Text>
      {view.account ? <Text color={toneColor(theme, 'info')} bold>{view.account}</Text> : null}
      <Text bold>{view.symbol}</Text>
    </Box>
  );

  if (rows === 1) {
    return (
      <Box width={width} height={1} flexDirection="row" overflow="hidden">
        {left}
        <Box flexGrow={1} flexShrink={1} overflow="hidden">
          <Text wrap="truncate">{fields ? <HeaderFields fields={fields} /> : null}</Text>
        </Box>
        <WatchStrip text={view.watch} />
        {right}
      </Box>
    );
  }
  return (
    <Box width={width} height={2} flexDirection="column" overflow="hidden">
      <Box width={width} height={1} flexDirection="row">
        {left}
        <Box flexGrow={1} overflow="hidden">
          <WatchStrip text={view.watch} />
        </Box>
        {right}
      </Box>
      <Box width={width} height={1} overflow="hidden">
        <Text wrap="truncate"> {fields ? <HeaderFields fields={fields} narrow={narrow} /> : <Text color={theme.muted}>waiting for market data</Text>}</Text>
      </Box>
    </Box>
  );
}

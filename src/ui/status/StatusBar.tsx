// Top of the screen: network badge, market, key scope, connection health, head block, the link's round-trip time;
// on wide terminals the market header shares the line, otherwise it gets the next one.

import { Box, Text } from 'ink';
import { fitHeaderFields, headerCells, shownHeaderFields, type HeaderField } from './header.js';
import { watchStripCells } from './watchlist.js';
import { useNow } from '../shell/use-now.js';
import { marketsOf } from '../../state/store.js';
import { useTerminal } from '../shell/store-context.js';
import { KeyExpiry } from './KeyExpiry.js';
import { WatchStrip } from './WatchStrip.js';
import { toneBackground, toneColor, useTheme } from '../shell/theme.js';
import { statusView } from './view.js';

/** Cells HeaderFields draws after every field, the last one included. */
const HEADER_GAP = 2;

function HeaderFields({ fields, narrow = false }: { fields: HeaderField[]; narrow?: boolean }) {
  const theme = useTheme();
  const shown = shownHeaderFields(fields, narrow);
  return (
    <>
      {shown.map((f) => (
        <Text key={f.label}>
          <Text color={theme.muted}>{f.label} </Text>
          <Text color={f.direction === 'up' ? theme.up : f.direction === 'down' ? theme.down : undefined}>{f.value}</Text>
          <Text>{narrow ? ' ' : '  '}</Text>
        </Text>
      ))}
    </>
  );
}

/** The header fields for `width` cells (the annualised funding rate only when the line has room). */
function useHeaderFields(width: number, narrow: boolean): HeaderField[] | null {
  const header = useTerminal((s) => s.header);
  const market = useTerminal((s) => s.market);
  const directory = useTerminal((s) => marketsOf(s));
  const publishedAt = useTerminal((s) => s.publishedAtMs);
  const now = useNow(1000);
  if (!header || !market) return null;
  const interval = directory.byId(market.id)?.fundingIntervalSec ?? null;
  const elapsed = Math.max(0, now - publishedAt);
  const nextFundingInMs = header.nextFundingInMs === null ? null : Math.max(0, header.nextFundingInMs - elapsed);
  return fitHeaderFields({ ...header, nextFundingInMs }, market, interval, width, narrow);
}

export function StatusBar({ width, rows }: { width: number; rows: 1 | 2 }) {
  const theme = useTheme();
  const now = useNow(1000);
  const view = useTerminal((s) => statusView(s, now, width));
  const { badge, health, trading, throttled, sideCells } = view;
  const market = useTerminal((s) => s.market);
  const watchlist = useTerminal((s) => s.workspace.watchlist);
  const narrow = rows === 2 && width < 110;
  // The header without its annualised funding (what it keeps when short of room) bounds the strip.
  const coreFields = useHeaderFields(0, narrow);
  const coreCells = coreFields ? headerCells(shownHeaderFields(coreFields, narrow), narrow) + 2 : 0;
  const watchCells = rows === 1 ? watchStripCells(watchlist, market?.symbol ?? null, width - sideCells - coreCells, width) : 0;
  // The header draws a gap after its last field too (HeaderFields): fitted without it, a header that just fits
  // loses its countdown's last cells and runs into the health badge.
  const fields = useHeaderFields(rows === 1 ? width - sideCells - watchCells - HEADER_GAP : width - 1, narrow);

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
        <WatchStrip width={watchCells} />
        {right}
      </Box>
    );
  }
  return (
    <Box width={width} height={2} flexDirection="column" overflow="hidden">
      <Box width={width} height={1} flexDirection="row">
        {left}
        <Box flexGrow={1} overflow="hidden">
          <WatchStrip width={Math.max(0, width - 64)} />
        </Box>
        {right}
      </Box>
      <Box width={width} height={1} overflow="hidden">
        <Text wrap="truncate"> {fields ? <HeaderFields fields={fields} narrow={narrow} /> : <Text color={theme.muted}>waiting for market data</Text>}</Text>
      </Box>
    </Box>
  );
}

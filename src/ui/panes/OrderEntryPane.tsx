// Order entry (b / s): the form, its inline reasons, the disabled reason and the review line.

import { Text } from 'ink';
import { entryContext, entryDisabledReason, entryPreview } from '../../state/order-entry-actions.js';
import { evaluateEntry } from '../../state/order-entry.js';
import { fitText } from '../format/numbers.js';
import { entryLines, type EntryLineTone } from '../format/order-entry-lines.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

function colorOf(tone: EntryLineTone): string | undefined {
  switch (tone) {
    case 'bad':
      return theme.down;
    case 'good':
      return theme.up;
    case 'up':
      return theme.up;
    case 'down':
      return theme.down;
    case 'focus':
      return theme.focus;
    case 'muted':
      return theme.muted;
    default:
      return undefined;
  }
}

export function OrderEntryPane({ width, height }: { width: number; height: number }) {
  // One selector over the whole state: the form depends on the book, the mark and the trading slice.
  const state = useTerminal((s) => s);
  const form = state.tradingUi.entry;
  if (!form) return null;
  const ctx = entryContext(state, form);
  const market = ctx.market;
  const title = `Order entry ${market?.symbol ?? ''} ${state.tradingUi.reviewing ? '— review' : ''}`;
  if (!market) {
    return (
      <Pane title={title} width={width} height={height} focused>
        <Text color={theme.down}>unknown market</Text>
      </Pane>
    );
  }
  const result = evaluateEntry(form, ctx);
  const preview = state.tradingUi.reviewing && result.intent ? entryPreview(state, result.intent) : null;
  const lines = entryLines({ form, result, market, reviewing: state.tradingUi.reviewing, preview, disabled: entryDisabledReason(state, form) });
  const inner = Math.max(0, width - 2);
  return (
    <Pane title={title} width={width} height={height} focused>
      {lines.slice(0, Math.max(0, height - 2)).map((l, i) => (
        <Text key={i} color={colorOf(l.tone)} wrap="truncate">
          {fitText(l.text, inner)}
        </Text>
      ))}
    </Pane>
  );
}

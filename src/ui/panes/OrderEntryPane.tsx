// Order entry (b / s): the form, its inline reasons, the disabled reason and the review. A change of a
// resting order (`e`, `:amend`) is reviewed here too, with the same review block.

import { Text } from 'ink';
import type { Market } from '../../protocol/frames.js';
import { entryContext, entryDisabledReason, entryPreview } from '../../state/order-entry-actions.js';
import { evaluateEntry } from '../../state/order-entry.js';
import { previewFor } from '../../state/order-review.js';
import type { TerminalState } from '../../state/store.js';
import { amendLines } from '../format/amend-review-lines.js';
import { fitText } from '../format/numbers.js';
import { entryLines, fitEntryLines, type EntryLine, type EntryLineTone } from '../format/order-entry-lines.js';
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

/** The title and lines of whatever the pane shows: a change under review, else the entry form. */
function paneContent(state: TerminalState, inner: number): { title: string; market: Market | undefined; lines: EntryLine[] } | null {
  const amend = state.tradingUi.amend;
  if (amend) {
    const market = state.trading.markets.find((m) => m.id === amend.marketId);
    const title = `Change order ${amend.orderId} ${market?.symbol ?? ''} — review`;
    return { title, market, lines: market ? amendLines({ review: amend, market, preview: previewFor(state, amend.after), width: inner }) : [] };
  }
  const form = state.tradingUi.entry;
  if (!form) return null;
  const ctx = entryContext(state, form);
  const market = ctx.market;
  const title = `Order entry ${market?.symbol ?? ''} ${state.tradingUi.reviewing ? '— review' : ''}`;
  if (!market) return { title, market, lines: [] };
  const result = evaluateEntry(form, ctx);
  const preview = state.tradingUi.reviewing && result.intent ? entryPreview(state, result.intent) : null;
  const position = state.trading.positions.find((p) => p.marketId === form.marketId) ?? null;
  const lines = entryLines({ form, result, market, reviewing: state.tradingUi.reviewing, preview, disabled: entryDisabledReason(state, form), position, width: inner });
  return { title, market, lines };
}

export function OrderEntryPane({ width, height }: { width: number; height: number }) {
  // One selector over the whole state: the form depends on the book, the mark and the trading slice.
  const state = useTerminal((s) => s);
  const inner = Math.max(0, width - 2);
  const content = paneContent(state, inner);
  if (!content) return null;
  if (!content.market) {
    return (
      <Pane title={content.title} width={width} height={height} focused>
        <Text color={theme.down}>unknown market</Text>
      </Pane>
    );
  }
  return (
    <Pane title={content.title} width={width} height={height} focused>
      {fitEntryLines(content.lines, Math.max(0, height - 2)).map((l, i) => (
        <Text key={i} color={colorOf(l.tone)} wrap="truncate">
          {fitText(l.text, inner)}
        </Text>
      ))}
    </Pane>
  );
}

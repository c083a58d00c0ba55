// Order entry (b / s): the form, its inline reasons, the disabled reason and the review. A change of a
// resting order (`e`, `:amend`) is reviewed here too, with the same review block.

import { Text } from 'ink';
import type { Market } from '../../protocol/frames.js';
import { entryCheck, entryContext } from './flow.js';
import { previewFor } from '../../state/order-review.js';
import { protectionAfterFill } from '../../state/order-review-protection.js';
import { marketsOf, type TerminalState } from '../../state/store.js';
import type { Palette } from '../shell/theme-palettes.js';
import { amendLines } from '../open-orders/amend-review-lines.js';
import { fitText } from '../format/numbers.js';
import { entryLines, type EntryLine, type EntryLineTone } from './entry-lines.js';
import { fitWrappedEntryLines, rowsNeeded } from './entry-lines-wrap.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { marketLabel } from '../../domain/market-label.js';

function colorOf(theme: Palette, tone: EntryLineTone): string | undefined {
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
    const market = marketsOf(state).configOf(amend.marketId);
    const title = `Change order ${amend.orderId} ${market ? marketLabel(market) : ''} — review`;
    return { title, market, lines: market ? amendLines({ review: amend, market, preview: previewFor(state, amend.after), width: inner }) : [] };
  }
  const form = state.tradingUi.entry;
  if (!form) return null;
  const ctx = entryContext(state, form);
  const market = ctx.market;
  const title = `Order entry ${market ? marketLabel(market) : ''} ${state.tradingUi.reviewing ? '— review' : ''}`;
  if (!market) return { title, market, lines: [] };
  // One check per state: the fields, the preview (one walk of the book) and why it cannot be sent.
  const check = entryCheck(state, form);
  const result = check.result;
  const preview = state.tradingUi.reviewing ? check.preview : null;
  const { coverage, stopsBeaten } = result.intent ? protectionAfterFill(state, result.intent, preview) : { coverage: null, stopsBeaten: null };
  const position = state.trading.positions.find((p) => p.marketId === form.marketId) ?? null;
  const confirm = state.tradingUi.confirm?.at === 'entry' ? state.tradingUi.confirm : null;
  const lines = entryLines({ form, result, market, reviewing: state.tradingUi.reviewing, preview, disabled: check.disabled, position, width: inner, confirm, mark: ctx.mark, last: ctx.last ?? null, msPerBlock: state.msPerBlock, coverage, stopsBeaten });
  return { title, market, lines };
}

/** Whether the form's whole content fits a pane of `width` x `height` (the dock widens it when not). */
export function entryFits(state: TerminalState, width: number, height: number): boolean {
  const content = paneContent(state, Math.max(0, width - 2));
  return !content || rowsNeeded(content.lines, Math.max(0, width - 2)) <= Math.max(0, height - 2);
}

/** The title for a docked column: its long words go first so "— review" stays in the border. */
function fitTitle(title: string, width: number): string {
  const room = width - 7; // "┌─ ▸ " ... " ─┐"
  return title.length <= room ? title : title.replace('Order entry ', 'Order ').replace('Change order ', 'Change ');
}

export function OrderEntryPane({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  // The form depends on the book, the mark and the trading slice: selected as the lines it draws (compared
  // as text), so the pane redraws only when what it shows changes.
  const json = useTerminal((s) => {
    const c = paneContent(s, inner);
    return JSON.stringify(c ? { title: c.title, known: c.market !== undefined, lines: c.lines } : null);
  });
  const content = JSON.parse(json) as { title: string; known: boolean; lines: EntryLine[] } | null;
  if (!content) return null;
  if (!content.known) {
    return (
      <Pane title={content.title} width={width} height={height} focused>
        <Text color={theme.down}>unknown market</Text>
      </Pane>
    );
  }
  return (
    <Pane title={fitTitle(content.title, width)} width={width} height={height} focused>
      {fitWrappedEntryLines(content.lines, inner, Math.max(0, height - 2)).map((l, i) => (
        <Text key={i} color={colorOf(theme, l.tone)} wrap="truncate">
          {fitText(l.text, inner)}
        </Text>
      ))}
    </Pane>
  );
}

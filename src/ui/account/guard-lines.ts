// The guards in the account panel: what is left of each limit the config sets, most urgent first (the
// daily loss, then the position and order size), in the box's label/value lines and as one figure of
// the compact line at 80x24. Nothing is shown when no guard is set.

import type { GuardStatusView } from '../../domain/guards/guard-status.js';
import { quoteText } from '../../domain/guards/guard-words.js';
import type { Cell } from '../format/table.js';
import type { MarketLookup } from '../tabs/row-cells.js';

/** A label/value line of the box (account-lines.ts AccountLine, which lists these after its figures). */
interface GuardLine {
  label: string;
  value: Cell;
}

const q = (atoms: string): string => quoteText(BigInt(atoms));

/** The daily loss as a value: "340 of 500" left, "? of 500" unknown (warn), "0 of 500" once reached (down tone). */
function dailyLossCell(d: NonNullable<GuardStatusView['dailyLoss']>, compact: boolean): Cell {
  if (d.loss === null || d.left === null) return { text: compact ? `?/${q(d.limit)}` : `? of ${q(d.limit)}`, tone: 'warn' };
  if (d.reached) return { text: compact ? `0/${q(d.limit)}` : `0 of ${q(d.limit)}`, tone: 'down' };
  return { text: compact ? `${q(d.left)}/${q(d.limit)}` : `${q(d.left)} of ${q(d.limit)}` };
}

export function guardLines(g: GuardStatusView | null | undefined, markets: MarketLookup): GuardLine[] {
  if (!g) return [];
  const lines: GuardLine[] = [];
  if (g.dailyLoss) {
    const value = dailyLossCell(g.dailyLoss, false);
    // The box is 28 cells inside: "today" gives way to a long value ("499.67 of 500") rather than be cut.
    const left = value.text.length <= 12 ? 'loss left today' : 'loss left';
    lines.push({ label: g.dailyLoss.reached ? 'loss limit reached' : left, value });
  }
  if (g.maxPositionNotional !== null) {
    const largest = g.largestPosition;
    const symbol = largest ? (markets(largest.marketId)?.symbol ?? `#${largest.marketId}`) : '';
    // The largest position against the limit ("max pos BTC 13,000/25,000"): the one nearest to it.
    lines.push({ label: largest ? `max pos ${symbol}` : 'max position', value: { text: largest ? `${q(largest.notional)}/${q(g.maxPositionNotional)}` : q(g.maxPositionNotional) } });
  }
  if (g.maxOrderNotional !== null) lines.push({ label: 'max order', value: { text: q(g.maxOrderNotional) } });
  return lines;
}

/** The compact line's guard figure: the loss left today ("left 340/500"); null without a daily loss limit. */
export function guardCompactCell(g: GuardStatusView | null | undefined): { short: string; value: Cell } | null {
  return g?.dailyLoss ? { short: 'loss left', value: dailyLossCell(g.dailyLoss, true) } : null;
}

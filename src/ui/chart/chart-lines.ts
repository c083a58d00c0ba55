// The chart's price lines: own resting orders (◆), take-profit (T) and stop-loss (S) triggers, and the
// position's entry (E) and liquidation (L). Each kind has its own letter and line glyph, so none is told
// apart by colour alone. The liquidation price is the position row's (domain/trading/risk.ts): never
// recomputed here.

import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { ChartLine } from './candle-chart.js';
import { ownLevels } from '../format/own-orders.js';

export type ChartLineKind = 'order' | 'tp' | 'sl' | 'entry' | 'liq';

export interface ChartMarkLine extends ChartLine {
  kind: ChartLineKind;
}

/** Letter on the price axis, line glyph, and the word the legend gives it. */
export const LINE_STYLE: Record<ChartLineKind, { mark: string; glyph: string; word: string }> = {
  order: { mark: '◆', glyph: '╌', word: 'order' },
  tp: { mark: 'T', glyph: '╌', word: 'TP' },
  sl: { mark: 'S', glyph: '╌', word: 'SL' },
  entry: { mark: 'E', glyph: '┈', word: 'entry' },
  liq: { mark: 'L', glyph: '═', word: 'liq' },
};

const line = (kind: ChartLineKind, price: number): ChartMarkLine => ({ kind, price, mark: LINE_STYLE[kind].mark, glyph: LINE_STYLE[kind].glyph });

/**
 * Every line of `marketId`, drawn in this order (a later one wins a shared row): orders, triggers, entry,
 * liquidation, so the position's own lines are never hidden under an order at the same price.
 */
export function chartLines(orders: readonly OrderRowView[], positions: readonly PositionRowView[], marketId: number): ChartMarkLine[] {
  const own = ownLevels(orders, marketId);
  const out: ChartMarkLine[] = [...own.resting].map((price) => line('order', price));
  for (const [price, role] of own.triggers) out.push(line(role === 'T' ? 'tp' : 'sl', price));
  for (const p of positions) {
    if (p.marketId !== marketId) continue;
    if (p.entryPrice > 0) out.push(line('entry', p.entryPrice));
    if (p.liquidationPrice !== null && p.liquidationPrice > 0) out.push(line('liq', p.liquidationPrice));
  }
  return out;
}

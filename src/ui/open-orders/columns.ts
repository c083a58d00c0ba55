// The Open orders tab's columns: what is left of each order, its age, its trigger and its link.

import { NOMINAL_MS_PER_BLOCK, blocksWithTime } from '../../domain/block-time.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { OrderStatusName, enumName } from '../../protocol/enums.js';
import type { Column } from '../format/table.js';
import { col, effectSideCell, orderKindText, plain, price, size, symbol, triggerText, type MarketLookup } from '../tabs/row-cells.js';

/**
 * Size an order shows: what is left of it, except a trigger linked to a position, which closes at most the
 * position (the exchange clamps a close to it): after a partial close it shows the position's new size.
 */
export function shownOrderSize(r: OrderRowView, positionSize?: (positionId: number) => number | undefined): number {
  const left = r.originalSize - r.filledSize;
  const held = r.triggerPrice !== null && r.linkedPositionId !== null ? positionSize?.(r.linkedPositionId) : undefined;
  return held === undefined ? left : Math.min(left, held);
}

/** The open order's link: its position "#7", or a bracket leg's "waits for entry #42" until the entry fills. */
export function linkText(r: Pick<OrderRowView, 'linkedPositionId' | 'waitsForEntry'>): string {
  if (r.linkedPositionId !== null) return `#${r.linkedPositionId}`;
  return r.waitsForEntry ? `waits for entry #${r.waitsForEntry}` : '';
}

/** Compact age since `placedMs`: `12s`, `4m`, `2h`, `3d` (whole units, floored); `—` when unknown. */
export function orderAge(placedMs: number | null | undefined, nowMs: number): string {
  if (placedMs === null || placedMs === undefined || placedMs <= 0) return '—';
  const s = Math.max(0, Math.floor((nowMs - placedMs) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

export function openOrderColumns(markets: MarketLookup, positionSize?: (positionId: number) => number | undefined, nowMs = Date.now(), msPerBlock = NOMINAL_MS_PER_BLOCK): Column<OrderRowView>[] {
  const m = (r: OrderRowView) => markets(r.marketId);
  return [
    col('oid', 14, 'right', 0, (r) => plain(String(r.orderId))),
    col('market', 9, 'left', 6, (r) => plain(symbol(r.marketId, markets))),
    col('side', 10, 'left', 0, (r) => effectSideCell(r.type, r.effect)),
    col('kind', 7, 'left', 3, (r) => plain(orderKindText(r))),
    col('price', 11, 'right', 0, (r) => plain(r.price > 0 ? price(r.price, m(r)) : 'mkt')),
    col('size', 10, 'right', 0, (r) => plain(size(shownOrderSize(r, positionSize), m(r)))),
    col('filled', 9, 'right', 2, (r) => plain(size(r.filledSize, m(r)))),
    // Before the trigger: where both do not fit (80 columns) the age goes first and the key line says it.
    col('age', 4, 'right', 4, (r) => plain(orderAge(r.placedMs, nowMs))),
    col('trigger', 18, 'left', 4, (r) => plain(triggerText(r.triggerPrice, r.triggerCondition, m(r)))),
    col('status', 11, 'left', 3, (r) => plain(enumName(OrderStatusName, r.status))),
    // Blocks left with the time they take at the measured block time: "12 blk", about "3.6 s" (blocksWithTime).
    col('expires', 14, 'right', 1, (r) => plain(r.blocksLeft === null ? '—' : blocksWithTime(r.blocksLeft, msPerBlock, 'blk'), r.blocksLeft !== null && r.blocksLeft < 10 ? 'warn' : undefined)),
    // Position ids run to 13 digits (4.5e12), so "#" and the id need 14 columns (6 showed only '######'). A bracket
    // leg not armed yet says which entry it waits for: the column takes the width left over.
    { ...col('pos', 14, 'left', 1, (r) => plain(linkText(r))), grow: true },
  ];
}


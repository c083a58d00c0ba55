// The columns of the Fills tab and of the History tab's views (orders, positions, account events).

import type { MarketRef } from '../../domain/views.js';
import { refWords } from '../../domain/trading/order-words.js';
import type { FillRowView } from '../../domain/trading/views.js';
import { type AccountEventRowView, type OrderHistoryRowView, type PositionHistoryRowView, isTopUpReport, orderHistoryWords } from '../../domain/trading/history-views.js';
import { AccountEventTypeName, LiquiditySide, OrderStatusName, OrderStatusReasonName, PositionStatusName, enumName } from '../../protocol/enums.js';
import { formatAtoms } from '../../protocol/scaling.js';
import type { Cell, Column } from '../format/table.js';
import { col, effectSideCell, feeCell, plain, price, sideCell, signedAtoms, size, symbol, time, type MarketLookup } from '../tabs/row-cells.js';

export function fillColumns(markets: MarketLookup): Column<FillRowView>[] {
  const m = (r: FillRowView) => markets(r.marketId);
  return [
    col('time', 8, 'left', 0, (r) => plain(time(r.timeMs))),
    col('market', 9, 'left', 5, (r) => plain(symbol(r.marketId, markets))),
    col('side', 10, 'left', 0, (r) => effectSideCell(r.type, r.effect)),
    col('price', 11, 'right', 0, (r) => plain(price(r.price, m(r)))),
    col('size', 10, 'right', 0, (r) => plain(size(r.size, m(r)))),
    // Headed "role", not "liq": in Positions "liq" is the liquidation price, and a header means one thing.
    col('role', 5, 'left', 3, (r) => plain(r.liquidity === LiquiditySide.Maker ? 'maker' : 'taker')),
    col('fee/rebate', 12, 'right', 4, (r) => feeCell(r.fee)),
    // PnL the fill realized (exact atoms from its position event) when it reduced, closed or flipped.
    col('realized', 11, 'right', 4, (r) => (r.realizedPnl === undefined || r.realizedPnl === null ? plain('') : signedAtoms(r.realizedPnl))),
    col('oid', 14, 'right', 2, (r) => plain(String(r.orderId))),
    col('block', 9, 'right', 1, (r) => plain(r.block === null ? '—' : String(r.block))),
  ];
}

/**
 * A row's status and reason in one cell: its words where the wire's names would mislead (a partial fill, a
 * top-up's report), else the status's name; the reason's name after a middle dot ("Filled · TakerOrderFilled").
 */
function historyStatusCell(r: OrderHistoryRowView, market: MarketRef | undefined): Cell {
  const words = market ? orderHistoryWords(r, refWords(market)) : null;
  const reason = isTopUpReport(r) ? 'as live reports it: sr 32' : r.reason === null || r.reason === 0 ? '' : enumName(OrderStatusReasonName, r.reason);
  const text = `${words ?? enumName(OrderStatusName, r.status)}${reason ? ` · ${reason}` : ''}`;
  return plain(text, words === null && r.status === 7 ? 'down' : undefined);
}

export function orderHistoryColumns(markets: MarketLookup): Column<OrderHistoryRowView>[] {
  const m = (r: OrderHistoryRowView) => markets(r.marketId);
  return [
    col('time', 8, 'left', 0, (r) => plain(time(r.timeMs))),
    col('market', 9, 'left', 5, (r) => plain(symbol(r.marketId, markets))),
    col('oid', 14, 'right', 2, (r) => plain(String(r.orderId))),
    col('rq', 6, 'right', 1, (r) => plain(String(r.requestId))),
    col('side', 10, 'left', 0, (r) => effectSideCell(r.type, r.effect)),
    col('price', 11, 'right', 0, (r) => plain(r.price > 0 ? price(r.price, m(r)) : 'mkt')),
    col('filled/size', 17, 'right', 3, (r) => plain(`${size(r.filledSize, m(r))}/${size(r.originalSize, m(r))}`)),
    // Status and reason in one column that takes the spare width: a partial fill's words ("partially filled
    // 1.92355 of 5, 3.07645 cancelled at the 5 bps cap") are long, and at 80 columns they come before the reason.
    { ...col('status', 30, 'left', 0, (r: OrderHistoryRowView) => historyStatusCell(r, m(r))), grow: true },
    col('fee', 10, 'right', 1, (r) => (r.fee === null ? plain('') : feeCell(r.fee))),
  ];
}

export function positionHistoryColumns(markets: MarketLookup): Column<PositionHistoryRowView>[] {
  const m = (r: PositionHistoryRowView) => markets(r.marketId);
  return [
    // Position ids run to 13 digits (4.5e12): wide enough for them, and the first to go when narrow.
    col('pid', 14, 'right', 1, (r) => plain(`#${r.positionId}`)),
    col('market', 9, 'left', 5, (r) => plain(symbol(r.marketId, markets))),
    col('side', 7, 'left', 0, (r) => sideCell(r.side)),
    col('status', 10, 'left', 0, (r) => plain(enumName(PositionStatusName, r.status))),
    col('max size', 10, 'right', 3, (r) => plain(size(r.maxSize, m(r)))),
    col('entry', 11, 'right', 2, (r) => plain(price(r.entryPrice, m(r)))),
    col('exit', 11, 'right', 2, (r) => plain(price(r.exitPrice, m(r)))),
    col('realized', 11, 'right', 0, (r) => signedAtoms(r.realizedPnl)),
    col('funding', 9, 'right', 4, (r) => signedAtoms(r.funding)),
    col('fees', 9, 'right', 4, (r) => plain(formatAtoms(r.fees))),
  ];
}

export function accountEventColumns(markets: MarketLookup): Column<AccountEventRowView>[] {
  return [
    col('time', 8, 'left', 0, (r) => plain(time(r.timeMs))),
    col('event', 26, 'left', 0, (r) => plain(enumName(AccountEventTypeName, r.type))),
    col('market', 9, 'left', 3, (r) => plain(r.marketId === null ? '' : symbol(r.marketId, markets))),
    col('amount', 12, 'right', 0, (r) => signedAtoms(r.amount)),
    col('balance', 13, 'right', 2, (r) => plain(formatAtoms(r.balance))),
    col('fee', 9, 'right', 1, (r) => plain(formatAtoms(r.fee))),
  ];
}


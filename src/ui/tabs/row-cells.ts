// The cells every trading tab's rows are made of (each tab's columns are in its folder: positions/,
// open-orders/, fills/, journal/ columns.ts). Prices and sizes are scaled integers printed exactly; money is
// atoms (bigint) rounded for display only. Sides always carry an arrow and a word, PnL always a sign.

import { OrderFlag, OrderType, PositionSide, enumName } from '../../protocol/enums.js';
import type { MarketRef } from '../../domain/views.js';
import { conditionDirection, conditionSource } from '../../domain/trading/protection.js';
import type { TradeEffect } from '../../domain/trading/fill-effect.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import { formatAtoms } from '../../protocol/scaling.js';
import { formatScaledGrouped, formatTimeOfDay } from '../format/numbers.js';

export { formatAtoms };
import type { Cell, CellTone, Column } from '../format/table.js';

/** Markets by id, for decimals and symbols of rows in any market. */
export type MarketLookup = (marketId: number) => MarketRef | undefined;

export function price(raw: number | null | undefined, market: MarketRef | undefined): string {
  if (raw === null || raw === undefined || raw <= 0) return '—';
  return market ? formatScaledGrouped(raw, market.priceDecimals) : String(raw);
}

export function size(raw: number, market: MarketRef | undefined): string {
  return market ? formatScaledGrouped(raw, market.sizeDecimals) : String(raw);
}

/** A market the context does not list has no name to show (its rows are refused upstream; account events keep theirs). */
export const UNLISTED_MARKET = 'unlisted';

export function symbol(marketId: number, markets: MarketLookup): string {
  return markets(marketId)?.symbol ?? UNLISTED_MARKET;
}

/** Signed money: "+12.30" / "-4.10" / "0.00", with its tone. */
export function signedAtoms(atoms: string | null | undefined, digits = 2): Cell {
  if (atoms === null || atoms === undefined || !/^-?\d+$/.test(atoms)) return { text: '—', tone: 'muted' };
  const text = formatAtoms(atoms, digits);
  if (/^-/.test(text)) return { text, tone: 'down' };
  if (/^[0.,]+$/.test(text)) return { text, tone: 'plain' };
  return { text: `+${text}`, tone: 'up' };
}

export function sideCell(side: number): Cell {
  return side === PositionSide.Short ? { text: '▼ SHORT', tone: 'down' } : { text: '▲ LONG', tone: 'up' };
}

/** Buy-side order types (open long, close short) get an up arrow. */
export function orderSideCell(type: number): Cell {
  switch (type) {
    case OrderType.OpenLong:
      return { text: '▲ open L', tone: 'up' };
    case OrderType.CloseShort:
      return { text: '▲ close S', tone: 'up' };
    case OrderType.OpenShort:
      return { text: '▼ open S', tone: 'down' };
    case OrderType.CloseLong:
      return { text: '▼ close L', tone: 'down' };
    default:
      return { text: enumName(new Map([[OrderType.Cancel, 'cancel'], [OrderType.IncreasePositionCollateral, 'collat'], [OrderType.Change, 'change']]), type) };
  }
}

/**
 * The side of an open order or a fill by what it does to the position in its market: "▲ open L",
 * "▼ reduce L" (a sell taking off part of a long), "▼ close L", "▼ flip L→S". When that is not known
 * (a fill from before this session): its direction, "▲ buy" / "▼ sell", or the close type it was sent as.
 */
export function effectSideCell(type: number, effect: TradeEffect | null | undefined): Cell {
  const buy = isBuyType(type);
  const arrow = buy ? '▲' : '▼';
  const tone: CellTone = buy ? 'up' : 'down';
  // The position a buy reduces or closes is a short; a sell's is a long.
  const held = buy ? 'S' : 'L';
  const toward = buy ? 'L' : 'S';
  switch (effect) {
    case 'open':
      return { text: `${arrow} open ${toward}`, tone };
    case 'reduce':
      return { text: `${arrow} reduce ${held}`, tone };
    case 'close':
      return { text: `${arrow} close ${held}`, tone };
    case 'flip':
      return { text: `${arrow} flip ${held}→${toward}`, tone };
    default:
      if (type === OrderType.OpenLong || type === OrderType.OpenShort) return { text: `${arrow} ${buy ? 'buy' : 'sell'}`, tone };
      return orderSideCell(type);
  }
}

export function orderKindText(o: { flags: number; triggerPrice: number | null; price: number; type?: number }): string {
  // A trigger that opens is a stand-alone stop (market, or with a limit); a close one is a TP/SL or reduce-only stop.
  if (o.triggerPrice !== null && (o.type === OrderType.OpenLong || o.type === OrderType.OpenShort)) return o.price > 0 ? 'stop-lm' : 'stop';
  if (o.triggerPrice !== null) return 'trigger';
  if (o.flags === OrderFlag.PostOnly) return 'post';
  if (o.flags === OrderFlag.ImmediateOrCancel) return o.price > 0 ? 'ioc' : 'market';
  if (o.flags === OrderFlag.FillOrKill) return 'fok';
  return 'limit';
}

/** "≥ 65,000 mark" / "≤ 64,000 last". */
export function triggerText(triggerPrice: number | null, condition: number | null, market: MarketRef | undefined): string {
  if (triggerPrice === null || condition === null) return '';
  return `${conditionDirection(condition) === 'gte' ? '≥' : '≤'} ${price(triggerPrice, market)} ${conditionSource(condition) ?? 'last'}`;
}


export function time(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : formatTimeOfDay(ms);
}

export const col = <Row>(header: string, width: number, align: 'left' | 'right', priority: number, cell: (r: Row) => Cell): Column<Row> => ({
  header,
  width,
  align,
  priority,
  cell,
});
export const plain = (text: string, tone?: CellTone): Cell => (tone ? { text, tone } : { text });

/** Fee or rebate: positive fee "0.12", negative "0.05 reb" (a rebate is money received). */
export function feeCell(atoms: string): Cell {
  if (!/^-?\d+$/.test(atoms)) return plain('—', 'muted');
  const value = BigInt(atoms);
  if (value < 0n) return plain(`${formatAtoms(-value, 4)} reb`, 'up');
  return plain(formatAtoms(value, 4));
}


// Fixed-width rows of the trading tabs: positions, open orders, fills, order / position history,
// account events and the journal. Prices and sizes are scaled integers printed exactly; money is atoms
// (bigint) rounded for display only. Sides always carry an arrow and a word, PnL always a sign.

import {
  AccountEventTypeName,
  LiquiditySide,
  OrderFlag,
  OrderStatusName,
  OrderStatusReasonName,
  OrderType,
  PositionSide,
  PositionStatusName,
  enumName,
} from '../../protocol/enums.js';
import { NOMINAL_MS_PER_BLOCK, blocksWithTime } from '../../domain/block-time.js';
import type { MarketRef } from '../../domain/views.js';
import { conditionDirection, conditionSource, type ArmedTrigger, type PositionProtection } from '../../domain/trading/protection.js';
import { coverageFraction, coveragePronoun, protectionGapWords, protectionGaps, type Coverage, type ProtectionGaps } from '../../domain/trading/protection-coverage.js';
import { refWords } from '../../domain/trading/order-words.js';
import type { TradeEffect } from '../../domain/trading/fill-effect.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import type { FillRowView, JournalEntryView, OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { type AccountEventRowView, type OrderHistoryRowView, type PositionHistoryRowView, isTopUpReport, orderHistoryWords } from '../../domain/trading/history-views.js';
import { formatAtoms } from '../../protocol/scaling.js';
import { formatScaledGrouped, formatSignedPct, formatTimeOfDay } from '../format/numbers.js';

export { formatAtoms };
import type { Cell, CellTone, Column } from '../format/table.js';

/** Markets by id, for decimals and symbols of rows in any market. */
export type MarketLookup = (marketId: number) => MarketRef | undefined;

function price(raw: number | null | undefined, market: MarketRef | undefined): string {
  if (raw === null || raw === undefined || raw <= 0) return '—';
  return market ? formatScaledGrouped(raw, market.priceDecimals) : String(raw);
}

function size(raw: number, market: MarketRef | undefined): string {
  return market ? formatScaledGrouped(raw, market.sizeDecimals) : String(raw);
}

/** A market the context does not list has no name to show (its rows are refused upstream; account events keep theirs). */
export const UNLISTED_MARKET = 'unlisted';

function symbol(marketId: number, markets: MarketLookup): string {
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

function pct(value: number | null, digits = 2): Cell {
  if (value === null || !Number.isFinite(value)) return { text: '—', tone: 'muted' };
  const text = formatSignedPct(value, digits);
  return { text, tone: text.startsWith('-') ? 'down' : text.startsWith('+') ? 'up' : 'plain' };
}

function leverageText(hundredths: number): string {
  return hundredths > 0 ? `${(hundredths / 100).toFixed(2)}x` : '—';
}

/**
 * Cells of figures valued at the row's mark: as they are at a live mark; prefixed "~" in the warning tone
 * at a stale one (the last mark seen, never shown as current); "—" without a mark.
 */
function atMark(r: PositionRowView, cell: Cell): Cell {
  if (r.markState === 'live' || cell.text === '—') return cell;
  return { text: `~${cell.text}`, tone: 'warn' };
}

function markCell(r: PositionRowView, market: MarketRef | undefined): Cell {
  if (r.markState === 'unknown' || r.markPrice === null) return plain('—', 'muted');
  if (r.markState === 'stale') return plain('stale', 'warn');
  return plain(price(r.markPrice, market));
}

/**
 * Why a position's mark is not live, for the Positions tab's bottom line (the row itself has room only for
 * "stale" or "—"): the selected row's when its mark is not live, else the first such row's; null when every
 * mark is live.
 */
export function positionMarkNote(rows: readonly PositionRowView[], selected: number, markets: MarketLookup): string | null {
  const notLive = rows.filter((r) => r.markState !== 'live');
  const chosen = rows[selected];
  const row = chosen && chosen.markState !== 'live' ? chosen : notLive[0];
  if (!row) return null;
  const more = notLive.length - 1;
  return `${symbol(row.marketId, markets)} mark ${row.markState}: ${row.markNote ?? 'no reason known'}${more > 0 ? ` (+${more} more not live)` : ''}`;
}

/**
 * What a position's TP/SL do not do, for the Positions tab's bottom line (the row has room only for "!liq" and
 * "(1/21)"): the selected row's when it has a gap, else the first such row's; null when none has one.
 */
export function positionProtectionNote(rows: readonly PositionRowView[], selected: number, markets: MarketLookup, protection: ProtectionLookup): string | null {
  const noteOf = (r: PositionRowView): string | null => {
    const market = markets(r.marketId);
    const { gaps } = protection(r);
    const words = market ? protectionGapWords(gaps, r, refWords(market)) : null;
    if (words === null) return null;
    // `t` prefills the prices armed: Enter re-arms them for the position's size.
    return `${symbol(r.marketId, markets)} ${words}${gaps.tp || gaps.sl ? ` (t re-arms ${coveragePronoun(gaps.tp, gaps.sl)} for the whole position)` : ''}`;
  };
  const chosen = rows[selected];
  return (chosen ? noteOf(chosen) : null) ?? rows.map(noteOf).find((n) => n !== null) ?? null;
}

/** Effective leverage (domain/trading/account-figures.ts); "@e" when priced at the entry (no mark yet). */
function effectiveLeverageCell(r: PositionRowView): Cell {
  if (r.effectiveLeverage === null || r.effectiveLeverage <= 0) return plain('—', 'muted');
  const text = leverageText(r.effectiveLeverage);
  return r.leverageBasis === 'entry' ? plain(`${text}@e`, 'muted') : atMark(r, plain(text));
}

function time(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : formatTimeOfDay(ms);
}

const col = <Row>(header: string, width: number, align: 'left' | 'right', priority: number, cell: (r: Row) => Cell): Column<Row> => ({
  header,
  width,
  align,
  priority,
  cell,
});
const plain = (text: string, tone?: CellTone): Cell => (tone ? { text, tone } : { text });

/**
 * The armed trigger that fires first, "+N" when more of that role are armed; "—" when none. What it does not
 * do is said on it, in the warning tone: "!liq" a stop the liquidation beats, "(1/21)" the triggers of the role
 * cover 1 of the position's 21 (protection-coverage.ts; the footer says it in words).
 */
function armedCell(armed: readonly ArmedTrigger[], market: MarketRef | undefined, flags: { beyondLiquidation?: boolean; coverage: Coverage | null }): Cell {
  const first = armed[0];
  if (!first) return plain('—', 'muted');
  const text = `${price(first.price, market)}${armed.length > 1 ? `+${armed.length - 1}` : ''}`;
  const liq = flags.beyondLiquidation ? ' !liq' : '';
  const part = flags.coverage && market ? ` (${coverageFraction(flags.coverage, market)})` : '';
  return liq || part ? plain(`${text}${liq}${part}`, 'warn') : plain(text);
}

/** A position's armed triggers (domain/trading/protection.ts protectionOf over the open orders) and what they do not do. */
export interface RowProtection {
  armed: PositionProtection;
  gaps: ProtectionGaps;
}

/** Each position row's protection (protectionLookup). */
export type ProtectionLookup = (r: PositionRowView) => RowProtection;

/**
 * The protection of each row, from `armedOf` (protectionOf, a scan of every open order), worked out once per
 * row however often the cells, the column widths and the footer's note ask: make one per paint.
 */
export function protectionLookup(armedOf: (r: PositionRowView) => PositionProtection): ProtectionLookup {
  const known = new Map<PositionRowView, RowProtection>();
  return (r) => {
    const seen = known.get(r);
    if (seen) return seen;
    const armed = armedOf(r);
    const worked = { armed, gaps: protectionGaps(r, armed) };
    known.set(r, worked);
    return worked;
  };
}

/** The TP and SL cells of a position. */
function protectionCells({ armed, gaps }: RowProtection, market: MarketRef | undefined): { tp: Cell; sl: Cell } {
  return {
    tp: armedCell(armed.takeProfit, market, { coverage: gaps.tp }),
    sl: armedCell(armed.stopLoss, market, { beyondLiquidation: gaps.beyondLiquidation !== null, coverage: gaps.sl }),
  };
}

/**
 * `rows`: the rows the columns will show, so a TP or SL cell that says more ("!liq", "(1/21)") widens its column
 * to fit, and a flagged SL outranks the market's name where the row is narrow (80 columns).
 */
export function positionColumns(markets: MarketLookup, protection?: ProtectionLookup, rows: readonly PositionRowView[] = []): Column<PositionRowView>[] {
  const m = (r: PositionRowView) => markets(r.marketId);
  // Each row's cells made once: the widths and the cells themselves read them.
  const made = new Map<PositionRowView, { tp: Cell; sl: Cell }>();
  const cells = (r: PositionRowView) => {
    const seen = made.get(r);
    if (seen) return seen;
    const fresh = protectionCells(protection!(r), m(r));
    made.set(r, fresh);
    return fresh;
  };
  const widest = (role: 'tp' | 'sl') => (protection ? Math.max(10, ...rows.map((r) => cells(r)[role].text.length)) : 10);
  const slWidth = widest('sl');
  // TP and SL stay at 80 columns before the mark does (the header shows the mark); SL outranks TP.
  const armed = protection
    ? [
        col('TP', widest('tp'), 'right', 4, (r: PositionRowView) => cells(r).tp),
        col('SL', slWidth, 'right', slWidth > 10 ? 7 : 5, (r: PositionRowView) => cells(r).sl),
      ]
    : [];
  return [
    col('side', 7, 'left', 0, (r) => sideCell(r.side)),
    col('market', 9, 'left', 6, (r) => plain(symbol(r.marketId, markets))),
    col('size', 10, 'right', 0, (r) => plain(size(r.size, m(r)))),
    col('entry', 11, 'right', 0, (r) => plain(price(r.entryPrice, m(r)))),
    col('mark', 11, 'right', 5, (r) => markCell(r, m(r))),
    col('uPnL', 11, 'right', 0, (r) => atMark(r, signedAtoms(r.unrealizedPnl))),
    col('ROE', 8, 'right', 4, (r) => atMark(r, pct(r.roe === null ? null : r.roe * 100))),
    col('liq', 11, 'right', 0, (r) => plain(price(r.liquidationPrice, m(r)))),
    ...armed,
    col('dist', 7, 'right', 3, (r) =>
      r.liquidationDistancePct === null ? plain('—', 'muted') : atMark(r, plain(`${r.liquidationDistancePct.toFixed(1)}%`, r.liquidationDistancePct < 5 ? 'warn' : 'plain')),
    ),
    col('collateral', 11, 'right', 2, (r) => plain(formatAtoms(r.collateral))),
    col('lev', 8, 'right', 2, effectiveLeverageCell),
    col('funding', 9, 'right', 1, (r) => (r.fundingPaid === undefined ? plain('—', 'muted') : signedAtoms(r.fundingPaid))),
  ];
}

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
    // Blocks left with the time they take at the measured block time: "12 blk ≈ 3.6 s".
    col('expires', 14, 'right', 1, (r) => plain(r.blocksLeft === null ? '—' : blocksWithTime(r.blocksLeft, msPerBlock, 'blk'), r.blocksLeft !== null && r.blocksLeft < 10 ? 'warn' : undefined)),
    // Position ids run to 13 digits (4.5e12), so "#" and the id need 14 columns (6 showed only '######'). A bracket
    // leg not armed yet says which entry it waits for: the column takes the width left over.
    { ...col('pos', 14, 'left', 1, (r) => plain(linkText(r))), grow: true },
  ];
}

/** Fee or rebate: positive fee "0.12", negative "0.05 reb" (a rebate is money received). */
export function feeCell(atoms: string): Cell {
  if (!/^-?\d+$/.test(atoms)) return plain('—', 'muted');
  const value = BigInt(atoms);
  if (value < 0n) return plain(`${formatAtoms(-value, 4)} reb`, 'up');
  return plain(formatAtoms(value, 4));
}

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

export function journalColumns(): Column<JournalEntryView>[] {
  return [
    col('time', 8, 'left', 0, (r) => plain(time(r.timeMs))),
    col('kind', 8, 'left', 1, (r) => plain(r.kind, r.kind === 'resolved' || r.kind === 'report' ? 'plain' : 'muted')),
    col('rq', 6, 'right', 2, (r) => plain(r.rq === null ? '' : String(r.rq))),
    { ...col('what', 30, 'left', 0, (r) => plain(r.text, /Failed|reject|locked/i.test(r.text) ? 'down' : undefined)), grow: true },
  ];
}

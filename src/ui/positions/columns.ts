// The Positions tab's columns and its bottom line's notes: what a position's mark and its TP/SL do not do.

import type { MarketRef } from '../../domain/views.js';
import type { ArmedTrigger, PositionProtection } from '../../domain/trading/protection.js';
import { coverageFraction, coveragePronoun, protectionGapWords, protectionGaps, type Coverage, type ProtectionGaps } from '../../domain/trading/protection-coverage.js';
import { refWords } from '../../domain/trading/order-words.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import { formatAtoms } from '../../protocol/scaling.js';
import { formatSignedPct } from '../format/numbers.js';
import type { Cell, Column } from '../format/table.js';
import { col, plain, price, sideCell, signedAtoms, size, symbol, type MarketLookup } from '../tabs/row-cells.js';

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


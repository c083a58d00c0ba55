// The review of an order as text, shared by order entry and the review of a change (amend): the order's
// side labelled by its effect on the position (open / increase / reduce / close / flip), the preview line
// (est. fill, slippage, fee, margin posted or freed, liquidation) and notes that say when a limit crosses
// the book (taker fee), how much fills now and how much rests. Pure, so both are tested without a terminal.

import type { OrderEffect } from '../../domain/trading/order-effect.js';
import type { OrderPreview } from '../../domain/trading/preview.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import type { PlaceKind, Side } from '../../domain/trading/commands.js';
import { marketWords, sizeText } from '../../domain/trading/order-words.js';
import { groupThousands } from '../format/numbers.js';

export function money(atoms: bigint): string {
  return groupThousands(formatScaledTrim(atoms, COLLATERAL_DECIMALS).replace(/(\.\d{2})\d*$/, '$1'));
}

const sideName = (side: number | null) => (side === 2 ? 'SHORT' : 'LONG');

/** The order's side, and (when it meets a position) what it does to it: "▼ SELL · reduce LONG 0.02 → 0.01". */
export function sideText(side: Side, effect: OrderEffect | null, market: Market): string {
  const arrow = side === 'long' ? '▲' : '▼';
  if (effect === null || effect.kind === 'open') return `${side === 'long' ? '▲ LONG (buy)' : '▼ SHORT (sell)'}${effect ? ' · open' : ''}`;
  const sz = (v: bigint) => formatScaledTrim(v, market.config.size_decimals);
  const held = `${sideName(effect.sideBefore)} ${sz(effect.sizeBefore)}`;
  const head = `${arrow} ${side === 'long' ? 'BUY' : 'SELL'} · `;
  switch (effect.kind) {
    case 'increase':
      return `${head}increase ${held} → ${sz(effect.sizeAfter)}`;
    case 'reduce':
      return `${head}reduce ${held} → ${sz(effect.sizeAfter)}`;
    case 'close':
      return `${head}close ${held}`;
    case 'flip':
      return `${head}flip ${held} → ${sideName(effect.sideAfter)} ${sz(effect.sizeAfter)}`;
    case 'none':
      return `${head}reduce-only: no ${effect.sideBefore === null ? 'position' : `${sideName(effect.sideBefore === 1 ? 2 : 1)} position`} to reduce`;
  }
}

/** The margin part of the preview: posted by what opens, freed by what reduces, both for a flip. */
function marginPart(p: OrderPreview): string {
  switch (p.effect.kind) {
    case 'reduce':
    case 'close':
      return `margin freed ${money(p.marginFreedAtoms)}`;
    case 'flip':
      return `margin ${money(p.marginAtoms)} freed ${money(p.marginFreedAtoms)}`;
    default:
      return `margin ${money(p.marginAtoms)}`;
  }
}

/** The preview's figures, one part each (joined on one line when it fits, else wrapped at the parts). */
export function previewParts(p: OrderPreview, market: Market): string[] {
  const pd = market.config.price_decimals;
  const fill = p.averagePrice === null ? 'n/a' : groupThousands(formatScaledTrim(p.averagePrice, pd));
  const liq = p.liquidationPrice === null ? 'none' : groupThousands(formatScaledTrim(p.liquidationPrice, pd));
  const dist = p.liquidationDistancePct === null ? '' : ` (${p.liquidationDistancePct.toFixed(1)}%)`;
  return [
    `est ${fill}`,
    `slip ${p.slippageBps === null ? 'n/a' : `${p.slippageBps.toFixed(1)}bps`}`,
    `fee ${money(p.feeAtoms)}`,
    marginPart(p),
    `liq ${liq}${dist}`,
  ];
}

export function previewLine(p: OrderPreview, market: Market): string {
  return previewParts(p, market).join(' ');
}

/** The order as the notes need it: its kind (does it rest?) and whether it has a limit. */
export interface ReviewedKind {
  kind: PlaceKind;
  price?: number;
  /** A stop: it meets the book only when it fires. */
  trigger?: { price: number };
}

/**
 * What the figures alone do not say: crossing (taker fee), the fill-now / rest split, a thin book, a flip's two
 * parts. For a change (`change`), a post-only moved across the book is refused: its confirm says so, once.
 */
export function reviewNotes(p: OrderPreview, order: ReviewedKind, market: Market, change = false): string[] {
  const sz = (v: bigint) => formatScaledTrim(v, market.config.size_decimals);
  const out: string[] = [];
  // The exchange clamps a close to the position: the figures are for what it can fill.
  if (p.clampedToPosition) out.push(`reduce-only: fills at most ${sizeText(Number(p.reviewedSize), marketWords(market, market.id))} (the position)`);
  const limit = order.price !== undefined && order.kind !== 'market';
  // Without the market's book nothing about the fill is known: say so, not "rests" or "book too thin".
  if (order.trigger) out.push(`estimated at ${order.price !== undefined ? 'its limit' : 'the stop price'}: the fill is known only when it fires`);
  else if (p.noBook) out.push('no book for this market: fill unknown');
  else notesOfTheBook(p, order, market, limit, change, out);
  const e = p.effect;
  if (e.kind === 'flip') {
    out.push(`closes ${sideName(e.sideBefore)} ${sz(e.reduceSize)} (frees ${money(p.marginFreedAtoms)}), opens ${sideName(e.sideAfter)} ${sz(e.openSize)} (margin ${money(p.marginAtoms)})`);
  }
  return out;
}

/** The notes that read the visible book: crossing, the fill-now / rest split, past the visible book, unfilled. */
function notesOfTheBook(p: OrderPreview, order: ReviewedKind, market: Market, limit: boolean, change: boolean, out: string[]): void {
  const sz = (v: bigint) => formatScaledTrim(v, market.config.size_decimals);
  const px = (v: number) => groupThousands(formatScaledTrim(v, market.config.price_decimals));
  if (p.cap !== null && p.pastCap > 0n) {
    // The exchange stops a market order at its cap from the mark: the walk past it is cancelled.
    out.push(`beyond the ${p.cap.bps} bps cap (${px(Number(p.cap.price))})! fills about ${sz(p.reviewedSize - p.pastCap)} of ${sz(p.reviewedSize)}, ${sz(p.pastCap)} cancelled`);
  }
  if (limit && p.crosses && order.kind !== 'post-only') out.push('crosses the book: taker fee');
  else if (limit && p.crosses && !change) out.push('crosses the book: the exchange refuses a post-only that would take');
  if (limit && p.fillsNow > 0n && p.rests > 0n) out.push(`fills ${sz(p.fillsNow)} now, ${sz(p.rests)} rests at ${px(order.price!)}`);
  if (p.beyondVisible > 0n) {
    // The screen's book is only as deep as the pane: past its last level nothing is known.
    out.push(
      limit
        ? `fills ${sz(p.fillsNow)} in the visible book; ${sz(p.beyondVisible)} more may fill now at ${px(order.price!)} or better`
        : `book too thin! fills ${sz(p.fillsNow)} in the visible book; ${sz(p.beyondVisible)} more past it, estimated at its last level (or worse)`,
    );
  }
  if (p.unfilled > 0n) {
    if (p.fillsNow === 0n && p.rests === 0n && p.beyondVisible === 0n && !limit) out.push('book too thin! no visible book to price it');
    else if (order.kind === 'fok') out.push(`the book cannot fill all ${sz(p.unfilled)} within the limit: FOK fills nothing`);
    else out.push(`fills ${sz(p.fillsNow)} now, ${sz(p.unfilled)} cancelled (IOC)`);
  }
}

/** A part wider than `width` broken at its spaces (a word wider than the width stands alone). */
function breakWords(part: string, width: number): string[] {
  if (part.length <= width) return [part];
  const out: string[] = [];
  let line = '';
  for (const word of part.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') out.push(line);
  return out;
}

/** Joins `parts` with `sep` into lines no wider than `width`; a part wider than the width is broken at its spaces. */
export function wrapParts(parts: readonly string[], width: number, sep = ' '): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts.flatMap((p) => breakWords(p, width))) {
    const next = line === '' ? part : `${line}${sep}${part}`;
    if (line !== '' && next.length > width) {
      lines.push(line);
      line = part;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * The preview's parts by importance, for a pane too narrow for one line: the liquidation price right
 * after the fill, then margin, fee and slippage, so the figure that matters most is on the first line
 * (the lines below it are the first a short pane cuts) and slip and fee are what moves down.
 */
function partsByImportance(parts: readonly string[]): string[] {
  const [est, slip, fee, margin, liq] = parts;
  return [est, liq, margin, fee, slip].filter((x): x is string => x !== undefined);
}

/** The review block: the preview line(s) then the notes, each line indented one cell, wrapped to `width` (`change`: see reviewNotes). */
export function reviewLines(p: OrderPreview, order: ReviewedKind, market: Market, width = Infinity, change = false): string[] {
  const inner = Math.max(10, width - 1);
  const parts = previewParts(p, market);
  const preview = parts.join(' ').length <= inner ? [parts.join(' ')] : wrapParts(partsByImportance(parts), inner);
  return [...preview, ...wrapParts(reviewNotes(p, order, market, change), inner, ' · ')].map((l) => ` ${l}`);
}

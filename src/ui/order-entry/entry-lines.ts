// The lines of the order entry pane, as plain text plus a tone: every field with its value, the size in
// both units, the leverage as value and bar, the reason beside any invalid field, the submit state and
// (in review) the risk preview (order-entry/review-lines.ts, shared with the review of a change). The side is
// labelled by what the order does to the position it meets. Pure, so the pane is tested without a terminal.

import { orderEffect, type OrderEffect, type PositionExposure } from '../../domain/trading/order-effect.js';
import type { OrderPreview } from '../../domain/trading/preview.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim, parseLeverage } from '../../protocol/scaling.js';
import { focusedSelected, isMarketType, isStopType, maxLeverageHundredths, type EntryField, type EntryResult, type OrderEntryForm, typedBlocks } from '../../state/order-entry.js';
import { typedSize } from '../../domain/trading/entry-size.js';
import { stopRequiredSide } from '../../domain/trading/stop-order.js';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { confirmKeys } from '../confirm/confirm-text.js';
import { money, reviewLines, sideText, wrapParts } from './review-lines.js';
import { groupThousands } from '../format/numbers.js';
import { marketLabel } from '../../domain/market-label.js';
import { NOMINAL_MS_PER_BLOCK } from '../../domain/block-time.js';
import { expiryText, marketWords, sizeText } from '../../domain/trading/order-words.js';
import { coveragePronoun } from '../../domain/trading/protection-coverage.js';
import type { CoverageAfterFill } from '../../state/order-review-protection.js';

export { previewLine } from './review-lines.js';

export type EntryLineTone = 'normal' | 'focus' | 'bad' | 'good' | 'muted' | 'up' | 'down';
export interface EntryLine {
  text: string;
  tone: EntryLineTone;
  /** A field the review can do without when the pane is short (fitEntryLines drops these first). */
  optional?: boolean;
  /** The keys (and a confirm's question): kept whatever the height, the tail above them is cut instead. */
  keep?: boolean;
}

const LABELS: Record<EntryField, string> = {
  side: 'side',
  type: 'type',
  size: 'size',
  trigger: 'stop at',
  price: 'price',
  leverage: 'leverage',
  reduce: 'reduce-only',
  tif: 'time',
  slippage: 'slippage',
  tp: 'take-profit',
  sl: 'stop-loss',
  expiry: 'expiry',
};

/** Which price fires a trigger, in words. */
function triggerPriceName(on: OrderEntryForm['triggerOn']): string {
  return on === 'last' ? 'last trade' : 'mark';
}

/** Said under a focused stop, TP or SL field: the choice Space makes there. */
export const TRIGGER_SOURCE_HELP = 'Space: fired by the mark / the last trade price';

/** What a size may be, said where it is typed (entry-size.ts defines "available"). */
export const SIZE_HELP = '0.5 base · $500 USD · 25% of the max your available margin buys (fee incl.)';

const TIF_NAMES = { gtc: 'GTC', post: 'PostOnly', ioc: 'IOC', fok: 'FOK' } as const;

/** A 10-cell bar of leverage against the market maximum. */
export function leverageBar(hundredths: number | null, max: number): string {
  const filled = hundredths === null || max <= 0 ? 0 : Math.max(0, Math.min(10, Math.round((hundredths / max) * 10)));
  return `[${'#'.repeat(filled)}${'-'.repeat(10 - filled)}]`;
}

function value(form: OrderEntryForm, field: EntryField, result: EntryResult, market: Market, effect: OrderEffect | null, msPerBlock: number): string {
  const sd = market.config.size_decimals;
  switch (field) {
    case 'side':
      return sideText(form.side, effect, market);
    case 'type':
      return form.type;
    case 'tif':
      return isMarketType(form.type) ? 'IOC' : TIF_NAMES[form.tif];
    case 'size': {
      const typed = typedSize(form.size, form.sizeUnit === 'notional' ? 'quote' : 'base');
      const unit = typed.unit === 'base' ? marketLabel(market) : typed.unit === 'quote' ? 'USD' : (form.reduceOnly ? 'of the position' : 'of available');
      const shown = typed.unit === 'percent' ? `${typed.number}%` : typed.number;
      const base = result.sizeUnits !== null ? ` = ${formatScaledTrim(result.sizeUnits, sd)} ${marketLabel(market)}` : '';
      const other = typed.unit === 'base' ? (result.notionalAtoms !== null ? ` = ${money(result.notionalAtoms)} USD` : '') : base;
      // Said, so that a prefilled size is never sent unnoticed: it is the one last sent in this market.
      return `${shown || '_'} ${unit}${other}${form.sizeRemembered ? '  (last used; typing replaces it)' : ''}`;
    }
    case 'trigger':
      return `${form.trigger || '_'} ${form.triggerOn} ${stopRequiredSide(form.side) === 'above' ? '≥' : '≤'} (${form.side === 'long' ? 'buy' : 'sell'} stop, ${stopRequiredSide(form.side)} the ${triggerPriceName(form.triggerOn)})`;
    case 'reduce':
      return form.reduceOnly ? 'on (only reduces the position)' : 'off';
    case 'price':
      return isMarketType(form.type) ? 'market' : form.price || '_';
    case 'leverage': {
      if (form.reduceOnly) return '— (reduce-only)';
      let lev: number | null = null;
      try {
        lev = parseLeverage(form.leverage);
      } catch {
        lev = null;
      }
      const max = maxLeverageHundredths(market);
      const maxText = `${formatScaledTrim(max, 2)}x`;
      if (lev !== null && lev > max) return `${maxText} ${leverageBar(max, max)} max (${form.leverage}x clamped)`;
      return `${form.leverage || '_'}x ${leverageBar(lev, max)} max ${maxText}`;
    }
    case 'slippage':
      return isMarketType(form.type) ? `${form.slippage || market.order_max_market_slippage_bps} bps cap` : '(market orders)';
    case 'tp':
    case 'sl':
      // A leg's price says which price fires it (the bracket's legs and the stop share one choice).
      return form[field] ? `${form[field]} ${form.triggerOn}` : '—';
    case 'expiry': {
      // Blocks with their time, and the exchange's limit in words (stops have none: the exchange holds them).
      if (isStopType(form.type)) return form.expiry ? `${form.expiry} blocks` : 'none (the exchange holds a stop until it fires)';
      // None typed, or not a number of blocks (or none a count can say): shown as typed.
      const typed = typedBlocks(form.expiry);
      const blocks = typed !== null && typed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(typed) : null;
      return form.expiry.trim() !== '' && blocks === null ? `${form.expiry} blocks` : expiryText(blocks, market.order_ttl_blocks, msPerBlock);
    }
  }
}

export interface EntryLinesInput {
  form: OrderEntryForm;
  result: EntryResult;
  market: Market;
  reviewing: boolean;
  preview: OrderPreview | null;
  /** Why sending is impossible now (read-only, stale, fw off, ...), null when it is possible. */
  disabled: string | null;
  /** The position in the form's market, to label the side by its effect; null or absent when flat. */
  position?: PositionExposure | null;
  /** The pane's inner width: the review wraps to it (no wrap when absent). */
  width?: number;
  /** The confirm this review asks (smart confirm), shown in place of the review's keys: where the eye is. */
  confirm?: ConfirmPrompt | null;
  /** The market's mark now (ticks): the reference a stop's trigger is shown against. */
  mark?: number | null;
  /** The market's last trade price now (ticks): the reference of a stop on the last trade. */
  last?: number | null;
  /** The block time the client measured (ms): an expiry is said in time too; absent: the nominal one. */
  msPerBlock?: number;
  /** TP/SL of the position the order grows that would cover only part of it after the fill (state/order-review-protection.ts). */
  coverage?: CoverageAfterFill | null;
  /** The position's stops this order's fill would leave beyond its liquidation, in words (state/order-review-protection.ts). */
  stopsBeaten?: string | null;
}

/**
 * The review's line for TP/SL the order leaves partial: the offer of `r`, what `r` chose, or why it cannot.
 * Kept whatever the height: protection that covers less than it seems to is never cut from the review.
 */
export function coverageLine(c: CoverageAfterFill, resizing: boolean, market: Market): EntryLine {
  const all = sizeText(c.sizeAfter, marketWords(market, market.id));
  if ('refused' in c.resize) return { text: ` ${c.words} after this fill (cannot resize: ${c.resize.refused})`, tone: 'bad', keep: true };
  // Both roles partial ("them") or one ("it").
  const pronoun = coveragePronoun(c.tp, c.sl);
  if (resizing) return { text: ` ${c.words} after this fill: resized to ${all} with the order (r leaves ${pronoun})`, tone: 'good', keep: true };
  return { text: ` ${c.words} after this fill: r resizes ${pronoun} with the order`, tone: 'bad', keep: true };
}

/**
 * The review's lines for what happens later: a stop's trigger against the price that fires it now (the mark,
 * or the last trade), a bracket's legs (wrapped to `width`).
 */
export function legLines(form: OrderEntryForm, intent: EntryResult['intent'], market: Market, mark: number | null, width = Infinity, last: number | null = null): EntryLine[] {
  if (!intent) return [];
  const px = (v: number) => groupThousands(formatScaledTrim(v, market.config.price_decimals));
  const out: EntryLine[] = [];
  const inner = Math.max(10, width - 1);
  const add = (parts: string[], optional = false) => {
    for (const text of wrapParts(parts, inner)) out.push({ text: ` ${text}`, tone: 'focus', ...(optional ? { optional: true } : {}) });
  };
  const verb = form.side === 'long' ? 'buy' : 'sell';
  if (intent.trigger) {
    const then = intent.price !== undefined ? `a limit ${verb} @ ${px(intent.price)}` : `a market ${verb}`;
    const onLast = intent.trigger.on === 'last';
    const now = onLast ? last : mark;
    const name = onLast ? 'last price' : 'mark';
    add([`stop: fires when ${name} ${form.side === 'long' ? '≥' : '≤'} ${px(intent.trigger.price)}`, `(${onLast ? 'last' : 'mark'} now ${now === null ? '?' : px(now)}),`, `then ${then}`]);
  }
  if (intent.tp || intent.sl) {
    const close = form.side === 'long' ? 'sell' : 'buy';
    const legs = [
      intent.tp ? `TP ${close} ${intent.tp.on ?? 'mark'} ${form.side === 'long' ? '≥' : '≤'} ${px(intent.tp.price)}` : null,
      intent.sl ? `SL ${close} ${intent.sl.on ?? 'mark'} ${form.side === 'long' ? '≤' : '≥'} ${px(intent.sl.price)}` : null,
    ].filter((x): x is string => x !== null);
    add(['bracket: entry', ...legs.map((l) => `+ ${l}`)]);
    add(['legs armed once the entry is accepted;', 'a refused entry sends none'], true);
  }
  return out;
}

/** How the typed order's relative words resolved (while their fields still hold what they resolved to): kept whatever the height. */
export function typedNoteLines(form: OrderEntryForm, width = Infinity): EntryLine[] {
  const inner = Math.max(10, width - 1);
  const live = (form.typedNotes ?? []).filter((n) => form[n.field] === n.value);
  return live.flatMap((n) => wrapParts([n.text], inner).map((text) => ({ text: ` ${text}`, tone: 'focus' as const, keep: true })));
}

/** Fields the review keeps whatever the height: what the order is. */
const ESSENTIAL: ReadonlySet<EntryField> = new Set(['side', 'type', 'size', 'trigger', 'price']);

/** Kept in review too: what the order is, reduce-only when on, a bracket's take-profit and stop-loss legs, an expiry typed. */
function essential(form: OrderEntryForm, field: EntryField): boolean {
  if (field === 'reduce') return form.reduceOnly;
  if (field === 'tp' || field === 'sl' || field === 'expiry') return form[field].trim() !== '';
  return ESSENTIAL.has(field);
}

export function entryLines(i: EntryLinesInput): EntryLine[] {
  const { form, result, market } = i;
  const hidden = new Set<EntryField>(isMarketType(form.type) ? ['price'] : ['slippage']);
  if (!isStopType(form.type)) hidden.add('trigger');
  // The effect of the whole order on the position (the preview's own when reviewing).
  const effect = i.preview?.effect ?? (result.sizeUnits !== null ? orderEffect(i.position ?? null, form.side === 'long' ? 1 : 2, result.sizeUnits) : null);
  const lines: EntryLine[] = [];
  for (const field of Object.keys(LABELS) as EntryField[]) {
    if (hidden.has(field)) continue;
    const problem = result.problems[field];
    const mark = form.focus === field && !i.reviewing ? '▸' : ' ';
    // A selected field says so (the remembered size says it in its own words).
    const replaces = form.focus === field && !i.reviewing && focusedSelected(form) && !form.sizeRemembered ? '  (typing replaces it)' : '';
    const text = `${mark}${LABELS[field].padEnd(12)}${value(form, field, result, market, effect, i.msPerBlock ?? NOMINAL_MS_PER_BLOCK)}${replaces}${problem ? `  ✗ ${problem}` : ''}`;
    const tone: EntryLineTone = problem ? 'bad' : field === 'side' ? (form.side === 'long' ? 'up' : 'down') : form.focus === field ? 'focus' : 'normal';
    lines.push({ text, tone, ...(i.reviewing && !essential(form, field) ? { optional: true } : {}) });
    if (field === 'size' && form.focus === 'size' && !i.reviewing) lines.push({ text: `   ${SIZE_HELP}${form.reduceOnly ? ' (reduce-only: of the position)' : ''}`, tone: 'muted', optional: true });
    if ((field === 'trigger' || field === 'tp' || field === 'sl') && form.focus === field && !i.reviewing) lines.push({ text: `   ${TRIGGER_SOURCE_HELP}`, tone: 'muted', optional: true });
  }
  if (i.disabled) lines.push({ text: ` submit disabled: ${i.disabled}`, tone: 'bad' });
  else if (i.reviewing && i.preview && result.intent) {
    lines.push(...typedNoteLines(form, i.width));
    lines.push(...legLines(form, result.intent, market, i.mark ?? null, i.width, i.last ?? null));
    for (const text of reviewLines(i.preview, result.intent, market, i.width)) lines.push({ text, tone: 'good' });
    // Kept whatever the height. Said once: while smart confirm asks, its question carries it (as judged when y was pressed).
    if (i.stopsBeaten && !i.confirm) lines.push({ text: ` ${i.stopsBeaten}`, tone: 'bad', keep: true });
    if (i.coverage) lines.push(coverageLine(i.coverage, form.resizeProtection === true, market));
    if (i.confirm) {
      lines.push({ text: ` ${i.confirm.text}`, tone: 'bad', keep: true });
      lines.push({ text: ` ${confirmKeys(i.confirm)}`, tone: 'focus', keep: true });
    } else lines.push({ text: ' y/Enter send   Esc edit   ? keys', tone: 'focus', keep: true });
  } else if (Object.keys(result.problems).length > 0) lines.push({ text: ' fix the fields marked ✗ to review', tone: 'muted' });
  else lines.push({ text: ' Enter review   Tab next field   Space change   Esc close   ? keys', tone: 'muted' });
  return lines;
}

/** The lines that fit `height`: optional fields go first (the last one first), then the tail above the kept keys is cut. */
export function fitEntryLines(lines: readonly EntryLine[], height: number): EntryLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0 && out.length > height; i--) if (out[i]?.optional) out.splice(i, 1);
  for (let i = out.length - 1; i >= 0 && out.length > height; i--) if (!out[i]?.keep) out.splice(i, 1);
  return out.slice(0, Math.max(0, height));
}

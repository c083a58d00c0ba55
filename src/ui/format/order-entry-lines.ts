// The lines of the order entry pane, as plain text plus a tone: every field with its value, the size in
// both units, the leverage as value and bar, the reason beside any invalid field, the submit state and
// (in review) the risk preview (order-review-lines.ts, shared with the review of a change). The side is
// labelled by what the order does to the position it meets. Pure, so the pane is tested without a terminal.

import { orderEffect, type OrderEffect, type PositionExposure } from '../../domain/trading/order-effect.js';
import type { OrderPreview } from '../../domain/trading/preview.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim, parseLeverage } from '../../protocol/scaling.js';
import { maxLeverageHundredths, type EntryField, type EntryResult, type OrderEntryForm } from '../../state/order-entry.js';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { confirmKeys } from './confirm-text.js';
import { money, reviewLines, sideText } from './order-review-lines.js';
import { marketLabel } from '../../domain/market-label.js';

export { previewLine } from './order-review-lines.js';

export type EntryLineTone = 'normal' | 'focus' | 'bad' | 'good' | 'muted' | 'up' | 'down';
export interface EntryLine {
  text: string;
  tone: EntryLineTone;
  /** A field the review can do without when the pane is short (fitEntryLines drops these first). */
  optional?: boolean;
}

const LABELS: Record<EntryField, string> = {
  side: 'side',
  type: 'type',
  size: 'size',
  price: 'price',
  leverage: 'leverage',
  tif: 'time',
  slippage: 'slippage',
  tp: 'take-profit',
  sl: 'stop-loss',
  expiry: 'expiry',
};

const TIF_NAMES = { gtc: 'GTC', post: 'PostOnly', ioc: 'IOC', fok: 'FOK' } as const;

/** A 10-cell bar of leverage against the market maximum. */
export function leverageBar(hundredths: number | null, max: number): string {
  const filled = hundredths === null || max <= 0 ? 0 : Math.max(0, Math.min(10, Math.round((hundredths / max) * 10)));
  return `[${'#'.repeat(filled)}${'-'.repeat(10 - filled)}]`;
}

function value(form: OrderEntryForm, field: EntryField, result: EntryResult, market: Market, effect: OrderEffect | null): string {
  const sd = market.config.size_decimals;
  switch (field) {
    case 'side':
      return sideText(form.side, effect, market);
    case 'type':
      return form.type === 'limit' ? 'limit' : 'market';
    case 'tif':
      return form.type === 'market' ? 'IOC' : TIF_NAMES[form.tif];
    case 'size': {
      const unit = form.sizeUnit === 'base' ? marketLabel(market) : 'USD';
      const other =
        form.sizeUnit === 'base'
          ? result.notionalAtoms !== null ? ` = ${money(result.notionalAtoms)} USD` : ''
          : result.sizeUnits !== null ? ` = ${formatScaledTrim(result.sizeUnits, sd)} ${marketLabel(market)}` : '';
      return `${form.size || '_'} ${unit}${other}`;
    }
    case 'price':
      return form.type === 'market' ? 'market' : form.price || '_';
    case 'leverage': {
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
      return form.type === 'market' ? `${form.slippage || market.order_max_market_slippage_bps} bps cap` : '(market orders)';
    case 'tp':
    case 'sl':
      return form[field] || '—';
    case 'expiry':
      return form.expiry ? `${form.expiry} blocks` : 'default';
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
}

/** Fields the review keeps whatever the height: what the order is. */
const ESSENTIAL: ReadonlySet<EntryField> = new Set(['side', 'type', 'size', 'price']);

export function entryLines(i: EntryLinesInput): EntryLine[] {
  const { form, result, market } = i;
  const hidden = new Set<EntryField>(form.type === 'market' ? ['price'] : ['slippage']);
  // The effect of the whole order on the position (the preview's own when reviewing).
  const effect = i.preview?.effect ?? (result.sizeUnits !== null ? orderEffect(i.position ?? null, form.side === 'long' ? 1 : 2, result.sizeUnits) : null);
  const lines: EntryLine[] = [];
  for (const field of Object.keys(LABELS) as EntryField[]) {
    if (hidden.has(field)) continue;
    const problem = result.problems[field];
    const mark = form.focus === field && !i.reviewing ? '▸' : ' ';
    const text = `${mark}${LABELS[field].padEnd(12)}${value(form, field, result, market, effect)}${problem ? `  ✗ ${problem}` : ''}`;
    const tone: EntryLineTone = problem ? 'bad' : field === 'side' ? (form.side === 'long' ? 'up' : 'down') : form.focus === field ? 'focus' : 'normal';
    lines.push({ text, tone, ...(i.reviewing && !ESSENTIAL.has(field) ? { optional: true } : {}) });
  }
  if (i.disabled) lines.push({ text: ` submit disabled: ${i.disabled}`, tone: 'bad' });
  else if (i.reviewing && i.preview && result.intent) {
    for (const text of reviewLines(i.preview, result.intent, market, i.width)) lines.push({ text, tone: 'good' });
    if (i.confirm) {
      lines.push({ text: ` ${i.confirm.text}`, tone: 'bad' });
      lines.push({ text: ` ${confirmKeys(i.confirm)}`, tone: 'focus' });
    } else lines.push({ text: ' y/Enter send   Esc edit   ? keys', tone: 'focus' });
  } else if (Object.keys(result.problems).length > 0) lines.push({ text: ' fix the fields marked ✗ to review', tone: 'muted' });
  else lines.push({ text: ' Enter review   Tab next field   Space change   Esc close   ? keys', tone: 'muted' });
  return lines;
}

/** The lines that fit `height`: optional fields go first (the last one first), then the tail is cut. */
export function fitEntryLines(lines: readonly EntryLine[], height: number): EntryLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0 && out.length > height; i--) if (out[i]?.optional) out.splice(i, 1);
  return out.slice(0, Math.max(0, height));
}

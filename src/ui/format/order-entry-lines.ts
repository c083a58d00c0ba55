// The lines of the order entry pane, as plain text plus a tone: every field with its value, the size in
// both units, the leverage as value and bar, the reason beside any invalid field, the submit state and
// (in review) the one-line risk preview. Pure, so the pane is tested without a terminal.

import type { OrderPreview } from '../../domain/trading/preview.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim, parseLeverage } from '../../protocol/scaling.js';
import { maxLeverageHundredths, type EntryField, type EntryResult, type OrderEntryForm } from '../../state/order-entry.js';
import { groupThousands } from './numbers.js';

export type EntryLineTone = 'normal' | 'focus' | 'bad' | 'good' | 'muted' | 'up' | 'down';
export interface EntryLine {
  text: string;
  tone: EntryLineTone;
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

function money(atoms: bigint): string {
  return groupThousands(formatScaledTrim(atoms, COLLATERAL_DECIMALS).replace(/(\.\d{2})\d*$/, '$1'));
}

/** A 10-cell bar of leverage against the market maximum. */
export function leverageBar(hundredths: number | null, max: number): string {
  const filled = hundredths === null || max <= 0 ? 0 : Math.max(0, Math.min(10, Math.round((hundredths / max) * 10)));
  return `[${'#'.repeat(filled)}${'-'.repeat(10 - filled)}]`;
}

function value(form: OrderEntryForm, field: EntryField, result: EntryResult, market: Market): string {
  const sd = market.config.size_decimals;
  switch (field) {
    case 'side':
      return form.side === 'long' ? '▲ LONG (buy)' : '▼ SHORT (sell)';
    case 'type':
      return form.type === 'limit' ? 'limit' : 'market';
    case 'tif':
      return form.type === 'market' ? 'IOC' : TIF_NAMES[form.tif];
    case 'size': {
      const unit = form.sizeUnit === 'base' ? market.symbol : 'USD';
      const other =
        form.sizeUnit === 'base'
          ? result.notionalAtoms !== null ? ` = ${money(result.notionalAtoms)} USD` : ''
          : result.sizeUnits !== null ? ` = ${formatScaledTrim(result.sizeUnits, sd)} ${market.symbol}` : '';
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

/** The risk preview on one line: est. fill, slippage vs mark, fee, margin, liquidation and distance. */
export function previewLine(p: OrderPreview, market: Market): string {
  const pd = market.config.price_decimals;
  const fill = p.estimatedAveragePrice === null ? 'n/a' : groupThousands(formatScaledTrim(BigInt(Math.round(p.estimatedAveragePrice)), pd));
  const slip = p.slippageBps === null ? 'n/a' : `${p.slippageBps.toFixed(1)}bps`;
  const liq = p.liquidationPrice === null ? 'none' : groupThousands(formatScaledTrim(p.liquidationPrice, pd));
  const dist = p.liquidationDistancePct === null ? '' : ` (${p.liquidationDistancePct.toFixed(1)}%)`;
  const thin = p.bookCovers ? '' : ' book too thin!';
  return `est ${fill} slip ${slip} fee ${money(p.feeAtoms)} margin ${money(p.marginAtoms)} liq ${liq}${dist}${thin}`;
}

export interface EntryLinesInput {
  form: OrderEntryForm;
  result: EntryResult;
  market: Market;
  reviewing: boolean;
  preview: OrderPreview | null;
  /** Why sending is impossible now (read-only, stale, fw off, ...), null when it is possible. */
  disabled: string | null;
}

export function entryLines(i: EntryLinesInput): EntryLine[] {
  const { form, result, market } = i;
  const hidden = new Set<EntryField>(form.type === 'market' ? ['price'] : ['slippage']);
  const lines: EntryLine[] = [];
  for (const field of Object.keys(LABELS) as EntryField[]) {
    if (hidden.has(field)) continue;
    const problem = result.problems[field];
    const mark = form.focus === field && !i.reviewing ? '▸' : ' ';
    const text = `${mark}${LABELS[field].padEnd(12)}${value(form, field, result, market)}${problem ? `  ✗ ${problem}` : ''}`;
    const tone: EntryLineTone = problem ? 'bad' : field === 'side' ? (form.side === 'long' ? 'up' : 'down') : form.focus === field ? 'focus' : 'normal';
    lines.push({ text, tone });
  }
  if (i.disabled) lines.push({ text: ` submit disabled: ${i.disabled}`, tone: 'bad' });
  else if (i.reviewing && i.preview) {
    lines.push({ text: ` ${previewLine(i.preview, market)}`, tone: 'good' });
    lines.push({ text: ' y/Enter send   Esc edit', tone: 'focus' });
  } else if (Object.keys(result.problems).length > 0) lines.push({ text: ' fix the fields marked ✗ to review', tone: 'muted' });
  else lines.push({ text: ' Enter review   Tab next field   space toggle   Esc close', tone: 'muted' });
  return lines;
}

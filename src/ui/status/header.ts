// The market header line: mark, last, oracle, 24 h change, volume, open interest, funding (per interval,
// annualised when the line has room, countdown to the next event).

import type { MarketHeaderView, MarketRef } from '../../domain/views.js';
import { formatCompact, formatCountdown, formatInterval, formatScaledGrouped, formatSignedPct, formatSizeCompact } from '../format/numbers.js';

export interface HeaderField {
  label: string;
  value: string;
  /** Sign of the value where it matters (24 h change), for colour; the text carries the sign too. */
  direction: 'up' | 'down' | 'flat';
}

const DASH = '—';

function price(raw: number | null, market: MarketRef): string {
  return raw === null ? DASH : formatScaledGrouped(raw, market.priceDecimals);
}

function direction(n: number | null): HeaderField['direction'] {
  if (n === null || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

export interface HeaderOptions {
  /** The annualised funding rate after the per-interval one, e.g. `(+4.38% apr)` (default true). */
  apr?: boolean;
  /** The interval's length after the rate, e.g. `/43m` (default true; the second thing to go when narrow). */
  interval?: boolean;
}

function fundingValue(header: MarketHeaderView, fundingIntervalSec: number | null, apr: boolean, interval: boolean): string {
  if (header.fundingRatePct === null) return DASH;
  const rate = `${formatSignedPct(header.fundingRatePct, 4)}${fundingIntervalSec && interval ? `/${formatInterval(fundingIntervalSec)}` : ''}`;
  const annual = apr && header.fundingAprPct !== null ? ` (${formatSignedPct(header.fundingAprPct, 2)} apr)` : '';
  const countdown = header.nextFundingInMs === null ? '' : ` ${formatCountdown(header.nextFundingInMs)}`;
  // Whose rate: the interval that settled last, or the next one (published ahead of its block).
  const whose = header.fundingInterval ? `${header.fundingInterval} ` : '';
  return whose + rate + annual + countdown;
}

/** Open interest in the market's base units with its unit: "412.3 BTC"; "—" before the feed sent it. */
export function openInterestText(header: MarketHeaderView, market: MarketRef): string {
  return header.openInterest == null ? DASH : `${formatSizeCompact(header.openInterest)} ${market.symbol}`;
}

export function headerFields(header: MarketHeaderView, market: MarketRef, fundingIntervalSec: number | null, opts: HeaderOptions = {}): HeaderField[] {
  const funding = fundingValue(header, fundingIntervalSec, opts.apr ?? true, opts.interval ?? true);
  return [
    { label: 'mark', value: price(header.mark, market), direction: 'flat' },
    { label: 'last', value: price(header.last, market), direction: 'flat' },
    { label: 'oracle', value: price(header.oracle, market), direction: 'flat' },
    {
      label: '24h',
      value: header.change24hPct === null ? DASH : formatSignedPct(header.change24hPct),
      direction: direction(header.change24hPct),
    },
    { label: 'vol', value: header.volume24h === null ? DASH : formatCompact(header.volume24h), direction: 'flat' },
    { label: 'OI', value: openInterestText(header, market), direction: 'flat' },
    { label: 'fund', value: funding, direction: direction(header.fundingRatePct) },
  ];
}

/** Fields worth the room on a narrow terminal: the rest are dropped first. */
export const NARROW_HEADER_LABELS: ReadonlySet<string> = new Set(['mark', 'last', '24h', 'OI', 'fund']);

/** The whole header as plain text (for narrow layouts and tests). */
export function headerText(fields: readonly HeaderField[]): string {
  return fields.map((f) => `${f.label} ${f.value}`).join('  ');
}

/** The fields the status bar draws: on a narrow terminal only NARROW_HEADER_LABELS. */
export function shownHeaderFields(fields: readonly HeaderField[], narrow: boolean): HeaderField[] {
  return narrow ? fields.filter((f) => NARROW_HEADER_LABELS.has(f.label)) : [...fields];
}

/** Cells the status bar needs for `fields` (two spaces between fields, one when narrow). */
export function headerCells(fields: readonly HeaderField[], narrow: boolean): number {
  const text = fields.reduce((n, f) => n + f.label.length + 1 + f.value.length, 0);
  return text + Math.max(0, fields.length - 1) * (narrow ? 1 : 2);
}

/**
 * The header for `width` cells: with the annualised funding rate when the whole line fits, else without it
 * (the first thing to go), then without the interval's length (`/43m`); the rest is truncated at the end.
 */
export function fitHeaderFields(
  header: MarketHeaderView,
  market: MarketRef,
  fundingIntervalSec: number | null,
  width: number,
  narrow: boolean,
): HeaderField[] {
  const fits = (fields: HeaderField[]) => headerCells(shownHeaderFields(fields, narrow), narrow) <= width;
  const full = headerFields(header, market, fundingIntervalSec);
  if (fits(full)) return full;
  const noApr = headerFields(header, market, fundingIntervalSec, { apr: false });
  if (fits(noApr)) return noApr;
  return headerFields(header, market, fundingIntervalSec, { apr: false, interval: false });
}

// The market header line: mark, last, oracle, 24 h change, volume, open interest, funding.

import type { MarketHeaderView, MarketRef } from '../../domain/views.js';
import { formatCompact, formatCountdown, formatInterval, formatScaledGrouped, formatSignedPct } from './numbers.js';

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

export function headerFields(header: MarketHeaderView, market: MarketRef, fundingIntervalSec: number | null): HeaderField[] {
  const funding =
    header.fundingRatePct === null
      ? DASH
      : `${formatSignedPct(header.fundingRatePct, 4)}${fundingIntervalSec ? `/${formatInterval(fundingIntervalSec)}` : ''}` +
        (header.nextFundingInMs === null ? '' : ` ${formatCountdown(header.nextFundingInMs)}`);
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
    { label: 'OI', value: header.openInterestNotional === null ? DASH : formatCompact(header.openInterestNotional), direction: 'flat' },
    { label: 'fund', value: funding, direction: direction(header.fundingRatePct) },
  ];
}

/** Fields worth the room on a narrow terminal: the rest are dropped first. */
export const NARROW_HEADER_LABELS: ReadonlySet<string> = new Set(['mark', 'last', '24h', 'OI', 'fund']);

/** The whole header as plain text (for narrow layouts and tests). */
export function headerText(fields: readonly HeaderField[]): string {
  return fields.map((f) => `${f.label} ${f.value}`).join('  ');
}

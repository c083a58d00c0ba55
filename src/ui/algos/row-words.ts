// The words of an Algos tab row, by kind, for a trader reading it at a glance: a TWAP's progress and its
// average against the arrival mark; a trailing stop's stop level and how far it sits from the price it
// follows and from liquidation, its distance rule, holding / moving / ended; a chase's resting price, bound
// and time left; a scaled order's legs filled of placed, its prices and skew, its average fill and what
// rests. Pure: columns.ts lays them out, dropping the wide ones first.

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { distanceText } from '../../domain/algos/distance.js';
import { timeLeftText } from '../../domain/algos/time-left.js';
import { priceText, refWords } from '../../domain/trading/order-words.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import type { MarketRef } from '../../domain/views.js';
import { price, size } from '../tabs/row-cells.js';

/** How far `from` is from `to`, in % of `to` with two decimals ("1.22%"), integer math; '—' when not known. */
export function percentAway(from: number | null, to: number | null): string {
  if (from === null || to === null || to <= 0) return '—';
  const gap = BigInt(Math.abs(from - to)) * 10_000n;
  const hundredths = (gap + BigInt(to) / 2n) / BigInt(to);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

/** Hundredths of a bp of the arrival mark the average paid over it (a sell: got under it), toward zero; '—' before a fill. */
export function slippageBps(r: Pick<AlgoRow, 'avgPrice' | 'arrivalMark' | 'side'>): string {
  if (r.avgPrice === null || r.arrivalMark <= 0) return '—';
  const worse = r.side === 'long' ? r.avgPrice - r.arrivalMark : r.arrivalMark - r.avgPrice;
  const hundredths = (BigInt(worse) * 1_000_000n) / BigInt(r.arrivalMark);
  const sign = hundredths > 0n ? '+' : hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A trail's side is its position's (the stop sells a long); the others' the side they trade. */
export function sideWords(r: Pick<AlgoRow, 'side' | 'kind'>): string {
  const long = r.side === 'long';
  if (r.kind === 'trail') return long ? '▲ LONG' : '▼ SHORT';
  return long ? '▲ BUY' : '▼ SELL';
}

/** What it holds now: a TWAP's filled/target; a chase's filled/size and its resting price; a trail's stop and its distance from the price. */
export function progressWords(r: AlgoRow, m: MarketRef | undefined): string {
  const filled = `${size(r.filled, m)}/${size(r.target, m)}`;
  if (r.trail) return r.trail.stop === null ? 'no stop yet' : `stop ${price(r.trail.stop, m)} (${percentAway(r.trail.stop, r.trail.reference)})`;
  if (r.chase) return `${filled} @${r.chase.resting ? price(r.chase.resting.price, m) : '—'}`;
  if (r.scale) return `${r.scale.filledLegs}/${r.scale.placed ?? r.scale.count} legs ${filled}`;
  return filled;
}

/** The rule it follows: a trail's distance and source ("1% on mark"), a chase's reach and what it does at its bound. */
export function ruleWords(r: AlgoRow, m: MarketRef | undefined): string {
  const words = m ? refWords(m) : { label: `#${r.marketId}`, priceDecimals: 0, sizeDecimals: 0 };
  if (r.trail) return `${distanceText(r.trail.distance, words)} on ${r.trail.on}`;
  if (r.chase) return `max ${distanceText(r.chase.maxDistance, words)}, at bound: ${r.chase.atBound === 'leave' ? 'rest' : 'cancel'}`;
  if (r.scale) return `x${r.scale.count} ${priceText(r.scale.from, words)}→${priceText(r.scale.to, words)} skew ${formatScaledTrim(r.scale.skew, 2)}`;
  return '';
}

/** The figures beside it (wide screens): a TWAP's average against the arrival mark; a trail's price and liquidation; a chase's start, bound and time left. */
export function detailWords(r: AlgoRow, m: MarketRef | undefined): string {
  if (r.trail) {
    const t = r.trail;
    // How far past the stop liquidation lies, in % of the stop: the room the stop keeps before it.
    const below = r.side === 'long' ? 'below' : 'above';
    const liq = t.liquidation === null ? 'liq —' : `liq ${price(t.liquidation, m)} ${t.stop === null ? '' : `${percentAway(t.liquidation, t.stop)} ${below}`}`.trimEnd();
    return `${t.on} ${price(t.reference, m)} · ${liq}`;
  }
  if (r.chase) return `from ${price(r.chase.startPrice, m)} to ${price(r.chase.boundPrice, m)} · ${timeLeftText(r.chase.leftMs)} left`;
  if (r.scale) return `avg ${price(r.avgPrice, m)} · ${size(r.scale.restingSize, m)} resting`;
  return `avg ${price(r.avgPrice, m)} vs ${price(r.arrivalMark, m)} ${slippageBps(r)} bps`;
}

/** Its state in a word: a running trail holding or moving its stop; done / ended once over. */
export function stateWord(r: Pick<AlgoRow, 'status' | 'complete' | 'trail'>): string {
  if (r.status === 'ended') return r.complete ? 'done' : 'ended';
  if (r.status === 'running' && r.trail) return r.trail.phase;
  return r.status;
}

/** What it does next; once it is paused, held or over, why. */
export function nextOrWhy(r: Pick<AlgoRow, 'status' | 'next' | 'reason'>): string {
  return r.status === 'running' ? r.next : r.reason;
}

// The chart's info rows above the candles: where the chart looks when scrolled back ("◀ 2h ago  End
// live"), the cursor's candle (time, O H L C, volume), the older-history state and the legend of the
// price lines (with ▲ / ▼ for a line above or below what is shown). Each is a list of tokens; the rows
// take them in that order and drop what does not fit, so the scroll state is never the part cut.

import type { CandleHistoryView, CandleView } from '../../domain/views.js';
import { formatScaledGrouped } from '../../protocol/scaling.js';
import type { ChartMarkLine, ChartLineKind } from './chart-lines.js';
import { LINE_STYLE } from './chart-lines.js';
import { fitText, formatCompact } from '../format/numbers.js';

/** "35m", "2h 5m", "3d 4h": how far back the newest shown candle is from the newest held. */
export function formatAgo(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}h` : `${hours}h ${minutes % 60}m`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days}d` : `${days}d ${hours % 24}h`;
}

/** "11-26 14:05": a candle's open, local time, with the date (scrolled back, the day matters). */
export function candleTimeLabel(t: number): string {
  const d = new Date(t);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Scrolled back: how far, and the key back to live. */
export function scrollTokens(args: { scrolledBack: boolean; shownEndT: number | null; history: CandleHistoryView; liveKey: string }): string[] {
  const { history } = args;
  if (!args.scrolledBack || args.shownEndT === null || history.newestT === null) return [];
  return [`◀ ${formatAgo(history.newestT - args.shownEndT)} ago`, `${args.liveKey} live`];
}

/** The older history: a page loading, or none older once the window reaches the oldest held. */
export function historyTokens(args: { scrolledBack: boolean; windowFirstT: number | null; history: CandleHistoryView }): string[] {
  const { history } = args;
  if (history.loadingOlder) return ['loading older…'];
  const atOldest = args.windowFirstT !== null && args.windowFirstT <= (history.oldestT ?? args.windowFirstT);
  return history.noOlder && args.scrolledBack && atOldest ? ['no older candles'] : [];
}

/** The cursor's candle: time, open, high, low, close, volume. */
export function readoutTokens(candle: CandleView, priceDecimals: number): string[] {
  const px = (v: number): string => formatScaledGrouped(v, priceDecimals);
  return [candleTimeLabel(candle.t), `O ${px(candle.o)}`, `H ${px(candle.h)}`, `L ${px(candle.l)}`, `C ${px(candle.c)}`, `V ${formatCompact(candle.volume)}`];
}

const LEGEND_ORDER: readonly ChartLineKind[] = ['entry', 'liq', 'tp', 'sl', 'order'];

/** One token per line kind ("E entry 67,010.0", "L liq 60,100.0▼"); orders are counted, not priced. */
export function legendTokens(lines: readonly ChartMarkLine[], shown: { low: number; high: number } | null, priceDecimals: number): string[] {
  const out: string[] = [];
  for (const kind of LEGEND_ORDER) {
    const ofKind = lines.filter((l) => l.kind === kind);
    if (ofKind.length === 0) continue;
    const { mark, word } = LINE_STYLE[kind];
    if (kind === 'order') {
      out.push(`${mark} ${word}${ofKind.length > 1 ? ` ×${ofKind.length}` : ''}`);
      continue;
    }
    for (const l of ofKind) {
      const side = shown === null ? '' : l.price > shown.high ? '▲' : l.price < shown.low ? '▼' : '';
      out.push(`${mark} ${word} ${formatScaledGrouped(l.price, priceDecimals)}${side}`);
    }
  }
  return out;
}

/**
 * Packs token groups, in priority order, into at most `maxRows` rows of `width` cells (two spaces apart);
 * once a token does not fit, it and everything after it are dropped (the later groups matter less).
 */
export function packInfoRows(groups: readonly (readonly string[])[], width: number, maxRows: number): string[] {
  const rows: string[] = [];
  if (width <= 0 || maxRows <= 0) return rows;
  for (const group of groups) {
    for (const raw of group) {
      const token = raw.length > width ? fitText(raw, width).trimEnd() : raw;
      const last = rows.at(-1);
      if (last !== undefined && last.length + 2 + token.length <= width) rows[rows.length - 1] = `${last}  ${token}`;
      else if (rows.length < maxRows) rows.push(token);
      else return rows.map((r) => r.padEnd(width));
    }
  }
  return rows.map((r) => r.padEnd(width));
}

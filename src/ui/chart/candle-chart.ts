// Candles as block glyphs: one column per candle, a body (█ up, ▒ down: distinguishable without
// colour) between open and close, │ wicks to high and low, volume bars below, price labels on the right.

import type { CandleView } from '../../domain/views.js';
import { formatScaledGrouped } from '../format/numbers.js';

export type ChartTone = 'up' | 'down' | 'axis' | 'plain';

export interface ChartRun {
  text: string;
  tone: ChartTone;
}

/** One screen row as runs of equal tone. Every row is exactly `width` cells wide. */
export type ChartRow = ChartRun[];

export interface ChartOptions {
  width: number;
  height: number;
  priceDecimals: number;
  /** Candle resolution in seconds: picks the time-axis format (dates for daily candles). Default 60. */
  resolution?: number;
  /** Price lines (own orders, TP / SL, entry, liquidation): a row of `glyph` (default ╌) across empty plot cells, the price labelled with `mark`. */
  lines?: readonly ChartLine[];
  /** Open time of the candle under the cursor: kept on screen, its column drawn ┊ and its time on the axis. */
  cursorT?: number | null;
}

export interface ChartLine {
  price: number;
  mark: string;
  glyph?: string;
}

/** Index of the candle under a cursor at `cursorT`: that candle, else the newest opened before it (else the oldest). */
export function cursorIndex(candles: readonly CandleView[], cursorT: number): number {
  let found = 0;
  for (let i = 0; i < candles.length; i++) if ((candles[i] as CandleView).t <= cursorT) found = i;
  return found;
}

/** Time-axis label of a candle start: "HH:MM" intraday, "MM-DD" for daily candles (local time). */
export function timeAxisLabel(timeMs: number, resolution: number): string {
  const d = new Date(timeMs);
  const two = (n: number): string => String(n).padStart(2, '0');
  return resolution >= 86_400 ? `${two(d.getMonth() + 1)}-${two(d.getDate())}` : `${two(d.getHours())}:${two(d.getMinutes())}`;
}

const UP_BODY = '█';
const DOWN_BODY = '▒';
const WICK = '│';
const VOLUME_STEPS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

interface Cell {
  readonly ch: string;
  readonly tone: ChartTone;
}

/** The empty cell, one object for every blank of every frame (a chart is mostly blank; cells are replaced, never changed). */
const BLANK_CELL: Cell = { ch: ' ', tone: 'plain' };

function toRuns(cells: readonly Cell[]): ChartRow {
  const runs: ChartRun[] = [];
  for (const cell of cells) {
    const last = runs.at(-1);
    if (last && last.tone === cell.tone) last.text += cell.ch;
    else runs.push({ text: cell.ch, tone: cell.tone });
  }
  return runs;
}

function volumeRowsFor(height: number): number {
  if (height >= 14) return 3;
  if (height >= 8) return 2;
  return height >= 5 ? 1 : 0;
}

/** What the chart shows of `candles` at `options`: the label and plot widths, the candles shown and their price range. */
export function chartWindow(candles: readonly CandleView[], options: Pick<ChartOptions, 'width' | 'priceDecimals' | 'cursorT'>) {
  const { width, priceDecimals } = options;
  const widest = candles.length === 0 ? 0 : Math.max(
    formatScaledGrouped(Math.max(...candles.map((c) => c.h)), priceDecimals).length,
    formatScaledGrouped(Math.min(...candles.map((c) => c.l)), priceDecimals).length,
  );
  const labelWidth = Math.min(widest + 1, Math.max(0, width - 1));
  const plotWidth = Math.max(0, width - labelWidth);
  // The newest that fit, unless the cursor is further back: then the window slides to keep it on screen.
  const cursorAt = options.cursorT === undefined || options.cursorT === null || candles.length === 0 ? -1 : cursorIndex(candles, options.cursorT);
  const stop = cursorAt >= 0 && cursorAt < candles.length - plotWidth ? cursorAt + plotWidth : candles.length;
  const first = Math.max(0, stop - plotWidth);
  const shown = candles.slice(first, stop);
  const high = shown.length === 0 ? 0 : Math.max(...shown.map((c) => c.h));
  const low = shown.length === 0 ? 0 : Math.min(...shown.map((c) => c.l));
  return { labelWidth, plotWidth, first, cursorAt, shown, high, low };
}

/** Renders as many of the newest candles as fit. Returns exactly `height` rows of `width` cells. */
export function renderCandleChart(candles: readonly CandleView[], options: ChartOptions): ChartRow[] {
  const { width, height, priceDecimals } = options;
  if (width <= 0 || height <= 0) return [];
  const blank = (): ChartRow => [{ text: ' '.repeat(width), tone: 'plain' }];
  if (candles.length === 0) {
    const rows = Array.from({ length: height }, blank);
    const message = 'waiting for candles';
    if (width >= message.length) rows[Math.floor(height / 2)] = [{ text: message.padStart(Math.floor((width + message.length) / 2)).padEnd(width), tone: 'axis' }];
    return rows;
  }

  const axisRows = height >= 8 ? 1 : 0;
  const volumeRows = volumeRowsFor(height - axisRows);
  const priceRows = height - axisRows - volumeRows;
  const { labelWidth, plotWidth, first, cursorAt, shown, high, low } = chartWindow(candles, options);
  const span = Math.max(1, high - low);
  // Row 0 is the top (highest price).
  const rowOf = (price: number): number => Math.min(priceRows - 1, Math.max(0, Math.round(((high - price) / span) * (priceRows - 1))));

  const grid: Cell[][] = Array.from({ length: height }, () => new Array<Cell>(width).fill(BLANK_CELL));
  const maxVolume = Math.max(0, ...shown.map((c) => c.volume));
  const offset = plotWidth - shown.length; // right-align: newest candle next to the axis

  shown.forEach((candle, i) => {
    const x = offset + i;
    const up = candle.c >= candle.o;
    const tone: ChartTone = up ? 'up' : 'down';
    const top = rowOf(Math.max(candle.o, candle.c));
    const bottom = rowOf(Math.min(candle.o, candle.c));
    for (let y = rowOf(candle.h); y <= rowOf(candle.l); y++) {
      const row = grid[y];
      if (row) row[x] = { ch: y >= top && y <= bottom ? (up ? UP_BODY : DOWN_BODY) : WICK, tone };
    }
    if (volumeRows > 0 && maxVolume > 0) {
      // Eighths of a cell, so small volumes still show.
      let eighths = Math.round((candle.volume / maxVolume) * volumeRows * 8);
      if (candle.volume > 0) eighths = Math.max(1, eighths);
      for (let v = volumeRows - 1; v >= 0; v--) {
        const fill = Math.min(8, eighths);
        eighths -= fill;
        const row = grid[priceRows + v];
        if (row) row[x] = { ch: VOLUME_STEPS[fill] ?? ' ', tone };
      }
    }
  });

  // Price labels: top, middle and bottom rows, plus the last close.
  const labels = new Map<number, number>([
    [0, high],
    [priceRows - 1, low],
  ]);
  if (priceRows >= 5) labels.set(Math.floor((priceRows - 1) / 2), Math.round(high - span / 2));
  const last = shown.at(-1);
  if (last) labels.set(rowOf(last.c), last.c);
  for (const [y, price] of labels) {
    const text = formatScaledGrouped(price, priceDecimals).padStart(labelWidth).slice(-labelWidth);
    const row = grid[y];
    if (!row) continue;
    for (let k = 0; k < labelWidth; k++) row[plotWidth + k] = { ch: text[k] ?? ' ', tone: price === last?.c ? 'plain' : 'axis' };
  }
  const cursorX = cursorAt >= 0 ? offset + (cursorAt - first) : -1;
  if (cursorX >= 0) {
    for (let y = 0; y < priceRows; y++) {
      const row = grid[y];
      if (row?.[cursorX]?.ch === ' ') row[cursorX] = { ch: '┊', tone: 'plain' };
    }
  }
  for (const line of options.lines ?? []) {
    // Only inside the shown range: a line pinned to the edge would point at the wrong price.
    if (line.price < low || line.price > high) continue;
    const row = grid[rowOf(line.price)];
    if (!row) continue;
    for (let x = 0; x < plotWidth; x++) if (row[x]?.ch === ' ') row[x] = { ch: line.glyph ?? '╌', tone: 'axis' };
    const text = `${line.mark}${formatScaledGrouped(line.price, priceDecimals)}`.padStart(labelWidth).slice(-labelWidth);
    for (let k = 0; k < labelWidth; k++) row[plotWidth + k] = { ch: text[k] ?? ' ', tone: 'plain' };
  }
  if (axisRows > 0) {
    // Time labels under the cursor's, the newest, first and middle shown candle (in that priority), never overlapping.
    const axis = grid[height - 1];
    const resolution = options.resolution ?? 60;
    const taken: [number, number][] = [];
    const cursorShown = cursorAt >= 0 ? [cursorAt - first] : [];
    for (const i of [...cursorShown, shown.length - 1, 0, Math.floor((shown.length - 1) / 2)]) {
      const candle = shown[i];
      if (!candle || !axis) continue;
      const label = timeAxisLabel(candle.t, resolution);
      const x = Math.max(0, Math.min(offset + i, plotWidth - label.length));
      const end = x + label.length;
      if (end > plotWidth || taken.some(([a, b]) => x <= b && end >= a)) continue;
      for (let k = 0; k < label.length; k++) axis[x + k] = { ch: label[k] ?? ' ', tone: 'axis' };
      taken.push([x, end]);
    }
  }
  return grid.map(toRuns);
}

/** Plain text of a chart (tests, ascii snapshots). */
export function chartText(rows: readonly ChartRow[]): string[] {
  return rows.map((runs) => runs.map((r) => r.text).join(''));
}

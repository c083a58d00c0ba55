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

function highOf(candles: readonly CandleView[]): number {
  let high = -Infinity;
  for (const c of candles) if (c.h > high) high = c.h;
  return high;
}

function lowOf(candles: readonly CandleView[]): number {
  let low = Infinity;
  for (const c of candles) if (c.l < low) low = c.l;
  return low;
}

/** What the chart shows of `candles` at `options`: the label and plot widths, the candles shown and their price range. */
export function chartWindow(candles: readonly CandleView[], options: Pick<ChartOptions, 'width' | 'priceDecimals' | 'cursorT'>) {
  const { width, priceDecimals } = options;
  // Plain loops: worked out on every move of the last candle, so no arrays of highs and lows.
  const widest = candles.length === 0 ? 0 : Math.max(
    formatScaledGrouped(highOf(candles), priceDecimals).length,
    formatScaledGrouped(lowOf(candles), priceDecimals).length,
  );
  const labelWidth = Math.min(widest + 1, Math.max(0, width - 1));
  const plotWidth = Math.max(0, width - labelWidth);
  // The newest that fit, unless the cursor is further back: then the window slides to keep it on screen.
  const cursorAt = options.cursorT === undefined || options.cursorT === null || candles.length === 0 ? -1 : cursorIndex(candles, options.cursorT);
  const stop = cursorAt >= 0 && cursorAt < candles.length - plotWidth ? cursorAt + plotWidth : candles.length;
  const first = Math.max(0, stop - plotWidth);
  const shown = candles.slice(first, stop);
  const high = shown.length === 0 ? 0 : highOf(shown);
  const low = shown.length === 0 ? 0 : lowOf(shown);
  return { labelWidth, plotWidth, first, cursorAt, shown, high, low };
}

export type ChartWindowShape = ReturnType<typeof chartWindow>;

/** Everything of a render but the candles' columns and the price labels: the rows, widths and price range. */
export interface ChartScale {
  width: number;
  height: number;
  priceDecimals: number;
  resolution: number;
  axisRows: number;
  volumeRows: number;
  priceRows: number;
  labelWidth: number;
  plotWidth: number;
  first: number;
  cursorAt: number;
  shown: readonly CandleView[];
  high: number;
  low: number;
  maxVolume: number;
  /** Plot column of shown[0]: right-aligned, the newest candle next to the axis. */
  offset: number;
  lines: readonly ChartLine[];
}

/** One candle's column: its price rows (wick from hi to lo, body from top to bottom) and its volume glyph per volume row. */
export interface CandleColumn {
  hi: number;
  lo: number;
  top: number;
  bottom: number;
  tone: ChartTone;
  body: string;
  volume: readonly string[];
}

export interface PriceLabel {
  text: string;
  tone: ChartTone;
}

/** The scale of a chart with candles (`window`: chartWindow of the same candles and options, if already worked out). */
export function chartScale(candles: readonly CandleView[], options: ChartOptions, window: ChartWindowShape = chartWindow(candles, options)): ChartScale {
  const { width, height, priceDecimals } = options;
  const axisRows = height >= 8 ? 1 : 0;
  const volumeRows = volumeRowsFor(height - axisRows);
  const { labelWidth, plotWidth, first, cursorAt, shown, high, low } = window;
  let maxVolume = 0;
  for (const c of shown) if (c.volume > maxVolume) maxVolume = c.volume;
  return {
    width, height, priceDecimals, resolution: options.resolution ?? 60, axisRows, volumeRows, priceRows: height - axisRows - volumeRows,
    labelWidth, plotWidth, first, cursorAt, shown, high, low, maxVolume, offset: plotWidth - shown.length, lines: options.lines ?? [],
  };
}

/** Screen row of a price; row 0 is the top (highest price). */
function rowOf(scale: ChartScale, price: number): number {
  const span = Math.max(1, scale.high - scale.low);
  return Math.min(scale.priceRows - 1, Math.max(0, Math.round(((scale.high - price) / span) * (scale.priceRows - 1))));
}

export function candleColumn(scale: ChartScale, candle: CandleView): CandleColumn {
  const up = candle.c >= candle.o;
  const volume: string[] = [];
  if (scale.volumeRows > 0 && scale.maxVolume > 0) {
    // Eighths of a cell, so small volumes still show.
    let eighths = Math.round((candle.volume / scale.maxVolume) * scale.volumeRows * 8);
    if (candle.volume > 0) eighths = Math.max(1, eighths);
    for (let v = scale.volumeRows - 1; v >= 0; v--) {
      const fill = Math.min(8, eighths);
      eighths -= fill;
      volume[v] = VOLUME_STEPS[fill] ?? ' ';
    }
  }
  return {
    hi: rowOf(scale, candle.h), lo: rowOf(scale, candle.l), top: rowOf(scale, Math.max(candle.o, candle.c)), bottom: rowOf(scale, Math.min(candle.o, candle.c)),
    tone: up ? 'up' : 'down', body: up ? UP_BODY : DOWN_BODY, volume,
  };
}

/** A column's glyph at row `y` (undefined: blank). */
export function columnGlyph(scale: ChartScale, column: CandleColumn, y: number): string | undefined {
  if (y < scale.priceRows) return y >= column.hi && y <= column.lo ? (y >= column.top && y <= column.bottom ? column.body : WICK) : undefined;
  return column.volume[y - scale.priceRows];
}

/** Price labels by row: top, middle and bottom rows, plus the last close (drawn plain). */
export function priceLabels(scale: ChartScale): Map<number, PriceLabel> {
  const { high, low, priceRows, labelWidth, priceDecimals } = scale;
  const prices = new Map<number, number>([
    [0, high],
    [priceRows - 1, low],
  ]);
  if (priceRows >= 5) prices.set(Math.floor((priceRows - 1) / 2), Math.round(high - Math.max(1, high - low) / 2));
  const last = scale.shown.at(-1);
  if (last) prices.set(rowOf(scale, last.c), last.c);
  const labels = new Map<number, PriceLabel>();
  for (const [y, price] of prices) labels.set(y, { text: formatScaledGrouped(price, priceDecimals).padStart(labelWidth).slice(-labelWidth), tone: price === last?.c ? 'plain' : 'axis' });
  return labels;
}

/** Row `y` of a chart with candles, from its scale, the shown candles' columns and the price labels. */
export function chartRow(scale: ChartScale, columns: readonly CandleColumn[], labels: ReadonlyMap<number, PriceLabel>, y: number): ChartRow {
  const { width, plotWidth, labelWidth, offset, priceRows, priceDecimals } = scale;
  const row = new Array<Cell>(width).fill(BLANK_CELL);
  columns.forEach((column, i) => {
    const ch = columnGlyph(scale, column, y);
    if (ch !== undefined) row[offset + i] = { ch, tone: column.tone };
  });
  const label = labels.get(y);
  if (label) for (let k = 0; k < labelWidth; k++) row[plotWidth + k] = { ch: label.text[k] ?? ' ', tone: label.tone };
  const cursorX = scale.cursorAt >= 0 ? offset + (scale.cursorAt - scale.first) : -1;
  if (cursorX >= 0 && y < priceRows && row[cursorX]?.ch === ' ') row[cursorX] = { ch: '┊', tone: 'plain' };
  for (const line of scale.lines) {
    // Only inside the shown range: a line pinned to the edge would point at the wrong price.
    if (line.price < scale.low || line.price > scale.high || rowOf(scale, line.price) !== y) continue;
    for (let x = 0; x < plotWidth; x++) if (row[x]?.ch === ' ') row[x] = { ch: line.glyph ?? '╌', tone: 'axis' };
    const text = `${line.mark}${formatScaledGrouped(line.price, priceDecimals)}`.padStart(labelWidth).slice(-labelWidth);
    for (let k = 0; k < labelWidth; k++) row[plotWidth + k] = { ch: text[k] ?? ' ', tone: 'plain' };
  }
  if (scale.axisRows > 0 && y === scale.height - 1) drawTimeAxis(scale, row);
  return toRuns(row);
}

/** Time labels under the cursor's, the newest, first and middle shown candle (in that priority), never overlapping. */
function drawTimeAxis(scale: ChartScale, axis: Cell[]): void {
  const { shown, offset, plotWidth, cursorAt, first } = scale;
  const taken: [number, number][] = [];
  const cursorShown = cursorAt >= 0 ? [cursorAt - first] : [];
  for (const i of [...cursorShown, shown.length - 1, 0, Math.floor((shown.length - 1) / 2)]) {
    const candle = shown[i];
    if (!candle) continue;
    const label = timeAxisLabel(candle.t, scale.resolution);
    const x = Math.max(0, Math.min(offset + i, plotWidth - label.length));
    const end = x + label.length;
    if (end > plotWidth || taken.some(([a, b]) => x <= b && end >= a)) continue;
    for (let k = 0; k < label.length; k++) axis[x + k] = { ch: label[k] ?? ' ', tone: 'axis' };
    taken.push([x, end]);
  }
}

/** The chart while there are no candles: blank, with a note in the middle row. */
export function waitingChart(width: number, height: number): ChartRow[] {
  const rows = Array.from({ length: height }, (): ChartRow => [{ text: ' '.repeat(width), tone: 'plain' }]);
  const message = 'waiting for candles';
  if (width >= message.length) rows[Math.floor(height / 2)] = [{ text: message.padStart(Math.floor((width + message.length) / 2)).padEnd(width), tone: 'axis' }];
  return rows;
}

/** Renders as many of the newest candles as fit. Returns exactly `height` rows of `width` cells. */
export function renderCandleChart(candles: readonly CandleView[], options: ChartOptions, window?: ChartWindowShape): ChartRow[] {
  const { width, height } = options;
  if (width <= 0 || height <= 0) return [];
  if (candles.length === 0) return waitingChart(width, height);
  const scale = chartScale(candles, options, window);
  const columns = scale.shown.map((candle) => candleColumn(scale, candle));
  const labels = priceLabels(scale);
  return Array.from({ length: height }, (_, y) => chartRow(scale, columns, labels, y));
}

/** Plain text of a chart (tests, ascii snapshots). */
export function chartText(rows: readonly ChartRow[]): string[] {
  return rows.map((runs) => runs.map((r) => r.text).join(''));
}

// The candle chart redrawn only where it changed. On a busy market the last candle moves with every trade while
// the closed ones stay: their columns are kept, and only the rows that the last candle's column or a price label
// touches are drawn again (the other rows are the previous frame's row objects, so the pane need not repaint
// them). The whole price area is drawn again when its range moves, the volume rows when the largest volume
// moves, and everything when anything else changes (size, window, cursor, lines, decimals, resolution, or a
// closed candle). Draws exactly what renderCandleChart draws (incremental-chart.test.ts).

import type { CandleView } from '../../domain/views.js';
import {
  candleColumn, chartRow, chartScale, columnGlyph, priceLabels, renderCandleChart,
  type CandleColumn, type ChartLine, type ChartOptions, type ChartRow, type ChartScale, type ChartWindowShape, type PriceLabel,
} from './candle-chart.js';

interface Drawn {
  scale: ChartScale;
  columns: readonly CandleColumn[];
  labels: ReadonlyMap<number, PriceLabel>;
  rows: readonly ChartRow[];
}

const sameCandle = (a: CandleView, b: CandleView): boolean => a.t === b.t && a.o === b.o && a.h === b.h && a.l === b.l && a.c === b.c && a.volume === b.volume;
const sameLine = (a: ChartLine, b: ChartLine): boolean => a.price === b.price && a.mark === b.mark && a.glyph === b.glyph;

/** Everything but the last candle's prices and volume, the price range and the largest volume is the same. */
function sameLayout(a: ChartScale, b: ChartScale): boolean {
  if (
    a.width !== b.width || a.height !== b.height || a.priceDecimals !== b.priceDecimals || a.resolution !== b.resolution
    || a.labelWidth !== b.labelWidth || a.plotWidth !== b.plotWidth || a.first !== b.first || a.cursorAt !== b.cursorAt
    || a.shown.length !== b.shown.length || a.lines.length !== b.lines.length
  ) return false;
  if (a.lines !== b.lines && !a.lines.every((line, i) => sameLine(line, b.lines[i] as ChartLine))) return false;
  const last = a.shown.length - 1;
  if (last < 0 || (a.shown[last] as CandleView).t !== (b.shown[last] as CandleView).t) return false;
  for (let i = 0; i < last; i++) if (!sameCandle(a.shown[i] as CandleView, b.shown[i] as CandleView)) return false;
  return true;
}

const sameLabel = (a: PriceLabel | undefined, b: PriceLabel | undefined): boolean => a === b || (a !== undefined && b !== undefined && a.text === b.text && a.tone === b.tone);

/** A renderCandleChart that keeps what it drew last and draws again only the rows that changed. */
export function incrementalCandleChart(): (candles: readonly CandleView[], options: ChartOptions, window?: ChartWindowShape) => ChartRow[] {
  let drawn: Drawn | null = null;
  return (candles, options, window) => {
    if (options.width <= 0 || options.height <= 0 || candles.length === 0) {
      drawn = null;
      return renderCandleChart(candles, options, window);
    }
    const scale = chartScale(candles, options, window);
    const labels = priceLabels(scale);
    const before = drawn;
    if (!before || !sameLayout(before.scale, scale)) {
      const columns = scale.shown.map((candle) => candleColumn(scale, candle));
      const rows = Array.from({ length: scale.height }, (_, y) => chartRow(scale, columns, labels, y));
      drawn = { scale, columns, labels, rows };
      return rows;
    }
    const rangeMoved = before.scale.high !== scale.high || before.scale.low !== scale.low;
    const volumeMoved = before.scale.maxVolume !== scale.maxVolume;
    const lastAt = scale.shown.length - 1;
    const lastColumn = candleColumn(scale, scale.shown[lastAt] as CandleView);
    const columns = rangeMoved || volumeMoved ? scale.shown.map((candle, i) => (i === lastAt ? lastColumn : candleColumn(scale, candle))) : [...before.columns.slice(0, lastAt), lastColumn];
    const oldLast = before.columns[lastAt] as CandleColumn;
    const rows = before.rows.map((row, y) => {
      const redraw = (y < scale.priceRows ? rangeMoved : y < scale.priceRows + scale.volumeRows && volumeMoved)
        || columnGlyph(scale, oldLast, y) !== columnGlyph(scale, lastColumn, y)
        || (oldLast.tone !== lastColumn.tone && columnGlyph(scale, lastColumn, y) !== undefined)
        || !sameLabel(before.labels.get(y), labels.get(y));
      return redraw ? chartRow(scale, columns, labels, y) : row;
    });
    drawn = { scale, columns, labels, rows };
    return rows;
  };
}

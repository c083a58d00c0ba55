// What an export is made of: for each kind (fills, trades, funding, orders, account), a row source that
// names its columns and turns the history records into rows of cells.
// Cells are exact text: decimals formatted from the integers with the exchange's scales, never a float.

import type { ExportKind } from '../../domain/export-kinds.js';
import type { HistoryKind, HistoryRecordOf } from '../../transport/rest/history.js';

/**
 * `number`: a figure this program formatted (never formula-guarded: "-1.5" stays a number);
 * `text`: words from the network (a symbol, a transaction id) or enum names: a CSV cell of it that
 * starts like a formula is defused.
 */
export type ColumnType = 'number' | 'text';

export interface ExportColumn {
  name: string;
  type: ColumnType;
}

/** One cell per column, in column order; null when the record has no value for it. */
export type ExportRow = ReadonlyArray<string | null>;

/** The scales of one market as the context lists it. */
export interface MarketScale {
  symbol: string;
  priceDecimals: number;
  sizeDecimals: number;
}

/** The markets by id; a market the context does not list has no scale (its rows say so). */
export type MarketScales = ReadonlyMap<number, MarketScale>;

/** Every record of a history endpoint inside the export's window, oldest first. */
export interface ExportReader {
  records<K extends HistoryKind>(kind: K): Promise<Array<HistoryRecordOf[K]>>;
}

export interface ExportRowSource {
  kind: ExportKind;
  columns: readonly ExportColumn[];
  /** The rows, oldest first; `unlisted` is told each market id without a scale (its figures stay wire integers). */
  rows(reader: ExportReader, markets: MarketScales, unlisted: (marketId: number) => void): Promise<ExportRow[]>;
}

export const num = (name: string): ExportColumn => ({ name, type: 'number' });
export const text = (name: string): ExportColumn => ({ name, type: 'text' });

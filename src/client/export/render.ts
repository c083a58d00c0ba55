// An export's rows as text: CSV (RFC 4180 quoting, a header line, LF line ends) or one JSON array with
// an object per row on its own line. Every value is a string (exact decimals; a JSON number would be a
// float to most readers); a missing value is empty in CSV and null in JSON.

import type { ExportAsk } from '../../domain/export-kinds.js';
import type { ExportColumn, ExportRow } from './row-source.js';

export type ExportFormat = ExportAsk['format'];

/** A spreadsheet runs a cell that starts like this as a formula (CSV injection): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null, column: ExportColumn): string {
  if (value === null) return '';
  const defused = column.type === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export function renderCsv(columns: readonly ExportColumn[], rows: readonly ExportRow[]): string {
  const header = columns.map((c) => c.name).join(',');
  const lines = rows.map((row) => columns.map((c, i) => csvCell(row[i] ?? null, c)).join(','));
  return [header, ...lines].map((l) => `${l}\n`).join('');
}

export function renderJson(columns: readonly ExportColumn[], rows: readonly ExportRow[]): string {
  if (rows.length === 0) return '[]\n';
  const objects = rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.name, row[i] ?? null]))));
  return `[\n${objects.join(',\n')}\n]\n`;
}

export function renderExport(format: ExportFormat, columns: readonly ExportColumn[], rows: readonly ExportRow[]): string {
  return format === 'csv' ? renderCsv(columns, rows) : renderJson(columns, rows);
}

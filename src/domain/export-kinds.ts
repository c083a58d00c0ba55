// What the history export (`perpl export`, `:export`) can write, and what the screen asks of it. The
// reading and writing are client/export/'s; this is the vocabulary both sides share.

export const EXPORT_KINDS = ['fills', 'trades', 'funding', 'orders', 'account'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(word: string): word is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(word);
}

/** `:export fills [from DATE] [to DATE] [csv|json]`: the dates as typed (the export reads them). */
export interface ExportAsk {
  kind: ExportKind;
  format: 'csv' | 'json';
  from?: string;
  to?: string;
}

/** A finished export: where it went and how many rows. */
export interface ExportWritten {
  path: string;
  rows: number;
}

// One export from start to text: the kind's row source over a windowed reader, rendered. Nothing is
// written here; a page that finally fails throws ExportFailed, which says how far the export got.

import { marketLabel } from '../../domain/market-label.js';
import { PermanentError, userMessage } from '../../protocol/errors.js';
import type { Context } from '../../protocol/frames.js';
import type { HistorySource } from '../history/source.js';
import { EXPORT_SOURCES } from './kinds.js';
import { renderExport, type ExportFormat } from './render.js';
import type { ExportKind } from '../../domain/export-kinds.js';
import type { MarketScale, MarketScales } from './row-source.js';
import { timeCell } from './cells.js';
import { WindowedReader, type ExportWindow, type ReadProgress } from './windowed-reader.js';

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  window: ExportWindow;
}

export interface BuiltExport {
  text: string;
  rows: number;
  pages: number;
  /** Markets of rows the context does not list: their prices and sizes are wire integers. */
  unlisted: number[];
}

/** The markets' scales as the context lists them. */
export function scalesOfContext(context: Pick<Context, 'markets'>): MarketScales {
  return new Map<number, MarketScale>(
    context.markets.map((m) => [m.id, { symbol: marketLabel(m), priceDecimals: m.config.price_decimals, sizeDecimals: m.config.size_decimals }]),
  );
}

/** A page failed after its retries: nothing of the export is kept. */
export class ExportFailed extends PermanentError {
  constructor(readonly progress: ReadProgress | undefined, cause: unknown) {
    super(`stopped ${whereItStopped(progress)}: ${userMessage(cause)}; nothing was written`, { cause });
  }
}

function whereItStopped(p: ReadProgress | undefined): string {
  if (!p) return 'before the first page';
  const back = p.oldestMs !== undefined ? `, back to ${timeCell(p.oldestMs)}` : '';
  return `at page ${p.pages + 1} of ${p.kind} (${p.pages} page${p.pages === 1 ? '' : 's'} and ${p.records} records read${back})`;
}

export async function buildExport(
  history: HistorySource,
  markets: MarketScales,
  request: ExportRequest,
  onPage?: (p: ReadProgress) => void,
): Promise<BuiltExport> {
  const source = EXPORT_SOURCES[request.kind];
  const reader = new WindowedReader(history, request.window, onPage);
  const unlisted = new Set<number>();
  let rows;
  try {
    rows = await source.rows(reader, markets, (id) => unlisted.add(id));
  } catch (e) {
    throw new ExportFailed(reader.progress, e);
  }
  return { text: renderExport(request.format, source.columns, rows), rows: rows.length, pages: reader.progress?.pages ?? 0, unlisted: [...unlisted].sort((a, b) => a - b) };
}

// `:export fills` from the terminal: the same export as `perpl export` (client/export/), over the trading
// side's signed REST client and its shared rate budget, written under $PERPL_HOME/exports/.

import { buildExport, scalesOfContext } from '../client/export/build-export.js';
import type { HistorySource } from '../client/history/source.js';
import { exportWindow } from '../client/export/window.js';
import type { ReadProgress } from '../client/export/windowed-reader.js';
import { defaultExportPath, writeExportFile } from '../client/export/write-export.js';
import type { ExportAsk, ExportWritten } from '../domain/export-kinds.js';
import type { Context } from '../protocol/frames.js';

export type ExportHistory = (ask: ExportAsk, onProgress: (line: string) => void) => Promise<ExportWritten>;

export function exportService(rest: HistorySource, context: () => Pick<Context, 'markets'>, env: NodeJS.ProcessEnv, now: () => Date = () => new Date()): ExportHistory {
  return async (ask, onProgress) => {
    const window = exportWindow(ask.from, ask.to);
    const progress = (p: ReadProgress) => onProgress(`page ${p.pages}, ${p.records} records read`);
    const built = await buildExport(rest, scalesOfContext(context()), { kind: ask.kind, format: ask.format, window }, progress);
    const path = defaultExportPath(env, ask.kind, ask.format, now());
    writeExportFile(path, built.text, true);
    return { path, rows: built.rows };
  };
}

// Reads a history endpoint page by page (newest first, 100 a page) for an export: keeps the records of
// the window [fromMs, toMs), stops once a page reaches past fromMs, and counts what it read so progress
// and a failure can say how far it got. Every page goes through the REST client: its rate budget and its
// retries (429 with Retry-After, 5xx) apply to each, so a page is either read whole or the export fails.

import { inWindow, type HistorySource, type Stamped } from '../history/source.js';
import { MAX_HISTORY_PAGE_SIZE, type HistoryKind, type HistoryRecordOf } from '../../transport/rest/history.js';
import type { ExportReader } from './row-source.js';

/** Milliseconds; `fromMs` inclusive, `toMs` exclusive; either may be open. */
export interface ExportWindow {
  fromMs?: number;
  toMs?: number;
}

export interface ReadProgress {
  kind: HistoryKind;
  /** Pages read whole, and the records on them (in the window or not). */
  pages: number;
  records: number;
  /** The oldest record time read so far (ms): how far back the export got. */
  oldestMs: number | undefined;
}

export class WindowedReader implements ExportReader {
  private readonly read = new Map<HistoryKind, unknown[]>();
  /** Where the current (or last) endpoint's walk stands. */
  progress: ReadProgress | undefined;

  constructor(
    private readonly source: HistorySource,
    private readonly window: ExportWindow,
    private readonly onPage: (p: ReadProgress) => void = () => {},
  ) {}

  async records<K extends HistoryKind>(kind: K): Promise<Array<HistoryRecordOf[K]>> {
    const done = this.read.get(kind);
    if (done) return done as Array<HistoryRecordOf[K]>;
    const { fromMs, toMs } = this.window;
    // inWindow's bounds are inclusive; block times are whole milliseconds, so toMs - 1 is the last one in.
    const bounds = { ...(fromMs !== undefined ? { fromMs } : {}), ...(toMs !== undefined ? { toMs: toMs - 1 } : {}) };
    const progress: ReadProgress = { kind, pages: 0, records: 0, oldestMs: undefined };
    this.progress = progress;
    const kept: Array<HistoryRecordOf[K]> = [];
    for await (const page of this.source.history(kind, { count: MAX_HISTORY_PAGE_SIZE })) {
      let pastWindow = false;
      for (const r of page.d) {
        const t = (r as Stamped).at?.t;
        if (t !== undefined) progress.oldestMs = Math.min(progress.oldestMs ?? t, t);
        // Pages are newest first: a record older than the window means every later one is too.
        if (fromMs !== undefined && t !== undefined && t < fromMs) {
          pastWindow = true;
          break;
        }
        if (inWindow(r as Stamped, bounds)) kept.push(r);
      }
      progress.pages += 1;
      progress.records += page.d.length;
      this.onPage({ ...progress });
      if (pastWindow) break;
    }
    // Oldest first: the order a ledger or a spreadsheet reads in.
    kept.reverse();
    this.read.set(kind, kept);
    return kept;
  }
}

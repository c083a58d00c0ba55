// What the history loaders need from the REST client: its paged `history(kind)` walk.
// Structural, so RestClient fits and tests can hand in a recorded page list.

import type { HistoryPage } from '../../protocol/frames.js';
import type { HistoryKind, HistoryOptions, HistoryRecordOf } from '../../transport/rest/history.js';

export interface HistorySource {
  history<K extends HistoryKind>(kind: K, opts?: HistoryOptions): AsyncIterable<HistoryPage<HistoryRecordOf[K]>>;
}

/** Local filters (the server has none): market and a time window on the record's `at.t` (ms). */
export interface HistoryFilter {
  marketId?: number;
  fromMs?: number;
  toMs?: number;
  /** Stop after this many records pass the filter. */
  limit?: number;
  /** Stop after this many pages (default 20 = 2000 records at count 100). */
  maxPages?: number;
}

export interface Stamped {
  at?: { t?: number };
}

/** True when the record's time is inside the window (records without a time pass). */
export function inWindow(r: Stamped, f: HistoryFilter): boolean {
  const t = r.at?.t;
  if (t === undefined) return true;
  return (f.fromMs === undefined || t >= f.fromMs) && (f.toMs === undefined || t <= f.toMs);
}

/** Walks pages newest first, keeping records that pass `keep`, stopping early once past `fromMs`. */
export async function collect<K extends HistoryKind>(
  source: HistorySource,
  kind: K,
  filter: HistoryFilter,
  keep: (r: HistoryRecordOf[K]) => boolean,
): Promise<Array<HistoryRecordOf[K]>> {
  const out: Array<HistoryRecordOf[K]> = [];
  const limit = filter.limit ?? Infinity;
  for await (const page of source.history(kind, { count: 100, maxPages: filter.maxPages ?? 20 })) {
    for (const r of page.d) {
      const t = (r as Stamped).at?.t;
      // Pages are newest first: once a record is older than the window, every later one is too.
      if (filter.fromMs !== undefined && t !== undefined && t < filter.fromMs) return out;
      if (inWindow(r as Stamped, filter) && keep(r)) out.push(r);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

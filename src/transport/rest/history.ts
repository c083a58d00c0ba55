// Walks the cursor-paged history endpoints (`count`, `page` = previous `np`) to the last page.

import type { AccountEvent, Fill, HistoryPage, Order, Position } from '../../protocol/frames.js';
import { PermanentError } from '../../protocol/errors.js';

export type HistoryKind = 'fills' | 'order-history' | 'position-history' | 'account-history';

export interface HistoryRecordOf {
  fills: Fill;
  'order-history': Order;
  'position-history': Position;
  'account-history': AccountEvent;
}

export const MAX_HISTORY_PAGE_SIZE = 100;
/** The page size the server uses when the request names none. */
export const DEFAULT_HISTORY_PAGE_SIZE = 50;

export interface HistoryOptions {
  /** Records per page, 1..100 (server default 50). */
  count?: number;
  /** Stop after this many pages (default: all). */
  maxPages?: number;
}

/** Fetches one page given the cursor of the previous one (undefined for the first). */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<HistoryPage<T>>;

/**
 * Yields pages until the last one; refuses a cursor that repeats (it would loop forever). The last page is
 * the one without `np`, or one shorter than `pageSize`: live sends `np` on every page that holds records, a
 * short last page too (wire.md 5), and the page it names is empty. A short page is yielded without its `np`,
 * so every reader sees the end where it is.
 */
export async function* walkPages<T>(fetchPage: PageFetcher<T>, maxPages = Infinity, pageSize = DEFAULT_HISTORY_PAGE_SIZE): AsyncGenerator<HistoryPage<T>> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage(cursor);
    if (page.d.length < pageSize) {
      yield { d: page.d };
      return;
    }
    yield page;
    if (!page.np) return;
    if (seen.has(page.np)) throw new PermanentError('the server repeated a history page cursor; stopping');
    seen.add(page.np);
    cursor = page.np;
  }
}

// Pages of the history tabs from REST, one page per request as the user scrolls: fills, order history,
// position history (folded one row per position) and account events, appended into the store's
// tabs.history. The screen asks through TerminalCommands.loadMoreHistory; only this file does the I/O.

import { foldPositionHistory } from '../client/history/fold-positions.js';
import type { HistorySource } from '../client/history/source.js';
import { splitByListedMarket, type IsListedMarket } from '../client/trading/listed-markets.js';
import { accountEventRow, orderHistoryRow } from '../domain/trading/history-views.js';
import { fillRow } from '../domain/trading/rows.js';
import { userMessage } from '../protocol/errors.js';
import type { HistoryPage, Position } from '../protocol/frames.js';
import type { TerminalStore } from '../state/store.js';
import { appendHistory, historyFailed, historyLoading, type HistoryFeedKind } from '../state/trading-tabs.js';
import type { HistoryKind, HistoryRecordOf } from '../transport/rest/history.js';

const ENDPOINT: Record<HistoryFeedKind, HistoryKind> = {
  fills: 'fills',
  orders: 'order-history',
  positions: 'position-history',
  events: 'account-history',
};

type Pages<K extends HistoryKind> = AsyncIterator<HistoryPage<HistoryRecordOf[K]>>;

/** Refuses fills, orders and positions of markets the context does not list (listed-markets.ts). */
export interface ListedMarketsCheck {
  isListed: IsListedMarket;
  /** Told about each page that held such rows (the bad-frame count and the log). */
  refused(why: string): void;
}

export class HistoryFeed {
  private readonly walks = new Map<HistoryFeedKind, Pages<HistoryKind>>();
  /** Position history arrives one row per event: keep them to refold as pages add events. */
  private positionEvents: Position[] = [];

  constructor(
    private readonly source: HistorySource,
    private readonly store: TerminalStore,
    private readonly pageSize = 50,
    /** Sees a failed page load with its whole error (the app log). */
    private readonly onError?: (kind: HistoryFeedKind, error: unknown) => void,
    private readonly listed?: ListedMarketsCheck,
  ) {}

  /** The page's rows of listed markets; the others are reported and dropped. Account events keep theirs. */
  private listedOnly<R extends { mkt: number }>(kind: HistoryFeedKind, records: readonly R[]): readonly R[] {
    if (!this.listed) return records;
    const { listed, unlisted } = splitByListedMarket(records, this.listed.isListed);
    if (unlisted.length > 0) {
      const n = records.length - listed.length;
      this.listed.refused(`${kind} history: ${n} row${n === 1 ? '' : 's'} for market${unlisted.length === 1 ? '' : 's'} ${unlisted.join(', ')}, which the context does not list`);
    }
    return listed;
  }

  /** Loads the next page of `kind`; a no-op while one loads or when the server has no more. */
  loadMore(kind: HistoryFeedKind): void {
    const pages = this.store.getState().tabs.history[kind];
    if (pages.loading || pages.done) return;
    historyLoading(this.store, kind);
    this.next(kind).catch((error: unknown) => {
      // A broken walk restarts from the first page next time (rows are keyed, so nothing doubles).
      this.walks.delete(kind);
      this.onError?.(kind, error);
      historyFailed(this.store, kind, userMessage(error));
    });
  }

  private walk(kind: HistoryFeedKind): Pages<HistoryKind> {
    let walk = this.walks.get(kind);
    if (!walk) {
      if (kind === 'positions') this.positionEvents = [];
      walk = this.source.history(ENDPOINT[kind], { count: this.pageSize })[Symbol.asyncIterator]() as Pages<HistoryKind>;
      this.walks.set(kind, walk);
    }
    return walk;
  }

  private async next(kind: HistoryFeedKind): Promise<void> {
    const step = await this.walk(kind).next();
    const records = step.done ? [] : step.value.d;
    // The walk ends after the page without a next cursor: that page is the last.
    const done = step.done === true || !step.value.np;
    switch (kind) {
      case 'fills': {
        const rows = this.listedOnly(kind, records as HistoryRecordOf['fills'][]).map(fillRow);
        appendHistory(this.store, 'fills', (old) => withoutDuplicates([...old, ...rows], (r) => r.key), done);
        return;
      }
      case 'orders': {
        const rows = this.listedOnly(kind, records as HistoryRecordOf['order-history'][]).map(orderHistoryRow);
        appendHistory(this.store, 'orders', (old) => withoutDuplicates([...old, ...rows], (r) => r.key), done);
        return;
      }
      case 'events': {
        const rows = (records as HistoryRecordOf['account-history'][]).map(accountEventRow);
        appendHistory(this.store, 'events', (old) => withoutDuplicates([...old, ...rows], (r) => r.key), done);
        return;
      }
      case 'positions': {
        this.positionEvents = [...this.positionEvents, ...this.listedOnly(kind, records as Position[])];
        const folded = foldPositionHistory(this.positionEvents).sort((a, b) => (b.lastEventAtMs ?? 0) - (a.lastEventAtMs ?? 0));
        appendHistory(this.store, 'positions', () => folded, done);
        return;
      }
    }
  }
}

function withoutDuplicates<R>(rows: readonly R[], key: (r: R) => string): R[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = key(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

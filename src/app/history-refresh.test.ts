// History lists stay current: a change of the account (fills, order / position updates) re-reads the
// newest page of the list on screen, coalesced (a burst makes one request), spaced (at most one
// automatic request per minIntervalMs, none while the signed REST budget is queueing), merged in front
// of the pages already loaded (no duplicates, no hole), and `r` does it at once.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistorySource } from '../client/history/source.js';
import { PositionStatus } from '../protocol/enums.js';
import type { HistoryPage, Order, Position } from '../protocol/frames.js';
import { createTerminalStore, type TerminalStore } from '../state/store.js';
import { cycleHistoryView, selectTab } from '../state/trading-tabs.js';
import type { HistoryKind, HistoryOptions, HistoryRecordOf } from '../transport/rest/history.js';
import { HistoryFeed, historyKindsOf } from './history-feed.js';

/**
 * Newest-first lists that grow at the head, paged with a cursor counted from the oldest end (as the
 * local exchange does, so a page after the cursor is the same records however many arrive meanwhile).
 */
class GrowingSource implements HistorySource {
  readonly lists: Partial<Record<HistoryKind, unknown[]>> = {};
  /** Every page read: kind and whether it was the first (newest) page. */
  readonly reads: { kind: HistoryKind; first: boolean }[] = [];

  add<K extends HistoryKind>(kind: K, ...newestFirst: HistoryRecordOf[K][]): void {
    this.lists[kind] = [...newestFirst, ...(this.lists[kind] ?? [])];
  }

  history<K extends HistoryKind>(kind: K, opts: HistoryOptions = {}): AsyncIterable<HistoryPage<HistoryRecordOf[K]>> {
    const count = opts.count ?? 50;
    const reads = this.reads;
    const lists = this.lists;
    return {
      async *[Symbol.asyncIterator]() {
        let before: number | undefined;
        for (;;) {
          const list = (lists[kind] ?? []) as HistoryRecordOf[K][];
          const start = before === undefined ? 0 : list.length - before;
          reads.push({ kind, first: before === undefined });
          const d = list.slice(start, start + count);
          const next = list.length - start - d.length;
          yield next > 0 ? { d, np: String(next) } : { d };
          if (next <= 0) return;
          before = next;
        }
      },
    };
  }
}

const order = (oid: number): Order => ({ at: { b: oid, tx: 0, l: 0, t: oid * 1000 }, c: {}, rq: oid, mkt: 1, acc: 5, oid, st: 4, sr: 43, t: 1, os: 1, fp: 1, fs: 1, fl: 4, lv: 100, f: '1' });
const oids = (store: TerminalStore) => store.getState().tabs.history.orders.rows.map((r) => r.orderId);
const firstReads = (src: GrowingSource, kind: HistoryKind) => src.reads.filter((r) => r.kind === kind && r.first).length;

/** The store showing the History tab's order view (what a trader looking at it sees). */
function showingOrderHistory(): TerminalStore {
  const store = createTerminalStore();
  selectTab(store, 'history');
  return store;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('history refresh', () => {
  it('history-refreshes-after-fills: a burst of updates makes one request for the newest page, merged in front', async () => {
    const src = new GrowingSource();
    src.add('order-history', order(3), order(2), order(1));
    const store = showingOrderHistory();
    const feed = new HistoryFeed(src, store, 2);
    feed.loadMore('orders');
    await vi.advanceTimersByTimeAsync(0);
    expect(oids(store)).toEqual([3, 2]);

    src.add('order-history', order(5), order(4));
    for (let i = 0; i < 8; i++) {
      feed.invalidate(historyKindsOf(24));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(firstReads(src, 'order-history')).toBe(2); // the first load, then ONE refresh for the burst
    expect(oids(store)).toEqual([5, 4, 3, 2]);
    // The pages loaded beyond the newest one stay, and the walk goes on where it was: no duplicate, no hole.
    expect(store.getState().tabs.history.orders.done).toBe(false);
    feed.loadMore('orders');
    await vi.advanceTimersByTimeAsync(0);
    expect(oids(store)).toEqual([5, 4, 3, 2, 1]);
    expect(store.getState().tabs.history.orders.done).toBe(true);
    feed.stop();
  });

  it('newest pages that do not reach the loaded rows (more new records than a refresh reads) replace them, and their walk continues: never a hole', async () => {
    const src = new GrowingSource();
    src.add('order-history', order(1));
    const store = showingOrderHistory();
    const feed = new HistoryFeed(src, store, 1);
    feed.loadMore('orders');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().tabs.history.orders.done).toBe(true);

    src.add('order-history', order(7), order(6), order(5), order(4), order(3), order(2));
    feed.refresh('orders');
    await vi.advanceTimersByTimeAsync(0);
    expect(oids(store)).toEqual([7, 6, 5]); // three pages read, none reached order 1
    expect(store.getState().tabs.history.orders.done).toBe(false);
    for (let i = 0; i < 4; i++) {
      feed.loadMore('orders');
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(oids(store)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(store.getState().tabs.history.orders.done).toBe(true);
    feed.stop();
  });

  it('automatic refreshes stay inside the budget: one per minIntervalMs while updates stream, none while signed REST queues', async () => {
    const src = new GrowingSource();
    src.add('order-history', order(1));
    const store = showingOrderHistory();
    let busy = false;
    const feed = new HistoryFeed(src, store, 50, undefined, { minIntervalMs: 3_000, budgetBusy: () => busy });
    feed.loadMore('orders');
    await vi.advanceTimersByTimeAsync(0);
    // 30 s of an update every 100 ms (a busy market maker): at most one automatic refresh per 3 s.
    for (let i = 0; i < 300; i++) {
      src.add('order-history', order(100 + i));
      feed.invalidate(['orders']);
      await vi.advanceTimersByTimeAsync(100);
    }
    const refreshes = firstReads(src, 'order-history') - 1;
    expect(refreshes).toBeGreaterThanOrEqual(8);
    expect(refreshes).toBeLessThanOrEqual(11);

    busy = true;
    const before = firstReads(src, 'order-history');
    feed.invalidate(['orders']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(firstReads(src, 'order-history')).toBe(before);
    busy = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(firstReads(src, 'order-history')).toBe(before + 1);
    expect(oids(store)[0]).toBe(399);
    feed.stop();
  });

  it('a list changed while hidden is refreshed when shown; a list never read is not asked for', async () => {
    const src = new GrowingSource();
    const pos = (over: Partial<Position>): Position => ({ at: { b: 1, tx: 0, l: 0, t: 1000 }, mkt: 1, acc: 5, pid: 9, rq: 1, oid: 1, st: 1, sr: 21, sd: 1, c: '100', ep: 10, s: 3, lv: 100, fee: '5', cfee: '0', ...over });
    src.add('position-history', pos({}));
    const store = showingOrderHistory();
    cycleHistoryView(store); // positions
    const feed = new HistoryFeed(src, store, 50);
    feed.loadMore('positions');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().tabs.history.positions.rows[0]).toMatchObject({ status: PositionStatus.Open });
    cycleHistoryView(store); // events: the positions list is hidden now

    src.add('position-history', pos({ at: { b: 2, tx: 0, l: 0, t: 2000 }, oid: 2, st: 2, sr: 13, s: 3, fee: '10', cfee: '5', dpnl: '40', xp: 12 }));
    feed.invalidate(historyKindsOf(27));
    feed.invalidate(['fills']); // never read: nothing to refresh
    await vi.advanceTimersByTimeAsync(10_000);
    expect(firstReads(src, 'position-history')).toBe(1);
    expect(src.reads.some((r) => r.kind === 'fills')).toBe(false);

    cycleHistoryView(store); // orders
    cycleHistoryView(store); // positions again
    await vi.advanceTimersByTimeAsync(5_000);
    expect(firstReads(src, 'position-history')).toBe(2);
    expect(store.getState().tabs.history.positions.rows).toMatchObject([{ positionId: 9, status: PositionStatus.Closed, fees: '10', realizedPnl: '40', events: 2 }]);
    feed.stop();
  });

  it('`r` refreshes at once, without waiting for the automatic spacing', async () => {
    const src = new GrowingSource();
    src.add('order-history', order(1));
    const store = showingOrderHistory();
    const feed = new HistoryFeed(src, store, 50, undefined, { minIntervalMs: 60_000 });
    feed.loadMore('orders');
    await vi.advanceTimersByTimeAsync(0);
    src.add('order-history', order(2));
    feed.refresh('orders');
    await vi.advanceTimersByTimeAsync(0);
    expect(oids(store)).toEqual([2, 1]);
    feed.stop();
  });
});

// History pages from REST one at a time, as the user scrolls: each loadMore appends one page (no
// duplicates), the last page marks the list done, and a failed page is retried from the start.

import { describe, expect, it } from 'vitest';
import type { HistorySource } from '../client/history/source.js';
import type { Fill, HistoryPage } from '../protocol/frames.js';
import { createTerminalStore } from '../state/store.js';
import { HistoryFeed } from './history-feed.js';

const fill = (oid: number): Fill => ({ at: { b: oid, tx: 0, l: 0, t: oid * 1000 }, mkt: 1, acc: 5, oid, t: 1, l: 2, p: 1, s: 1, f: '1' });

/** A source serving `pages` in order; `failAt` makes that page's request throw once. */
function source(pages: HistoryPage<Fill>[], failAt?: number) {
  const requested: number[] = [];
  let failed = false;
  const src: HistorySource = {
    history: (() => ({
      async *[Symbol.asyncIterator]() {
        for (let i = 0; i < pages.length; i++) {
          requested.push(i);
          if (i === failAt && !failed) {
            failed = true;
            throw new Error('502 from the history endpoint');
          }
          yield pages[i]!;
        }
      },
    })) as HistorySource['history'],
  };
  return { src, requested };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('HistoryFeed', () => {
  it('one page per loadMore, appended without duplicates, done after the page without a cursor', async () => {
    const { src, requested } = source([{ d: [fill(3), fill(2)], np: 'a' }, { d: [fill(2), fill(1)] }]);
    const store = createTerminalStore();
    const feed = new HistoryFeed(src, store, 2);
    feed.loadMore('fills');
    await settle();
    expect(store.getState().tabs.history.fills.rows.map((r) => r.orderId)).toEqual([3, 2]);
    expect(store.getState().tabs.history.fills.done).toBe(false);
    feed.loadMore('fills');
    await settle();
    expect(store.getState().tabs.history.fills.rows.map((r) => r.orderId)).toEqual([3, 2, 1]);
    expect(store.getState().tabs.history.fills.done).toBe(true);
    feed.loadMore('fills'); // nothing more to ask for
    await settle();
    expect(requested).toEqual([0, 1]);
  });

  it('a failed page is shown as an error and the next loadMore walks again from the first page', async () => {
    const { src } = source([{ d: [fill(3)], np: 'a' }, { d: [fill(2)] }], 1);
    const store = createTerminalStore();
    const feed = new HistoryFeed(src, store, 1);
    feed.loadMore('fills');
    await settle();
    feed.loadMore('fills');
    await settle();
    expect(store.getState().tabs.history.fills.error).toContain('502');
    feed.loadMore('fills');
    await settle();
    feed.loadMore('fills');
    await settle();
    expect(store.getState().tabs.history.fills.rows.map((r) => r.orderId)).toEqual([3, 2]);
    expect(store.getState().tabs.history.fills.error).toBeNull();
  });

  it('unlisted-market-history-refused: fills of a market the context does not list are dropped and reported, never shown', async () => {
    const { src } = source([{ d: [fill(3), { ...fill(2), mkt: 424242 }, fill(1)] }]);
    const store = createTerminalStore();
    const refused: string[] = [];
    const feed = new HistoryFeed(src, store, 3, undefined, { listed: { isListed: (id) => id === 1, refused: (why) => refused.push(why) } });
    feed.loadMore('fills');
    await settle();
    expect(store.getState().tabs.history.fills.rows.map((r) => r.orderId)).toEqual([3, 1]);
    expect(refused).toEqual(['fills history: 1 row for market 424242, which the context does not list']);
  });
});

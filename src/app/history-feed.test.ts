// History pages from REST one at a time, as the user scrolls: each loadMore appends one page (no
// duplicates), the last page marks the list done, and a failed page is retried from the start.

import { describe, expect, it } from 'vitest';
import type { HistorySource } from '../client/history/source.js';
import type { Fill, HistoryPage, Position } from '../protocol/frames.js';
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

describe('fills the session never saw', () => {
  it('fill-effect-after-a-reconcile: a fill from before this run (a kill -9 and the journal\'s reconcile) gets its effect and realized PnL from position history, as a live one', async () => {
    // Block 200: the order 7 closed a long (sr 13) realizing -1.25; block 150: order 6 opened it (sr 21).
    const close: Fill = { at: { b: 200, tx: 2, l: 1, t: 200_000 }, mkt: 1, acc: 5, oid: 7, t: 2, l: 2, p: 1, s: 1, f: '1' };
    const open: Fill = { at: { b: 150, tx: 1, l: 1, t: 150_000 }, mkt: 1, acc: 5, oid: 6, t: 1, l: 2, p: 1, s: 1, f: '1' };
    const event = (oid: number, b: number, tx: number, sr: number, dpnl: string): Position => ({
      at: { b, tx, l: 2, t: b * 1000 }, mkt: 1, acc: 5, pid: 3, rq: 1, oid, st: sr === 13 ? 2 : 1, sr, sd: 1, c: '0', ep: 1, s: 1, lv: 100, dpnl,
    });
    const asked: string[] = [];
    const src: HistorySource = {
      history: ((kind: string) => ({
        async *[Symbol.asyncIterator]() {
          asked.push(kind);
          if (kind === 'fills') yield { d: [close, open] };
          else yield { d: [event(7, 200, 2, 13, '-1250000'), event(6, 150, 1, 21, '0')] };
        },
      })) as HistorySource['history'],
    };
    const store = createTerminalStore();
    // The session saw neither fill's position events (it started after them).
    const feed = new HistoryFeed(src, store, 50, undefined, { positionEventsOf: () => [] });
    feed.loadMore('fills');
    await settle();
    await settle();
    const rows = store.getState().tabs.history.fills.rows;
    expect(rows.map((r) => [r.orderId, r.effect, r.realizedPnl])).toEqual([
      [7, 'close', '-1250000'],
      [6, 'open', null],
    ]);
    // Looked for once: a refresh of the same fills reads no more position history.
    feed.refresh('fills');
    await settle();
    await settle();
    expect(asked.filter((k) => k === 'position-history')).toHaveLength(1);
  });
});

// A write of the trading slice keeps what did not move: when only the mark moved (the block's new mark moves
// the positions' uPnL and the equity), the orders, fills, journal, health and locks are the objects written
// before, so the views cached on them (the book on the orders, the status bar on the health) are not built
// again and their panes do not draw again. What moved is written new.

import { describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import type { MarkReading, MarkSource } from '../domain/marks.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import type { ConnectionView } from '../domain/views.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import type { Order } from '../protocol/frames.js';
import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { bookView } from '../ui/book/view.js';
import { statusView } from '../ui/status/view.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState, longIn } from './trading-publisher.fixtures.js';

const market = btcTestMarket();
const long = longIn(market.id);
const resting: Order = { at: { b: 3, tx: 0, l: 0 }, rq: 9, mkt: market.id, acc: 5, oid: 55, st: 2, t: 1, os: 100, fs: 0, fl: 0, lv: 500, p: 660_000 };

function setup() {
  const state = fundedTradingState([long]);
  state.applyOrders([resting]);
  // The engine's journal is one array it appends to (and replaces by a shorter copy past its bound).
  const journal: JournalEntryView[] = [];
  // A fresh health object at every read, as the session builds it.
  const session = { state, head: 10, synced: true, connectionView: (): ConnectionView => ({ ...INITIAL_CONNECTION, health: 'live', lastDataAt: 1_000 }) };
  const client = {
    session,
    engine: { version: 0, lockFacts: () => ({ ...LIVE_SESSION_FACTS }), journalEntries: () => journal, pending: () => [], lastBlockOf: () => undefined },
  } as unknown as TradingClient;
  let mark: MarkReading = { state: 'live', price: 680_000, block: 9, timeMs: null };
  let lastTrade: number | null = null;
  const source: MarkSource = { readMark: () => mark, lastTradePrice: () => lastTrade };
  const store = createTerminalStore();
  const publisher = new TradingPublisher({ store, client, markets: [market], marks: source, scopeMask: 3, keyExpiresAt: null, hz: 10, now: () => 0 });
  return { state, session, client, journal, store, publisher, setMark: (price: number) => (mark = { state: 'live', price, block: 10, timeMs: null }), setLastTrade: (price: number) => (lastTrade = price) };
}

describe('a write of the trading slice keeps what did not move', () => {
  it('mark-move-rebuilds-no-book-or-status-view: the orders, fills, journal, health and locks stay the objects written before', () => {
    const s = setup();
    expect(s.publisher.tick()).toBe(true);
    const before = s.store.getState();
    const book = bookView(before, 80, 10);
    const status = statusView(before, 0, 200);
    s.setMark(690_000);
    expect(s.publisher.tick()).toBe(true);
    const after = s.store.getState();
    expect(after.trading).not.toBe(before.trading);
    // What moved is new: the position's uPnL and the equity.
    expect(after.trading.positions[0]?.unrealizedPnl).not.toBe(before.trading.positions[0]?.unrealizedPnl);
    expect(after.trading.account?.unrealizedPnl).not.toBe(before.trading.account?.unrealizedPnl);
    // The rest is what the views were cached on: the same objects, so the same views (the record: not built again).
    for (const part of ['orders', 'fills', 'journal', 'executions', 'health', 'lockFacts'] as const) expect(after.trading[part], part).toBe(before.trading[part]);
    expect(bookView(after, 80, 10)).toBe(book);
    expect(statusView(after, 0, 200)).toBe(status);
  });

  it('head-move-alone-rebuilds-no-rows: a new block with the same mark writes the slice but keeps every row, the account and the prices', () => {
    const s = setup();
    s.publisher.tick();
    const before = s.store.getState().trading;
    s.session.head = 11;
    expect(s.publisher.tick()).toBe(true);
    const after = s.store.getState().trading;
    for (const part of ['positions', 'account', 'fills', 'marketPrices'] as const) expect(after[part], part).toBe(before[part]);
    // The order's row reads the head: it is written new.
    expect(after.orders).not.toBe(before.orders);
  });

  it('last-trade-rebuilds-the-account-at-every-trade: a trade alone writes the market\'s last price and keeps the positions, the account and every row', () => {
    const s = setup();
    s.setLastTrade(679_000);
    s.publisher.tick();
    const before = s.store.getState().trading;
    s.setLastTrade(679_500);
    expect(s.publisher.tick()).toBe(true);
    const after = s.store.getState().trading;
    // The editors check a `last` trigger on it: it is written new.
    expect(after.marketPrices[market.id]?.lastTrade).toBe(679_500);
    // Nothing is valued at it: the account pane and the positions tab draw nothing new.
    for (const part of ['positions', 'account', 'orders', 'fills', 'journal', 'guards'] as const) expect(after[part], part).toBe(before[part]);
  });

  it('order-change-after-a-kept-write-reaches-the-rows: an order filled in part is written new with its fill', () => {
    const s = setup();
    s.publisher.tick();
    s.setMark(690_000);
    s.publisher.tick();
    const kept = s.store.getState().trading.orders;
    s.state.applyOrders([{ ...resting, at: { b: 4, tx: 0, l: 0 }, fs: 40 }]);
    expect(s.publisher.tick()).toBe(true);
    const orders = s.store.getState().trading.orders;
    expect(orders).not.toBe(kept);
    expect(orders[0]).toMatchObject({ orderId: 55, filledSize: 40 });
  });

  it('journal-line-appended-to-the-same-array-reaches-the-journal: a kept journal is never the engine\'s live array, a new line or a trimmed start is written', () => {
    const s = setup();
    const line = (text: string): JournalEntryView => ({ timeMs: 1, kind: 'note', requestKey: '', rq: null, text });
    s.journal.push(line('a'));
    s.publisher.tick();
    const first = s.store.getState().trading.journal;
    expect(first).not.toBe(s.journal);
    s.journal.push(line('b'));
    (s.client.engine as { version: number }).version = 1;
    s.publisher.tick();
    expect(s.store.getState().trading.journal.map((l) => l.text)).toEqual(['a', 'b']);
    // Past its bound the engine keeps the newest: same length, another first line.
    s.journal.splice(0, 1, line('c'));
    (s.client.engine as { version: number }).version = 2;
    s.publisher.tick();
    expect(s.store.getState().trading.journal.map((l) => l.text)).toEqual(['c', 'b']);
  });
});

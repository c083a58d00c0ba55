// The publisher copies the prices of every market with a position or an open order into the store (the mark
// by the rule of domain/marks.ts, and the last trade where a position is): a review of a change, or a TP/SL
// check, in a market that is not on screen reads them there.

import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import type { MarkReading, MarkSource } from '../domain/marks.js';
import type { Order } from '../protocol/frames.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState, longIn } from './trading-publisher.fixtures.js';

const BTC = 1;
const ETH = 2;
const SOL = 3;
const resting: Order = { at: { b: 3, tx: 0, l: 0 }, rq: 9, mkt: ETH, acc: 5, oid: 55, st: 2, t: 1, os: 100, fs: 0, fl: 0, lv: 500, p: 30_000 };
const long = longIn(BTC);

function setup() {
  const state = fundedTradingState();
  const client = {
    session: { state, head: 10, synced: true, connectionView: () => INITIAL_CONNECTION },
    engine: { version: 0, lockFacts: () => LIVE_SESSION_FACTS, journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined },
  } as unknown as TradingClient;
  const marks = new Map<number, MarkReading>([
    [BTC, { state: 'live', price: 680_000, block: 9, timeMs: null }],
    [ETH, { state: 'live', price: 31_000, block: 9, timeMs: null }],
    [SOL, { state: 'live', price: 1_500, block: 9, timeMs: null }],
  ]);
  const lastTrades = new Map<number, number>([[BTC, 681_000], [ETH, 31_100]]);
  const source: MarkSource = {
    readMark: (id) => marks.get(id) ?? { state: 'unknown', reason: 'no mark received yet' },
    lastTradePrice: (id) => lastTrades.get(id) ?? null,
  };
  const store = createTerminalStore();
  const publisher = new TradingPublisher({ store, client, markets: [], marks: source, scopeMask: 3, keyExpiresAt: null, hz: 10, now: () => 0 });
  return { state, store, publisher, marks };
}

describe('prices of the markets held or ordered in', () => {
  it('off-screen-order-market-has-its-mark-in-the-store: an ETH order and a BTC position put both markets\' prices in the store, no other', () => {
    const s = setup();
    s.state.applyOrders([resting]);
    s.state.applyPositions([long]);
    s.publisher.tick();
    const prices = s.store.getState().trading.marketPrices;
    expect(prices[ETH]).toEqual({ mark: { state: 'live', price: 31_000, block: 9, timeMs: null }, lastTrade: null });
    expect(prices[BTC]).toEqual({ mark: { state: 'live', price: 680_000, block: 9, timeMs: null }, lastTrade: 681_000 });
    expect(prices[SOL]).toBeUndefined();
  });

  it('a mark that moves or goes stale in a market with only an order is written again', () => {
    const s = setup();
    s.state.applyOrders([resting]);
    s.publisher.tick();
    s.marks.set(ETH, { state: 'live', price: 32_000, block: 10, timeMs: null });
    expect(s.publisher.tick()).toBe(true);
    expect(s.store.getState().trading.marketPrices[ETH]?.mark).toMatchObject({ state: 'live', price: 32_000 });
    s.marks.set(ETH, { state: 'stale', price: 32_000, block: 10, timeMs: null, reason: 'no market data for 6.0 s' });
    expect(s.publisher.tick()).toBe(true);
    expect(s.store.getState().trading.marketPrices[ETH]?.mark.state).toBe('stale');
    expect(s.publisher.tick()).toBe(false);
  });
});

// Fills and triggers announced by the publisher: a toast each, and the bell when it is on (config
// `bell`, `:bell on|off`); fills of the sign-in snapshot are history and ring nothing.

import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import { NO_MARKS } from '../domain/marks.js';
import type { Fill, Order } from '../protocol/frames.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { setBell } from '../state/trading-actions.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState } from './trading-publisher.fixtures.js';

const fill = (oid: number, b: number, t = 1): Fill => ({ at: { b, tx: 0, l: 0 }, mkt: 1, acc: 5, oid, t, l: 2, p: 670_000, s: 100, f: '10' });
const stop: Order = { at: { b: 3, tx: 0, l: 0 }, rq: 9, mkt: 1, acc: 5, oid: 55, st: 8, t: 3, os: 100, fs: 0, fl: 4, lv: 500, p: 0, tp: 650_000, tpc: 4 };

function setup(engine: { sentAsPlainStop?: (rq: number) => boolean | undefined; note?: (text: string) => void } = {}) {
  const state = fundedTradingState();
  const client = {
    session: { state, head: 10, synced: true, connectionView: () => INITIAL_CONNECTION },
    engine: { version: 0, lockFacts: () => LIVE_SESSION_FACTS, journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined, ...engine },
  } as unknown as TradingClient;
  const store = createTerminalStore();
  let bells = 0;
  const publisher = new TradingPublisher({ store, client, markets: [], marks: NO_MARKS, scopeMask: 3, keyExpiresAt: null, hz: 10, bell: () => bells++, now: () => 0 });
  const toasts = () => store.getState().tradingUi.toasts.map((t) => t.text);
  return { state, store, publisher, toasts, bells: () => bells };
}

describe('bell and toasts on fills and triggers', () => {
  it('the snapshot fills ring nothing; a new fill toasts and rings once', () => {
    const s = setup();
    s.state.applyFills([fill(1, 2)]);
    s.publisher.tick();
    expect(s.bells()).toBe(0);
    expect(s.toasts()).toEqual([]);
    s.state.applyFills([fill(2, 4), fill(3, 4)]);
    s.publisher.tick();
    expect(s.bells()).toBe(1);
    expect(s.toasts().filter((t) => t === 'bought 100 market #1 @ 670,000, taker')).toHaveLength(2);
  });

  it('with the bell off a fill still toasts but does not ring', () => {
    const s = setup();
    s.publisher.tick();
    setBell(s.store, false);
    s.state.applyFills([fill(2, 4)]);
    s.publisher.tick();
    expect(s.bells()).toBe(0);
    expect(s.toasts()).toHaveLength(1);
  });

  it('a stop that goes off is announced as a trigger, with the bell', () => {
    const s = setup();
    s.state.applyOrders([stop]);
    s.publisher.tick();
    s.state.applyOrders([{ ...stop, at: { b: 5, tx: 0, l: 0 }, st: 4, fs: 100, r: true }]);
    s.state.applyFills([fill(55, 5, 3)]);
    s.publisher.tick();
    expect(s.toasts()).toEqual(['TP/SL triggered: sold 100 market #1 @ 670,000, taker']);
    expect(s.bells()).toBe(1);
  });

  it('plain-stop-fill-says-stop-triggered: a reduce-only stop order this run sent, and an opening stop, go off as a stop (toast and Journal), not as TP/SL', () => {
    const notes: string[] = [];
    const s = setup({ sentAsPlainStop: (rq) => rq === 9, note: (text) => notes.push(text) });
    const opening: Order = { ...stop, rq: 10, oid: 56, t: 1, tpc: 3, tp: 690_000 };
    s.state.applyOrders([stop, opening]);
    s.publisher.tick();
    s.state.applyOrders([{ ...stop, at: { b: 5, tx: 0, l: 0 }, st: 4, fs: 100, r: true }, { ...opening, at: { b: 5, tx: 0, l: 0 }, st: 4, fs: 100, r: true }]);
    s.state.applyFills([fill(55, 5, 3), fill(56, 5, 1)]);
    s.publisher.tick();
    expect(s.toasts().sort()).toEqual(['stop triggered: bought 100 market #1 @ 670,000, taker', 'stop triggered: sold 100 market #1 @ 670,000, taker']);
    expect(notes.sort()).toEqual(s.toasts().sort());
  });
});

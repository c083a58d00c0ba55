// upnl-holds-while-trading-is-down: while the trading socket is not live the positions are what was last
// received; their mark and uPnL stay at the marks of that moment (the panes show them dimmed "as of"),
// instead of moving with market data as if the position were current. Live again, they follow the mark.

import { describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import type { MarkReading, MarkSource } from '../domain/marks.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import type { ConnectionView } from '../domain/views.js';
import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState, longIn } from './trading-publisher.fixtures.js';

const market = btcTestMarket();
const long = longIn(market.id);

function setup() {
  const state = fundedTradingState([long]);
  let health: ConnectionView = { ...INITIAL_CONNECTION, health: 'live', lastDataAt: 1_000 };
  const client = {
    session: { state, head: 10, synced: true, connectionView: () => health },
    engine: { version: 0, lockFacts: () => LIVE_SESSION_FACTS, journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined },
  } as unknown as TradingClient;
  let mark: MarkReading = { state: 'live', price: 680_000, block: 9, timeMs: null };
  const source: MarkSource = { readMark: () => mark, lastTradePrice: () => null };
  const store = createTerminalStore();
  const publisher = new TradingPublisher({ store, client, markets: [market], marks: source, scopeMask: 3, keyExpiresAt: null, hz: 10, now: () => 0 });
  return {
    store,
    publisher,
    setHealth: (h: Partial<ConnectionView>) => (health = { ...health, ...h }),
    setMark: (price: number) => (mark = { state: 'live', price, block: 10, timeMs: null }),
  };
}

describe('positions while trading is down', () => {
  it('upnl-holds-while-trading-is-down: the mark moves, the position keeps the mark and uPnL it was last current at', () => {
    const s = setup();
    s.publisher.tick();
    const current = s.store.getState().trading;
    expect(current.positions[0]?.markPrice).toBe(680_000);
    const upnl = current.positions[0]?.unrealizedPnl;
    expect(upnl).not.toBeNull();

    s.setHealth({ health: 'disconnected' });
    s.setMark(700_000);
    s.publisher.tick();
    const down = s.store.getState().trading;
    expect(down.positions[0]?.markPrice).toBe(680_000);
    expect(down.positions[0]?.unrealizedPnl).toBe(upnl);
    expect(down.account?.unrealizedPnl).toBe(current.account?.unrealizedPnl);
    // The market's own price is still the live one (reviews read it); only the position stays as of then.
    expect(down.marketPrices[market.id]?.mark).toMatchObject({ price: 700_000 });

    s.setHealth({ health: 'live', keyRefused: 'unauthorized' });
    s.setMark(710_000);
    s.publisher.tick();
    expect(s.store.getState().trading.positions[0]?.markPrice).toBe(680_000);

    s.setHealth({ health: 'live', keyRefused: undefined });
    s.publisher.tick();
    const back = s.store.getState().trading;
    expect(back.positions[0]?.markPrice).toBe(710_000);
    expect(back.positions[0]?.unrealizedPnl).not.toBe(upnl);
  });
});

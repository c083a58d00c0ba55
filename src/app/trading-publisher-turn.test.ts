// The trading publisher's write joins the market-data publisher's paint: ticked right after it in the same
// task (FrameTurn.follow), both writes reach React before it commits, so the screen draws once for both
// instead of a second time a few ms later (the Algos run painted ~26 frames/s at 25 Hz). With no
// market-data paint for an interval, its own timer still publishes.

import { describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import type { MarkReading, MarkSource } from '../domain/marks.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { FrameTurn } from '../state/frame-turn.js';
import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { waitFor } from '../../test/helpers/wait.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState, longIn } from './trading-publisher.fixtures.js';

const market = btcTestMarket();
const long = longIn(market.id);

function setup() {
  const state = fundedTradingState([long]);
  const client = {
    session: { state, head: 10, synced: true, connectionView: () => ({ ...INITIAL_CONNECTION, health: 'live', lastDataAt: 1_000 }) },
    engine: { version: 0, lockFacts: () => LIVE_SESSION_FACTS, journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined },
  } as unknown as TradingClient;
  let mark: MarkReading = { state: 'live', price: 680_000, block: 9, timeMs: null };
  const source: MarkSource = { readMark: () => mark, lastTradePrice: () => null };
  const store = createTerminalStore();
  const turn = new FrameTurn();
  const publisher = new TradingPublisher({ store, client, markets: [market], marks: source, scopeMask: 3, keyExpiresAt: null, hz: 25, turn, now: () => 0 });
  return { store, turn, publisher, setMark: (price: number) => (mark = { state: 'live', price, block: 10, timeMs: null }) };
}

describe('the trading write and the market-data paint', () => {
  it('trading-write-joins-the-market-data-paint: the mark moved, the next market paint carries the trading write in the same task', () => {
    const s = setup();
    s.publisher.start();
    try {
      const writes: string[] = [];
      const uPnl = s.store.getState().trading.positions[0]?.unrealizedPnl;
      s.store.subscribe((now, before) => {
        if (now.publishes !== before.publishes) writes.push('market');
        if (now.trading !== before.trading) writes.push('trading');
      });
      s.setMark(690_000);
      s.turn.run(() => s.store.setState({ publishes: 1 }));
      // Both writes within the paint's own task (no timer or immediate ran between): one React commit for the two.
      expect(writes).toEqual(['market', 'trading']);
      expect(s.store.getState().trading.positions[0]?.unrealizedPnl).not.toBe(uPnl);
    } finally {
      s.publisher.stop();
    }
  });

  it('trading-publishes-alone-when-no-market-paint-comes: its own timer writes the moved mark within a few intervals', async () => {
    const s = setup();
    s.publisher.start();
    try {
      const before = s.store.getState().trading;
      s.setMark(690_000);
      await waitFor(() => s.store.getState().trading !== before || undefined, 'the trading write', 2_000);
    } finally {
      s.publisher.stop();
    }
  });
});

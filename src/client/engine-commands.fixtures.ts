// EngineCommands over a fake trading session, for the client's unit tests: the session holds the given orders
// and positions, is live, and `block(head)` moves its head on as a heartbeat would (the commands wait for a
// live block before re-reading what the exchange holds). Time is virtual.
import { VirtualTimers } from '../../test/helpers/virtual-timers.js';
import type { Order, Position } from '../protocol/frames.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { EngineCommands } from './commands.js';
import type { OrderEngine } from './trading/order-engine.js';
import type { TradingSession, TradingSessionEvents } from './trading/session.js';

export function commandsOverFakeSession(engine: Partial<OrderEngine>, state: { orders: Map<number, Order>; positions: Map<number, Position>; triggerOrderCount: () => number }) {
  const listeners = new Set<TradingSessionEvents>();
  const session = {
    head: 100,
    state,
    health: () => 'live',
    on(events: TradingSessionEvents) {
      listeners.add(events);
      return () => listeners.delete(events);
    },
  };
  const clock = new VirtualTimers();
  const commands = new EngineCommands(engine as OrderEngine, session as unknown as TradingSession, () => [btcTestMarket()], { timers: clock, blockWaitMs: 1_000 });
  /** A heartbeat of block `head`. */
  const block = (head: number): void => {
    session.head = head;
    for (const l of [...listeners]) l.heartbeat?.(head);
  };
  return { commands, clock, block, head: () => session.head };
}

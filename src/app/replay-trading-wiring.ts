// Wires a replay's trading side (replay/replay-trading.ts) to the screen: the recorded session follows
// the replay clock and the TradingPublisher copies it into the store's `trading` slice, as live.

import type { MarkSource } from '../domain/marks.js';
import { ScopeMask } from '../protocol/enums.js';
import type { Context } from '../protocol/frames.js';
import type { ReplayClock } from '../replay/replay-clock.js';
import { READ_ONLY_COMMANDS, replayHistory } from '../replay/read-only.js';
import { ReplayTradingFeed } from '../replay/replay-trading.js';
import type { TradingEvent } from '../replay/timeline.js';
import type { TerminalStore } from '../state/store.js';
import type { TradingCommands } from '../domain/trading/commands.js';
import type { HistoryFeedKind } from '../state/trading-tabs.js';
import { TradingPublisher } from './trading-publisher.js';

export interface ReplayTradingOptions {
  events: readonly TradingEvent[];
  startedAt: number;
  clock: ReplayClock;
  store: TerminalStore;
  context: Context;
  /** Store writes per second (the app's publish rate). */
  hz: number;
  /** The replayed market data's marks: positions and equity are valued at them, as they were live. */
  marks: MarkSource;
}

export interface ReplayTrading {
  feed: ReplayTradingFeed;
  commands: TradingCommands;
  history: { loadMore(kind: HistoryFeedKind): void; refresh(kind: HistoryFeedKind): void };
  stop(): void;
}

/** Follows the replay clock with the recorded trading state and publishes it to the store's `trading` slice. */
export function startReplayTrading(o: ReplayTradingOptions): ReplayTrading {
  const feed = new ReplayTradingFeed(o.events, o.startedAt, Date.now, (id) => o.context.markets.some((m) => m.id === id));
  // No bell: seeking over fills would ring for each; the toasts still show as they did live.
  const publisher = new TradingPublisher({ store: o.store, client: feed, markets: o.context.markets, marks: o.marks, scopeMask: ScopeMask.Read, keyExpiresAt: null, hz: o.hz });
  const tick = (): void => {
    feed.advanceTo(o.clock.position());
    publisher.tick();
  };
  const timer = setInterval(tick, Math.max(20, Math.round(1000 / o.hz)));
  timer.unref();
  const offClock = o.clock.onChange(tick);
  tick();
  return {
    feed,
    commands: READ_ONLY_COMMANDS,
    history: { loadMore: (kind) => replayHistory(o.store, kind), refresh: (kind) => replayHistory(o.store, kind) },
    stop: () => {
      clearInterval(timer);
      offClock();
    },
  };
}

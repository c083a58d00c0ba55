// One call that wires the trading side for the app or a bot: session + order engine + commands, the
// journal under $PERPL_HOME, and order-history reconciliation through the REST client.

import type { ApiKeySigner } from '../../auth/signer.js';
import { hasTradeScope } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import type { Network } from '../../protocol/networks.js';
import type { RestClient } from '../../transport/rest/client.js';
import { EngineCommands } from '../commands.js';
import { findOrderByRq } from '../history/loaders.js';
import type { ThrottleReport } from '../../transport/rate/index.js';
import type { FrameTap } from '../../transport/ws/index.js';
import type { Timers } from '../../lib/timers.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import type { OrderGuards } from '../../domain/guards/order-guards.js';
import { OrderEngine } from './order-engine.js';
import { ArmedOrder } from './armed-order.js';
import type { ArmedFrameStage } from '../../transport/ws/armed-frame.js';
import type { SocketFactory } from '../../transport/ws/index.js';
import { tradingRequestLimit } from './request-limits.js';
import { TradingSession } from './session.js';
import { epochNow } from '../../lib/epoch-now.js';

export interface TradingClientOptions {
  /** The Journal pane's lines of this account from earlier in this terminal (an account switched away and back). */
  earlierJournalLines?: readonly JournalEntryView[];
  network: Network;
  signer: ApiKeySigner;
  /** Signed REST client of the same key: used to reconcile lost statuses from order history. */
  rest?: RestClient;
  /** Scope mask of the key (1 read, 3 read+trade). */
  scopeMask: number;
  markets: () => readonly Market[];
  maxAccountTriggerOrders?: number;
  accountId?: number;
  /** Journal requests under $PERPL_HOME/journal (default true). */
  journal?: boolean;
  env?: NodeJS.ProcessEnv;
  referencePrice?: (marketId: number) => number | undefined;
  /** The config's [guards] with the day's net they read (the order engine checks every request against them). */
  guards?: OrderGuards;
  /** Told how long frames wait for the trading socket's send budget, null once none waits. */
  onThrottle?: ThrottleReport;
  /** Sees every trading frame and connection event (the `--record` recorder). */
  tap?: FrameTap;
  /** Sees every Journal pane line as the engine adds it (the `--record` recorder). */
  onJournal?: (entry: JournalEntryView) => void;
  /** One clock for the socket, the ack timers and panic's block wait (default the real one). */
  timers?: Timers;
  log?: (line: string) => void;
  /** The key thread (app/key-thread.ts): its socket carries the trading connection and a review's order is armed on it. */
  keyThread?: KeyThreadLink;
}

/** What the trading client needs of the key thread. */
export interface KeyThreadLink {
  readonly stage: ArmedFrameStage;
  readonly createSocket: SocketFactory;
  /** The key thread's number of its open socket, or null. */
  openConnection(): number | null;
}

export interface TradingClient {
  session: TradingSession;
  engine: OrderEngine;
  commands: EngineCommands;
  start(): void;
  stop(): void;
}

export function createTradingClient(o: TradingClientOptions): TradingClient {
  const session = new TradingSession({
    wsBase: o.network.wsBase,
    signer: o.signer,
    ...(o.accountId !== undefined ? { accountId: o.accountId } : {}),
    requestLimit: tradingRequestLimit(o.network.name),
    ...(o.onThrottle ? { onThrottle: o.onThrottle } : {}),
    ...(o.tap ? { tap: o.tap } : {}),
    isListedMarket: (id) => o.markets().some((m) => m.id === id),
    ...(o.timers ? { timers: o.timers } : {}),
    ...(o.log ? { log: o.log } : {}),
    // Every other frame claims the armed order first: it never leaves after a later request.
    ...(o.keyThread ? { createSocket: o.keyThread.createSocket, beforeSend: () => armed?.claim() } : {}),
  });
  let armed: ArmedOrder | null = null;
  const rest = o.rest;
  const engine = new OrderEngine({
    session,
    markets: o.markets,
    canTrade: () => hasTradeScope(o.scopeMask),
    ...(o.maxAccountTriggerOrders !== undefined ? { maxAccountTriggerOrders: o.maxAccountTriggerOrders } : {}),
    ...(o.journal === false ? {} : { journal: { network: o.network.name, ...(o.env ? { env: o.env } : {}) } }),
    ...(rest
      ? {
          lookupOrderByRq: (rq: number) => {
            const acc = session.state.account?.id;
            return acc === undefined ? Promise.resolve(undefined) : findOrderByRq(rest, acc, rq);
          },
        }
      : {}),
    ...(o.referencePrice ? { referencePrice: o.referencePrice } : {}),
    ...(o.guards ? { guards: o.guards } : {}),
    ...(o.onJournal ? { onJournal: o.onJournal } : {}),
    ...(o.timers ? { timers: o.timers } : {}),
    ...(o.log ? { log: o.log } : {}),
    ...(o.earlierJournalLines ? { earlierLines: o.earlierJournalLines } : {}),
  });
  const kt = o.keyThread;
  if (kt) armed = armedOrderOf(kt, engine, session);
  const commands = new EngineCommands(engine, session, o.markets, { ...(o.timers ? { timers: o.timers } : {}), ...(armed ? { armed } : {}) });
  return {
    session,
    engine,
    commands,
    start: () => session.start(),
    stop: () => {
      engine.stop();
      session.stop();
    },
  };
}

/** The armed order of the key thread: armed only on a synced connection with a send token free, never past the feed's stale time. */
function armedOrderOf(kt: KeyThreadLink, engine: OrderEngine, session: TradingSession): ArmedOrder {
  const armed = new ArmedOrder({
    engine,
    stage: kt.stage,
    connection: () => (session.synced ? kt.openConnection() : null),
    canSendNow: () => session.sendBudgetLeft > 0 && session.queuedFrames === 0,
    spendToken: () => void session.spendSendToken(),
    // The clock the key thread reads an arm's expiry with (app/key-thread.ts).
    now: epochNow,
    // The feed-stale lock comes by time alone (no frame needed): the arm ends before it.
    validUntil: () => {
      const until = session.liveUntilMs;
      return until === null ? 0 : until - Date.now() + epochNow();
    },
  });
  // Not live any more (closed, reconnecting, stale, resyncing): the arm ends now, not at the next publish.
  session.on({ connection: (view) => view.health !== 'live' && armed.claim() });
  return armed;
}

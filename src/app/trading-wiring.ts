// Trading side of the terminal: find a key (local demo key, --key-file, discovery), start the trading
// client with it, and keep the store's `trading` slice in step. No key, or a key that fails to load,
// means market data only (READ-ONLY), with the reason in the footer. An encrypted key file was already
// unlocked (or given up on) before the screen was taken (app/key-unlock.ts): `startKey` carries the result.

import { journalCutQuestions } from './confirm-journal.js';
import { ServerClock } from '../auth/clock.js';
import { loadCredentials, type Credentials } from '../auth/credentials.js';
import { discoverKeyFile } from '../auth/keyfile-discovery.js';
import { ApiKeySigner } from '../auth/signer.js';
import { createTradingClient, type KeyThreadLink, type TradingClient } from '../client/trading/client.js';
import { startArmedReview } from './armed-review-wiring.js';
import { livePrice, type MarkSource } from '../domain/marks.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import { hasTradeScope, ScopeMask } from '../protocol/enums.js';
import { userMessage } from '../protocol/errors.js';
import type { Context } from '../protocol/frames.js';
import type { Network } from '../protocol/networks.js';
import type { TerminalStore } from '../state/store.js';
import { tradingKeyInUse, tradingKeyless } from '../state/link-actions.js';
import type { TradingCommands } from '../domain/trading/commands.js';
import { recordingSecrets, type FrameRecorder } from '../transport/record/index.js';
import { RestClient } from '../transport/rest/client.js';
import { exportService, type ExportHistory } from './export-service.js';
import { HISTORY_FEED_KINDS, HistoryFeed, historyKindsOf } from './history-feed.js';
import { LedgerFeed } from './ledger-feed.js';
import type { ThrottleWiring } from './throttle-wiring.js';
import type { AppLog } from './app-log.js';
import type { StartKey } from './key-unlock.js';
import { TradingPublisher } from './trading-publisher.js';
import type { FrameTurn } from '../state/frame-turn.js';
import { homeShortened } from './home-shortened.js';
import { storeUntil } from '../state/store-until.js';
import { startAlgoWiring } from './algo-wiring.js';
import type { AlgoControl } from '../domain/algos/algo-row.js';
import { anyGuard, type GuardLimits } from '../domain/guards/guard-limits.js';
import type { DailyNet } from '../domain/guards/daily-loss.js';
import type { GuardRefusal } from '../domain/guards/order-guards.js';
import { accountFigures } from '../domain/trading/account-figures.js';
import { SessionDailyNet } from '../client/guards/session-daily-net.js';
import { watchDailyLossFlatten } from '../client/guards/daily-loss-flatten.js';
import { startGuardNotify, type GuardNotify } from '../client/guards/guard-notify.js';
import { guardEvent, type NotifyEvent } from '../domain/notify/notify-event.js';

export interface TradingWiringOptions {
  store: TerminalStore;
  network: Network;
  context: Context;
  /** The marks of every market (the market-data session): positions, equity and the engine's reference price. */
  marks: MarkSource;
  /** A key file path or name; else discovery for the network when `discover`. */
  keyFile?: string;
  discover: boolean;
  env: NodeJS.ProcessEnv;
  hz: number;
  /** One paint per event-loop turn, shared with the market-data publisher (state/frame-turn.ts). */
  turn?: FrameTurn;
  /** Writes BEL to the terminal. */
  bell?: () => void;
  /** `--record`: the trading socket's frames go here, and the key's secrets are scrubbed from the file. */
  recorder?: FrameRecorder;
  /** The app's shared REST budgets and throttle notice. */
  throttle?: ThrottleWiring;
  /** The key the passphrase prompt unlocked or gave up on before the screen; wins over keyFile/discovery. */
  startKey?: StartKey | null;
  /** The app's log file: the trading socket's and the engine's diagnostics, key failures. */
  log?: AppLog | null;
  /** The config's [guards]: checked for every order (domain/guards/), shown in the account panel. */
  guards?: GuardLimits;
  /** The desktop notifier (app/notify-wiring.ts): a guard reached, a refused order, the flatten run. */
  notify?: (event: NotifyEvent) => void;
  /** The Journal pane's lines of this account from before a switch away (app/account-switch.ts). */
  earlierJournalLines?: readonly JournalEntryView[];
  /** The key thread (on unless PERPL_KEY_THREAD=0): the trading socket lives there and the review's order is armed on it. */
  keyThread?: KeyThreadLink;
}

export interface TradingWiring {
  client: TradingClient;
  commands: TradingCommands;
  /** REST history pages for the Fills / History tabs. */
  history: HistoryFeed;
  /** Round trips for the Trades tab and the PnL calendar. */
  ledger: LedgerFeed;
  /** The algo runner (TWAP) over the same client and account. */
  algos: AlgoControl;
  /** `:export`: the account's history to a file, over the signed REST client. */
  exportHistory: ExportHistory;
  stop(): void;
}

async function findCredentials(o: TradingWiringOptions): Promise<Credentials | null> {
  const keyFile = o.keyFile ?? (o.discover ? await discoverKeyFile(o.env, { name: o.network.name, chainId: o.network.chainId }) : undefined);
  if (keyFile === undefined && !o.discover) return null;
  return loadCredentials({ ...(keyFile !== undefined ? { keyFile } : {}), env: o.env });
}

/** Writes each Journal pane line to the recording, stamped with the time the pane shows. */
function recordJournal(recorder: FrameRecorder): (entry: JournalEntryView) => void {
  return (entry) => recorder.journal(entry, entry.timeMs);
}

/** Starts trading when a usable key is found; null (and a READ-ONLY badge) otherwise. */
export async function startTrading(o: TradingWiringOptions): Promise<TradingWiring | null> {
  const log = o.log ?? null;
  if (o.startKey?.kind === 'locked') {
    log?.line(`trading: ${o.startKey.path}: ${o.startKey.notice}`);
    tradingKeyless(o.store, o.startKey.notice);
    return null;
  }
  let creds: Credentials | null;
  try {
    creds = o.startKey?.kind === 'unlocked' ? o.startKey.credentials : await findCredentials(o);
  } catch (error) {
    // userMessage never carries secrets (credentials redact themselves); the path is fine to show.
    log?.error('trading: no usable key, read-only', error);
    tradingKeyless(o.store, `no trading key: ${userMessage(error)}`);
    return null;
  }
  if (!creds) {
    log?.line('trading: no key configured, read-only');
    tradingKeyless(o.store);
    return null;
  }
  if (creds.chainId !== undefined && creds.chainId !== o.network.chainId) {
    log?.line(`trading: key ${creds.source} is for chain ${creds.chainId}, not ${o.network.chainId}: read-only`);
    tradingKeyless(o.store, `key is for chain ${creds.chainId}, not ${o.network.chainId}: read-only`);
    return null;
  }
  o.recorder?.addSecrets(recordingSecrets(creds));
  log?.addSecrets(recordingSecrets(creds));
  const scopeMask = creds.scopeMask ?? ScopeMask.ReadTrade;
  const clock = new ServerClock();
  const signer = new ApiKeySigner(creds, o.network.chainId, clock);
  const rest = new RestClient({
    network: o.network,
    signer,
    ...(o.throttle ? { rateLimits: o.throttle.restLimits, onRateLimitBackoff: o.throttle.reporter('signed rest back-off') } : {}),
  });
  const markets = () => o.context.markets;
  const limits = o.guards && anyGuard(o.guards) ? o.guards : null;
  // The day's net the daily loss guard reads: the session's realized net since the day's start (until the
  // ledger's) plus the open positions' uPnL at the marks; unknown while either is.
  let realized: SessionDailyNet | null = null;
  const dailyNet: DailyNet = () => {
    const r = realized?.realized() ?? null;
    const st = client.session.state;
    const upnl = st.account ? accountFigures(st.account, st.positions.values(), markets(), (id) => o.marks.readMark(id)).upnl : null;
    return r === null || upnl === null ? null : r + upnl;
  };
  const maxTriggers = o.context.instances[0]?.max_account_trigger_orders;
  const notifyGuard = (reason: string): void => o.notify?.(guardEvent(reason, Date.now()));
  // Made once the client is (it watches the client's session); the engine's refusals reach it from then on.
  let guardNotify: GuardNotify | null = null;
  const orderGuards = limits ? { limits, dailyNet, refused: (r: readonly GuardRefusal[]) => guardNotify?.refused(r) } : null;
  const client = createTradingClient({
    network: o.network,
    signer,
    rest,
    ...(o.recorder ? { tap: o.recorder.tap('trading') } : {}),
    ...(o.recorder ? { onJournal: recordJournal(o.recorder) } : {}),
    ...(o.throttle ? { onThrottle: o.throttle.reporter('trading socket') } : {}),
    ...(log ? { log: log.tagged('trading') } : {}),
    scopeMask,
    markets,
    ...(maxTriggers !== undefined ? { maxAccountTriggerOrders: maxTriggers } : {}),
    env: o.env,
    // Only a live mark (domain/marks.ts): without one the minimum-value check is left to the exchange.
    referencePrice: (marketId) => livePrice(o.marks.readMark(marketId)) ?? undefined,
    ...(orderGuards ? { guards: orderGuards } : {}),
    ...(o.earlierJournalLines ? { earlierJournalLines: o.earlierJournalLines } : {}),
    ...(o.keyThread ? { keyThread: o.keyThread } : {}),
  });
  if (limits?.maxDailyLoss != null) {
    realized = new SessionDailyNet({ session: client.session, dayStart: limits.dayStart, history: rest, ...(log ? { log: log.tagged('guards') } : {}) });
    realized.start();
  }
  const stopFlatten = limits
    ? watchDailyLossFlatten({ session: client.session, limits, dailyNet, panic: () => client.commands.panic(), note: (text) => client.engine.note(text), ran: notifyGuard })
    : () => {};
  if (limits && o.notify) guardNotify = startGuardNotify({ session: client.session, limits, dailyNet, notify: notifyGuard });
  tradingKeyInUse(o.store, hasTradeScope(scopeMask) ? 'trade' : 'read', { source: homeShortened(creds.source, o.env), publicKeyHex: creds.publicKeyHex });
  log?.line(`trading: key ${creds.source} (${creds.publicKeyHex}), scope ${hasTradeScope(scopeMask) ? 'read+trade' : 'read'}`);
  // Written through until stop(): a page still in flight then never lands in the next account's lists.
  let stopped = false;
  const store = storeUntil(o.store, () => stopped);
  const offCutQuestions = journalCutQuestions(o.store, (text) => client.engine.note(text));
  const algos = startAlgoWiring({
    client,
    rest,
    network: o.network.name,
    markets,
    marks: o.marks,
    env: o.env,
    ...(maxTriggers !== undefined ? { maxAccountTriggerOrders: maxTriggers } : {}),
    ...(log ? { log: log.tagged('algos') } : {}),
  });
  const publisher = new TradingPublisher({
    store,
    client,
    markets: o.context.markets,
    marks: o.marks,
    scopeMask,
    keyExpiresAt: creds.expiresAt !== undefined && creds.expiresAt > 0 ? creds.expiresAt : null,
    ...(maxTriggers !== undefined ? { maxAccountTriggerOrders: maxTriggers } : {}),
    hz: o.hz,
    ...(o.turn ? { turn: o.turn } : {}),
    ...(o.bell ? { bell: o.bell } : {}),
    algoRows: () => algos.rows(),
    algoLines: () => algos.lines(),
    ...(limits ? { guards: { limits, dailyNet } } : {}),
  });
  const history = new HistoryFeed(rest, store, undefined, log ? (kind, error) => log.error(`history: loading ${kind} failed`, error) : undefined, {
    // Automatic refreshes wait while signed requests queue for the shared budget (orders' reconciliation first).
    ...(o.throttle ? { budgetBusy: () => o.throttle!.restLimits.gate('authenticated').waiting > 0 } : {}),
    capOfRequest: (rq) => client.engine.slippageCapOf(rq),
    positionEventsOf: (oid, at) => client.session.state.positionEventsOf(oid, at),
    listed: {
      isListed: (id) => o.context.markets.some((m) => m.id === id),
      refused: (why) => client.session.refuseFrame(why),
    },
  });
  const ledger = new LedgerFeed(rest, store, () => o.context.markets, log ? { onError: (error) => log.error('ledger: loading failed', error) } : {});
  // A fill, an order or position update, an account event: the history lists showing them are stale;
  // a new connection's snapshots may follow changes the socket never told, so every list is.
  const offHistory = client.session.on({
    updated: (mt) => {
      const kinds = historyKindsOf(mt);
      history.invalidate(kinds);
      if (kinds.includes('fills') || kinds.includes('events')) ledger.invalidate();
    },
    snapshot: () => {
      history.invalidate(HISTORY_FEED_KINDS);
      ledger.invalidate();
    },
  });
  client.start();
  publisher.start();
  const stopArming = o.keyThread ? startArmedReview(o.store, client.commands) : () => {};
  return {
    client,
    commands: client.commands,
    history,
    ledger,
    algos: algos.control,
    exportHistory: exportService(rest, () => o.context, o.env),
    stop: () => {
      stopped = true;
      // Nothing stays armed for a client that stops (withdrawn, or adopted if its key already fired).
      stopArming();
      // Algos first: no child may leave while the client shuts down (the journal keeps them for the next run).
      algos.stop();
      stopFlatten();
      guardNotify?.stop();
      offCutQuestions();
      realized?.stop();
      offHistory();
      ledger.stop();
      history.stop();
      publisher.stop();
      client.stop();
    },
  };
}

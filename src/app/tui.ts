// Wiring of the terminal: network -> (local exchange) -> context -> market-data session -> store ->
// publisher -> Ink screen; and the one shutdown path that stops all of it so the process exits by itself.

import type { AlgoControl } from '../domain/algos/algo-row.js';
import { existsSync } from 'node:fs';
import type { Instance } from 'ink';
import { MarketDataSession } from '../client/market-data/session.js';
import type { MarkSource } from '../domain/marks.js';
import { userMessage } from '../protocol/errors.js';
import { LOCAL_CHAIN_ID, resolveNetwork, type LocalEndpoint, type Network } from '../protocol/networks.js';
import type { Context } from '../protocol/frames.js';
import type { TradingCommands } from '../domain/trading/commands.js';
import type { TerminalServices } from '../domain/terminal-actions.js';
import type { HistoryFeedKind } from '../state/trading-tabs.js';
import { adaptPublishRate } from '../state/frame-budget.js';
import { Publisher } from '../state/publisher.js';
import { FrameTurn } from '../state/frame-turn.js';
import { createTerminalStore, type TerminalStore } from '../state/store.js';
import { setNotice } from '../state/actions.js';
import { tradingStarting } from '../state/trading-actions.js';
import { countBadFrames, exchangeChosen, marketsListed } from '../state/link-actions.js';
import { RestClient } from '../transport/rest/client.js';
import { FrameRecorder, recordingFetch } from '../transport/record/index.js';
import { chooseMarket, handedContextFirst, loadContextWithRetry, marketListings } from './context-loader.js';
import { mountScreen, warmScreen } from '../terminal/render.js';
import { followHandshake, mountWhenReady, warmBesideHandshake, type WarmUp } from './first-frame.js';
import { startTrading } from './trading-wiring.js';
import { keyThreadStdin, type KeyThreadInput } from './key-thread-input.js';
import { tradesFromStart } from '../lib/key-thread-switch.js';
import { createTerminalActions } from '../ui/actions/terminal-actions.js';
import { firedEntry } from '../ui/order-entry/flow.js';
import { TerminalManners, type ExitReason } from '../terminal/manners.js';
import { readWorkspaceConfig, startWorkspace, withConfigDefaults } from './workspace-wiring.js';
import { startThrottleNotice } from './throttle-wiring.js';
import { startNotify } from './notify-wiring.js';
import { lowBandwidthAscii, lowBandwidthMountOptions, resolveLowBandwidth, screenProfile } from '../terminal/low-bandwidth.js';
import { perplHome } from '../lib/perpl-home.js';
import { createAppPerf } from '../terminal/perf/attach.js';
import { AppLog } from './app-log.js';
import { keyFileAtStart, unlockKeyAtStart } from './key-unlock.js';
import type { KeyDiscoveryTarget } from '../auth/keyfile-discovery.js';
import { exposedFolderNotice, exposedFolderText, exposedKeysFolder } from '../auth/keys-folder.js';
import { startLocalSim, type LocalSim } from './local-exchange-thread.js';
import { announceLocalExchange, type Announcement } from './announce-local-exchange.js';
import { markStart } from '../lib/start-trace.js';
import { compileCacheState } from '../lib/compile-cache.js';
import { startSteps, stockStartLogLine } from '../lib/start-steps.js';
import { AccountSwitch, accountAtStart, namedAccount } from './account-switch.js';
import { accountNamed } from '../state/link-actions.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import type { GuardLimits } from '../domain/guards/guard-limits.js';
import type { TradingWiring } from './trading-wiring.js';
import type { ExportHistory } from './export-service.js';

export interface TuiOptions {
  network?: string;
  baseUrl?: string;
  wsUrl?: string;
  chainId?: number;
  /** `--insecure`: allow plain text (http, ws) to a host that is not loopback. */
  insecure?: boolean;
  /** Market symbol or id to open first. */
  market?: string;
  /** Highest store publish rate (default 27 Hz, 5 in the low-bandwidth profile); lowered automatically when painting is slow. */
  fps?: number;
  /** $PERPL_HOME for the local exchange's demo key. */
  home?: string;
  /** An already-running local exchange (tests); otherwise `local` starts one in-process. */
  local?: LocalEndpoint;
  /**
   * The in-process exchange, already starting (the CLI starts it on a worker thread before it loads the
   * screen's code: local-exchange-thread.ts); used when the options pick it, stopped otherwise.
   * Default: started here, on the main thread.
   */
  localExchange?: Promise<LocalSim>;
  /** `--port P`: a `perpl sim` already listening on 127.0.0.1:P (its demo key is keys/local-demo-P.json). */
  localPort?: number;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /**
   * The CLI's entry file to run the key thread on (issue 35; the CLI passes it unless PERPL_KEY_THREAD=0):
   * it reads the keys and owns the trading socket, so a review's `y` sends without waiting for a paint.
   */
  keyThreadEntry?: string;
  /** The key thread reads this file instead of fd 0 (tests: a FIFO). */
  keyThreadKeysPath?: string;
  /** Signal and crash handlers (the CLI: true). */
  handleProcessEvents?: boolean;
  /**
   * Called to end the process after a signal or crash: once the clean quit has run, at its deadline, or at
   * once on a second signal (the CLI: process.exit with the reason's status).
   */
  onFatal?: (reason: ExitReason) => void;
  /** API key file (path or name) for trading; else discovery (the local exchange's demo key on `local`). */
  keyFile?: string;
  /** `--config FILE`; default $PERPL_HOME/config.toml or config.json. */
  config?: string;
  /** `--account NAME`: the config's [accounts.NAME], its network and key file (app/account-switch.ts). */
  account?: string;
  /** `--ascii`: no box-drawing, block, braille or arrow glyphs. */
  ascii?: boolean;
  /** `--record FILE`: the session's frames (REST answers, both sockets) as NDJSON, secrets stripped. */
  record?: string;
  /** `--low-bandwidth` (true) / `--no-low-bandwidth` (false); else the config's, else on when SSH_TTY is set. */
  lowBandwidth?: boolean;
  /** Write $PERPL_HOME/logs/perpl.log (bad frames, reconnects, errors in full); the CLI: true. */
  appLog?: boolean;
  /**
   * `perpl replay`: the trading side to run instead of finding a key and starting a trading client, built
   * once the context is loaded. No key is looked for and nothing is signed.
   */
  tradingSide?: (o: { store: TerminalStore; context: Context; hz: number; marks: MarkSource }) => TradingSide;
  /**
   * `perpl replay`: false, the exchange is a replay server on this machine and there is no link to time
   * (its pongs would time only the loopback). Default true: the market-data socket's round trip is measured.
   */
  timeTheLink?: boolean;
}

/** What the screen needs of a trading side: the live one (trading-wiring.ts) or a replay's (replay/replay-trading.ts). */
export interface TradingSide {
  commands: TradingCommands;
  history: { loadMore(kind: HistoryFeedKind): void; refresh(kind: HistoryFeedKind): void };
  /** The algo runner; a replay has none. */
  algos?: AlgoControl;
  /** Round trips for the Trades tab and the PnL calendar; a replay has none. */
  ledger?: { load(): void };
  /** `:export`; a replay has none. */
  exportHistory?: ExportHistory;
  stop(): void;
}

export interface TuiHandle {
  store: TerminalStore;
  /** Resolves when the app has quit and everything it started has stopped. */
  done: Promise<void>;
  quit(): Promise<void>;
  /** What the screen's keys call (tests drive trading commands through it). */
  services: TerminalServices;
}

function wantsLocalSim(opts: TuiOptions): boolean {
  const name = opts.network?.trim().toLowerCase();
  return !opts.baseUrl && (name === undefined || name === '' || name === 'local') && !opts.local;
}

/** Whose key to look for: the network's, the port's for `--port P`; none for an exchange handed in (tests) or started here. */
function discoveryTarget(opts: TuiOptions, remote: Network | null): KeyDiscoveryTarget | null {
  if (opts.localPort !== undefined) return { name: 'local', chainId: LOCAL_CHAIN_ID, port: opts.localPort };
  return remote && !opts.local ? { name: remote.name, chainId: remote.chainId } : null;
}

function safely(step: () => void): void {
  try {
    step();
  } catch {
    // Shutting down: nothing useful to do with the error, and the remaining steps must run.
  }
}

/** Checks the options before the terminal is taken over, so mistakes print as plain errors. */
function checkNetworkOptions(opts: TuiOptions, local: boolean): Network | null {
  const placeholder: LocalEndpoint = { rest: 'http://127.0.0.1:1/api', ws: 'ws://127.0.0.1:1', chainId: LOCAL_CHAIN_ID };
  const network = resolveNetwork(
    { network: opts.network, baseUrl: opts.baseUrl, wsUrl: opts.wsUrl, chainId: opts.chainId, insecure: opts.insecure },
    opts.local ?? placeholder,
  );
  return local ? null : network;
}

/** `--port P` names a local exchange already running beside the terminal (`perpl sim --port P`). */
function localAtPort(port: number): LocalEndpoint {
  return { rest: `http://127.0.0.1:${port}/api`, ws: `ws://127.0.0.1:${port}`, chainId: LOCAL_CHAIN_ID };
}

export async function startTui(given: TuiOptions = {}): Promise<TuiHandle> {
  const loadedConfig = readWorkspaceConfig({ ...(given.config ? { configFile: given.config } : {}), home: given.home ?? perplHome() });
  const accounts = loadedConfig.config.accounts;
  const atStart = given.account !== undefined ? accountAtStart(given.account, accounts, { network: given.network, keyFile: given.keyFile }) : null;
  const named = atStart ? { ...given, network: atStart.network, keyFile: atStart.keyFile } : given;
  const opts = withConfigDefaults(given.localPort !== undefined && !given.local ? { ...named, local: localAtPort(given.localPort) } : named, loadedConfig.config);
  const stdout = opts.stdout ?? process.stdout;
  const stdin = opts.stdin ?? process.stdin;
  const startsSim = wantsLocalSim(opts);
  // Started for options the config then overrode (another network, an exchange handed in): not needed.
  if (!startsSim) void opts.localExchange?.then((s) => s.stop()).catch(() => undefined);
  const remote = checkNetworkOptions(opts, startsSim);
  const badge = remote ?? { name: 'local', chainId: opts.local?.chainId ?? LOCAL_CHAIN_ID, isMainnet: false };
  const env = opts.home ? { ...process.env, PERPL_HOME: opts.home } : process.env;
  // An encrypted key asks for its passphrase now, on the plain terminal, before the screen is taken
  // (a replay signs nothing: no key, no question).
  const startKeyRef = opts.tradingSide ? undefined : await keyFileAtStart({ keyFile: opts.keyFile, discover: discoveryTarget(opts, remote), env });
  const startKey = opts.tradingSide
    ? null
    : await unlockKeyAtStart({
        keyFile: startKeyRef,
        env,
        stdin,
        out: stdout,
        handleSignals: opts.handleProcessEvents ?? false,
      });
  const log = opts.appLog ? AppLog.open({ home: opts.home ?? perplHome() }) : null;
  // Taken before the screen mounts: from then on only the key thread reads the keyboard (never a replay). The
  // thread itself starts after the first frame (startKeyThreadAfterFrame below); keys wait in the kernel till then.
  const trades = tradesFromStart({ localExchange: startsSim, keyFound: startKeyRef !== undefined, accounts: accounts.length });
  const keyStdin = opts.keyThreadEntry !== undefined && !opts.tradingSide && trades ? keyThreadStdin(opts.keyThreadEntry, stdin, opts.keyThreadKeysPath !== undefined ? { keysPath: opts.keyThreadKeysPath } : {}) : null;
  if (opts.keyThreadEntry !== undefined) log?.line(keyStdin ? 'key thread: on' : trades ? 'key thread: off (the keyboard was read before the screen)' : 'key thread: off (nothing to trade with at start: no key, no accounts)');
  log?.line(`start: network ${badge.name} (chain ${badge.chainId})${startsSim ? ', local exchange in-process' : ''}`);
  const compileCache = compileCacheState();
  log?.line(compileCache.on ? `compile cache: ${compileCache.folder}` : `compile cache off: ${compileCache.why}`);
  const steps = startSteps();
  const stockStart = stockStartLogLine(steps);
  if (stockStart) log?.line(stockStart);
  const exposed = exposedKeysFolder(env);
  const keysWarning = exposed ? exposedFolderNotice(exposed) : null;
  if (exposed) log?.line(`warning: ${exposedFolderText(exposed)}`);
  const store = createTerminalStore({
    network: { name: badge.name, chainId: badge.chainId, isMainnet: badge.isMainnet },
    keyScope: 'none',
    notice: startsSim ? 'starting the local exchange…' : null,
  });
  if (atStart) accountNamed(store, namedAccount(atStart.account));
  // Over SSH every frame crosses the network: the low-bandwidth profile (terminal/low-bandwidth.ts).
  const lowBandwidth = resolveLowBandwidth({
    ...(opts.lowBandwidth !== undefined ? { flag: opts.lowBandwidth } : {}),
    config: loadedConfig.config.lowBandwidth,
    env: process.env,
  });
  const profile = screenProfile(lowBandwidth, opts.fps);
  const maxHz = profile.maxHz;
  const live = startWorkspace({ store, stdout, loaded: loadedConfig, startupWarning: keysWarning, ascii: (opts.ascii ?? false) || lowBandwidthAscii(lowBandwidth, process.env), lowBandwidth });
  const throttle = startThrottleNotice(store);
  // A replay seeks over fills: it notifies of nothing (as it rings no bell).
  const notifier = opts.tradingSide ? null : startNotify({ store, config: loadedConfig.config.notify, write: (bytes) => stdout.write(bytes), env: process.env, ...(log ? { log: log.tagged('notify') } : {}) });
  // The two publishers paint at most once per turn of the event loop, reading keys between (frame-turn.ts).
  const turn = new FrameTurn();
  const publisher = new Publisher({ store, hz: maxHz, turn, ...(profile.slowPaneMs !== undefined ? { slowPaneMs: profile.slowPaneMs } : {}) });
  const adaptive = adaptPublishRate(publisher, maxHz);
  // The F12 overlay's meter: hooks nothing until the overlay is shown, and takes it all off when hidden.
  const perf = createAppPerf(stdout, publisher);
  const abort = new AbortController();
  let sim: LocalSim | null = null;
  let announced: Announcement | null = null;
  let recorder: FrameRecorder | null = null;
  let session: MarketDataSession | null = null;
  let trading: TradingSide | null = null;
  // The live trading side (not a replay's): what `:account` stops and replaces.
  let liveTrading: TradingWiring | null = null;
  let accountSwitch: AccountSwitch<TradingWiring> | null = null;
  let instance: Instance | null = null;
  let keyInput: KeyThreadInput | null = null;
  let cancelMount: () => void = () => {};
  let warmUp: WarmUp | null = null;
  let screenShown: () => void = () => {};
  // Resolves a turn after the screen mounted (its first frame written): what can wait for it does.
  const firstFrameOut = new Promise<void>((resolve) => {
    screenShown = resolve;
  }).then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  const afterFirstFrame = steps.undiciAfterFirstFrame ? firstFrameOut : Promise.resolve();

  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  let quitting: Promise<void> | null = null;
  const quit = (): Promise<void> => {
    quitting ??= (async () => {
      // First: should the exchange's stop hang past the deadline, `perpl api` beside it still finds no stale pointer.
      safely(() => announced?.withdraw());
      abort.abort();
      adaptive.stop();
      // Each step on its own: a failure in one must not leave the terminal unrestored or the exchange running.
      safely(() => perf.stop());
      safely(() => publisher.stop());
      safely(() => session?.stop());
      safely(() => trading?.stop());
      await keyInput?.stop().catch(() => undefined);
      safely(() => cancelMount());
      safely(() => warmUp?.cancel());
      screenShown();
      safely(() => instance?.unmount());
      safely(() => live.stop());
      safely(() => throttle.stop());
      safely(() => notifier?.stop());
      manners.restore();
      await recorder?.close();
      await sim?.stop().catch(() => undefined);
      safely(() => {
        log?.line('stopped');
        log?.close();
      });
      resolveDone();
    })();
    return quitting;
  };

  const manners = new TerminalManners({
    stdout,
    stdin,
    handleProcessEvents: opts.handleProcessEvents ?? false,
    // A signal or a crash runs the same clean quit as `q` (the terminal already restored), then ends the
    // process with its status; a second signal or the deadline ends it sooner (manners.ts).
    onExit: (reason) => {
      if (reason.kind === 'crash') log?.error('crash', reason.error, { stack: true });
      else log?.line(`exit on ${reason.signal}`);
      return quit();
    },
    exit: (reason) => {
      // Dropped when the quit has finished (it closes the log); else said and flushed before the process ends.
      safely(() => {
        log?.line('exiting before the quit finished');
        log?.close();
      });
      opts.onFatal?.(reason);
    },
  });

  const services: TerminalServices = {
    selectMarket: (marketId) => session?.setMarket(marketId),
    setResolution: (seconds) => session?.setResolution(seconds),
    quit: () => void quit(),
    copyText: (text) => live.copyText(text),
    trading: () => trading?.commands ?? null,
    algos: () => trading?.algos ?? null,
    loadMoreHistory: (kind) => trading?.history.loadMore(kind),
    refreshHistory: (kind) => trading?.history.refresh(kind),
    loadLedger: () => trading?.ledger?.load(),
    loadOlderCandles: () => session?.loadOlderCandles(),
    exportHistory: (ask, onProgress) => trading?.exportHistory?.(ask, onProgress) ?? null,
    switchAccount: async (name) => (accountSwitch ? accountSwitch.switchTo(name) : { ok: false, text: 'account: trading has not started yet' }),
  };

  // Once the first frame is written, not before: its isolate's start would take a core from the screen's.
  // Trading starts after it (afterFirstFrame) and is handed this thread.
  const startKeyThreadAfterFrame = (): void => {
    if (!keyStdin || keyInput || abort.signal.aborted) return;
    const started = keyStdin.start();
    keyInput = started;
    // The key thread's `y` sent the review's order: the review closes here, the key is not read again.
    const actions = createTerminalActions(store, services);
    started.onFired(() => {
      log?.line('key thread: the review\'s order left on its key');
      firedEntry(store, actions, Date.now());
    });
    // It ended on its own: this thread reads the keys and reconnects trading; the trader is told, the log says why.
    started.onEnded((why) => {
      log?.line(`key thread ${why}: keys read on the screen thread, trading reconnects from it`);
      // Short: it must fit beside the review's keys at 80 columns.
      setNotice(store, 'the key thread stopped; keys still work');
    });
  };

  // The terminal is taken now; the screen mounts with its first useful frame (first-frame.ts): the live
  // book, a failure to show, or whatever there is after a short bound.
  manners.enter();
  const mount = (): void => {
    instance = mountScreen({
      store,
      services,
      keymap: live.keymap,
      colorDepth: live.colorDepth,
      stdout,
      stdin: keyStdin?.stdin ?? stdin,
      ...(opts.stderr ? { stderr: opts.stderr } : {}),
      ...lowBandwidthMountOptions(lowBandwidth, process.env),
      perf,
    });
    // Ink wrote the first frame in its mount (a synchronous render): it is on the screen now.
    markStart('first-frame-written');
    startKeyThreadAfterFrame();
    screenShown();
  };
  // The bench's stock start paints the empty layout at once (lib/start-steps.ts).
  if (steps.mountAtFirstBook) cancelMount = mountWhenReady(store, mount);
  else mount();
  publisher.start();
  // While the first book is on its way, the first paint's cold work is done off screen (first-frame.ts).
  warmUp = steps.mountAtFirstBook
    ? warmBesideHandshake(() => {
        if (instance || abort.signal.aborted) return;
        warmScreen({ store, services, keymap: live.keymap, colorDepth: live.colorDepth, columns: stdout.columns || 80, rows: stdout.rows || 24 });
        markStart('screen-warmed');
      })
    : null;

  const connect = async (): Promise<void> => {
    let network = remote;
    if (!network) {
      let local = opts.local;
      if (!local) {
        sim = await (opts.localExchange ?? startLocalSim(opts.home ?? process.env.PERPL_HOME));
        if (abort.signal.aborted) {
          await sim.stop();
          return;
        }
        local = { rest: sim.rest, ws: sim.ws, chainId: sim.chainId };
        // `perpl api` / `perpl doctor` beside the terminal find this exchange (its port is its own choice).
        announced = announceLocalExchange(env, sim, log ? (line) => log.line(line) : undefined);
      }
      network = resolveNetwork({ network: 'local', wsUrl: opts.wsUrl, insecure: opts.insecure }, local);
      exchangeChosen(store, { name: network.name, chainId: network.chainId, isMainnet: false, ...(sim ? { inProcess: true } : {}) });
    }
    // Opened once the network is known (the header names it); everything below writes into it.
    if (opts.record) recorder = new FrameRecorder({ path: opts.record, network: network.name, chainId: network.chainId });
    const rest = new RestClient({ network, ...(recorder ? { fetch: recordingFetch(recorder) } : {}), rateLimits: throttle.restLimits, onRateLimitBackoff: throttle.reporter('rest back-off') });
    markStart('exchange-known');
    // The in-process exchange handed its context over (a recording keeps the REST answer, as a replay reads it).
    const contextSource = sim && !recorder && steps.contextOverPort ? handedContextFirst(sim.firstContext, rest) : rest;
    const context = await loadContextWithRetry(contextSource, store, abort.signal, log ? (e, ms) => log.error(`context: load failed, retrying in ${ms} ms`, e) : undefined);
    if (!context || abort.signal.aborted) return;
    markStart('context-loaded');
    if (context.droppedMarkets) {
      const dropped = context.droppedMarkets;
      countBadFrames(store, 'context', dropped);
      log?.line(`context: ${context.markets.length + dropped} markets listed, the first ${context.markets.length} kept, ${dropped} dropped (counted as bad)`);
    }
    const markets = marketListings(context);
    const { market, unknown } = chooseMarket(markets, opts.market);
    marketsListed(store, markets, unknown ? `unknown market "${opts.market}"; showing ${market?.symbol ?? 'none'}` : null);
    if (!market) {
      setNotice(store, 'the exchange lists no markets');
      return;
    }
    session = new MarketDataSession({
      wsBase: network.wsBase,
      chainId: network.chainId,
      context,
      marketId: market.id,
      // The chart's history (REST: undici's load and a request) comes after the first frame, not in front of the book.
      rest: {
        candles: async (id, res, from, to) => {
          await afterFirstFrame;
          return (await rest.candles(id, res, from, to)).d;
        },
      },
      ...(recorder ? { tap: recorder.tap('md') } : {}),
      onThrottle: throttle.reporter('market-data socket'),
      ...(opts.timeTheLink === false ? { roundTripEveryMs: 0 } : {}),
      ...(log ? { log: log.tagged('md') } : {}),
    });
    perf.attachSession(session);
    if (warmUp) followHandshake(warmUp, session);
    session.start();
    markStart('market-data-started');
    publisher.setSource(session);
    live.setMarkSource(session);
    if (opts.tradingSide) {
      trading = opts.tradingSide({ store, context, hz: maxHz, marks: session });
      return;
    }
    // Trading (its key, journal, socket and first REST pages, undici with them) starts once the first frame
    // is out, not in front of it. Till it publishes, an order typed is told trading is starting, not "no key".
    tradingStarting(store, true);
    await afterFirstFrame;
    if (abort.signal.aborted) return;
    // `--port P`: the key found for that exchange (its own local-demo-P first), never another exchange's.
    const keyFile = opts.keyFile ?? (sim && existsSync(sim.demoKeyFile) ? sim.demoKeyFile : undefined) ?? (opts.localPort !== undefined ? startKeyRef : undefined);
    const marks = session;
    const tradingNetwork = network;
    // An account with its own [accounts.NAME.guards] trades under those, else under [guards].
    const startOn = (o: { keyFile?: string | undefined; startKey: typeof startKey; earlierJournalLines?: readonly JournalEntryView[]; guards?: GuardLimits | undefined }) =>
      startTrading({ store, network: tradingNetwork, context, marks, env, hz: maxHz, turn, discover: !opts.local, ...(recorder ? { recorder } : {}), throttle, bell: () => stdout.write('\x07'), ...(o.keyFile ? { keyFile: o.keyFile } : {}), startKey: o.startKey, log, guards: o.guards ?? loadedConfig.config.guards, ...(notifier ? { notify: notifier.notify } : {}), ...(o.earlierJournalLines ? { earlierJournalLines: o.earlierJournalLines } : {}), ...(keyInput ? { keyThread: keyInput.thread } : {}) });
    const inForce = (wiring: TradingWiring | null): void => {
      // Quit while a side started: it stops at once, and the quit (already past trading?.stop()) never sees it.
      if (abort.signal.aborted) wiring?.stop();
      liveTrading = abort.signal.aborted ? null : wiring;
      trading = liveTrading;
    };
    try {
      inForce(await startOn({ keyFile, startKey, guards: atStart?.account.guards }));
    } finally {
      tradingStarting(store, false);
    }
    accountSwitch = new AccountSwitch<TradingWiring>({
      store,
      accounts,
      network: network.name,
      current: () => liveTrading,
      inFlight: (wiring) => wiring.client.engine.pending().length,
      // A switch never asks for a passphrase (the screen is taken): an encrypted key reads PERPL_PASSPHRASE or stays read-only.
      start: (account, earlierJournalLines) => startOn({ keyFile: account.keyFile, startKey: null, earlierJournalLines, guards: account.guards }),
      replace: inForce,
      ...(log ? { log: (line: string) => log.line(line) } : {}),
    });
  };
  connect().catch((error: unknown) => {
    log?.error('start-up failed', error);
    setNotice(store, `start-up failed: ${userMessage(error)}`);
  });

  return { store, done, quit, services };
}

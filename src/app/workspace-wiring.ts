// Wiring of the live features: the config file into the store and the keymap, the colour depth and
// theme, ASCII output, OSC 52 copies, the watchlist's mini prices and price alerts (evaluated on every
// published frame). Everything it starts stops in stop().

import { applyWorkspaceConfig, removeAlerts, setConfigProblems, setWatchlist } from '../state/workspace-actions.js';
import { setNotice } from '../state/actions.js';
import type { WatchQuote } from '../state/workspace-slice.js';
import { triggeredAlerts, describeAlert, type MarkQuote } from '../state/alerts.js';
import type { CopyOutcome } from '../domain/terminal-actions.js';
import { priceText } from '../domain/trading/order-words.js';
import type { TerminalStore } from '../state/store.js';
import { pushToast } from '../state/trading-actions.js';
import { createKeymap, type Keymap } from '../ui/keys/keymap.js';
import { detectColorDepth, type ColorDepth } from '../ui/shell/theme-palettes.js';
import { installAsciiOutput } from '../terminal/ascii-output.js';
import { copyToClipboard } from '../terminal/clipboard.js';
import { loadConfig, problemLine, problemNotice, unknownWatchlistProblems, unknownWatchlistSymbols, type LoadedConfig } from './config/load-config.js';

export interface WorkspaceOptions {
  /** `--config FILE`; else $PERPL_HOME/config.toml or config.json. */
  configFile?: string;
  home?: string;
  /** `--ascii`, on top of the config's `ascii`. */
  ascii?: boolean;
}

/** Where the live marks of every market come from (the market-data session). */
export interface MarkSource {
  marks(): Map<number, number>;
}

export interface WorkspaceWiring {
  /** The keymap in force: the config's [keys] applied (the screen is given it; nothing changes it later). */
  keymap: Keymap;
  /** The colours the terminal shows. */
  colorDepth: ColorDepth;
  copyText(text: string): CopyOutcome;
  setMarkSource(source: MarkSource): void;
  stop(): void;
}

export function readWorkspaceConfig(opts: WorkspaceOptions): LoadedConfig {
  return loadConfig({ ...(opts.configFile ? { file: opts.configFile } : {}), ...(opts.home ? { home: opts.home } : {}) });
}

const WATCH_REFRESH_MS = 1_000;

export interface StartWorkspaceOptions {
  store: TerminalStore;
  stdout: { write: NodeJS.WriteStream['write'] };
  loaded: LoadedConfig;
  ascii?: boolean;
  /** The low-bandwidth profile is on (shown as LB in the status bar). */
  lowBandwidth?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
  /** Said in the footer at start (until Esc), before any config problem: e.g. a keys folder others may write to. */
  startupWarning?: string | null;
  /** Shows an alert; default: a toast, and the footer notice until Esc. */
  announce?: (text: string) => void;
}

function sameQuotes(a: readonly WatchQuote[], b: readonly WatchQuote[]): boolean {
  return a.length === b.length && a.every((q, i) => q.symbol === b[i]?.symbol && q.mark === b[i]?.mark);
}

export function startWorkspace(opts: StartWorkspaceOptions): WorkspaceWiring {
  const { store, loaded } = opts;
  const { config } = loaded;
  const env = opts.env ?? process.env;
  const keymap = createKeymap(config.keys, config.presets);
  const colorDepth = detectColorDepth(env);
  applyWorkspaceConfig(
    store,
    {
      theme: config.theme,
      zoomed: config.layout === 'normal' ? null : config.layout,
      configNotice: [opts.startupWarning, problemNotice(loaded.file, loaded.problems)].filter(Boolean).join('; ') || null,
      configProblems: loaded.problems.map(problemLine),
      watchlist: config.watchlist.map((symbol) => ({ symbol, mark: null, priceDecimals: 0 })),
      confirmPrefs: config.confirm,
      lowBandwidth: opts.lowBandwidth ?? false,
    },
    config.bell,
  );
  const undoAscii = opts.ascii || config.ascii ? installAsciiOutput(opts.stdout) : () => {};
  const announce =
    opts.announce ??
    ((text: string) => {
      pushToast(store, text, 'info', Date.now());
      setNotice(store, text);
    });
  let source: MarkSource | null = null;

  const quotesBySymbol = (): Map<string, MarkQuote> => {
    const state = store.getState();
    // Live marks only (domain/marks.ts), the market on screen included: an alert never fires on a stale mark.
    const marks = source?.marks() ?? new Map<number, number>();
    const out = new Map<string, MarkQuote>();
    for (const m of state.markets) {
      const mark = marks.get(m.id);
      if (mark !== undefined) out.set(m.symbol.toUpperCase().replace(/-PERP$/, ''), { mark, priceDecimals: m.priceDecimals });
    }
    return out;
  };

  const evaluateAlerts = (): void => {
    const { alerts } = store.getState().workspace;
    if (alerts.length === 0) return;
    const quotes = quotesBySymbol();
    const fired = triggeredAlerts(alerts, quotes);
    if (fired.length === 0) return;
    removeAlerts(store, new Set(fired.map((a) => a.id)));
    const text = fired
      .map((a) => {
        const q = quotes.get(a.symbol);
        // The mark as every sentence says a price (70,001, not 70,001.0).
        return `ALERT ${describeAlert(a)} (mark ${q ? priceText(q.mark, { label: a.symbol, priceDecimals: q.priceDecimals, sizeDecimals: 0 }) : '?'})`;
      })
      .join('; ');
    announce(text);
    if (config.bell) opts.stdout.write('\u0007');
  };

  // Every publisher write is a frame: alerts are checked against the marks of that frame.
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.publishes !== previous.publishes || state.workspace.alerts !== previous.workspace.alerts) evaluateAlerts();
  });

  // A watchlist market the exchange does not list is a config problem too, known once the markets are.
  let watchlistChecked = false;
  const checkWatchlistMarkets = (): void => {
    const state = store.getState();
    if (watchlistChecked || state.markets.length === 0) return;
    watchlistChecked = true;
    const unknown = unknownWatchlistProblems(config.watchlist, state.markets.map((m) => m.symbol), loaded.watchlistLine ?? null);
    if (unknown.length === 0) return;
    const problems = [...loaded.problems, ...unknown];
    const unknownSymbols = new Set(unknownWatchlistSymbols(config.watchlist, state.markets.map((m) => m.symbol)));
    const watchlist = state.workspace.watchlist.filter((w) => !unknownSymbols.has(w.symbol));
    const configNotice = [opts.startupWarning, problemNotice(loaded.file, problems)].filter(Boolean).join('; ') || null;
    setConfigProblems(store, { watchlist, configProblems: problems.map(problemLine), configNotice });
  };

  const refreshWatchlist = (): void => {
    checkWatchlistMarkets();
    const { workspace } = store.getState();
    if (workspace.watchlist.length === 0) return;
    const quotes = quotesBySymbol();
    const next = workspace.watchlist.map((w) => {
      const q = quotes.get(w.symbol);
      return { symbol: w.symbol, mark: q?.mark ?? null, priceDecimals: q?.priceDecimals ?? w.priceDecimals };
    });
    if (!sameQuotes(next, workspace.watchlist)) setWatchlist(store, next);
  };
  const watchTimer = setInterval(refreshWatchlist, WATCH_REFRESH_MS);
  watchTimer.unref();

  return {
    keymap,
    colorDepth,
    copyText(text) {
      return copyToClipboard(text, (bytes) => opts.stdout.write(bytes), env);
    },
    setMarkSource(next) {
      source = next;
      refreshWatchlist();
    },
    stop() {
      clearInterval(watchTimer);
      unsubscribe();
      undoAscii();
    },
  };
}

interface StartupChoices {
  network?: string;
  baseUrl?: string;
  market?: string;
  fps?: number;
  local?: unknown;
}

/** The config's network, market and frame rate, where the command line (or a test) did not choose. */
export function withConfigDefaults<T extends StartupChoices>(opts: T, config: LoadedConfig['config']): T {
  const out: T = { ...opts };
  if (out.network === undefined && out.baseUrl === undefined && out.local === undefined && config.network) out.network = config.network;
  if (out.market === undefined && config.market) out.market = config.market;
  if (out.fps === undefined && config.fps !== undefined) out.fps = config.fps;
  return out;
}

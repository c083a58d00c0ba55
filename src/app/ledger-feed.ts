// The Trades tab's and the PnL calendar's data: fills, account events and position history read over REST
// (the shared history loaders, so through the one rate budget), folded into round trips
// (domain/ledger/build-round-trips.ts) and published with state/ledger.ts. Loads when the screen asks and
// again, at most every `minReloadMs`, after the account changed (live fills, settlements, funding).

import { loadAccountEvents, loadFills } from '../client/history/loaders.js';
import { collect, type HistorySource } from '../client/history/source.js';
import { foldLedgerHistory } from '../domain/ledger/fold-history.js';
import { stopOfOrder } from '../domain/ledger/ledger-inputs.js';
import { scalesOf } from '../domain/trading/account-figures.js';
import { notionalAtoms } from '../domain/trading/notional.js';
import { userMessage } from '../protocol/errors.js';
import type { Market } from '../protocol/frames.js';
import { ledgerFailed, ledgerLoaded, ledgerLoading, type LedgerState } from '../state/ledger.js';

export interface LedgerFeedOptions {
  /**
   * Pages read of each history per load (100 records a page): fills, account and position history at most
   * 10 each, order history (for the stops: R) at most half that and only back to the oldest fill read, so a
   * load is at most 35 of the 60 signed requests a minute.
   */
  maxPages?: number;
  /** The least time between automatic reloads after account changes. */
  minReloadMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Store {
  getState(): { ledger: LedgerState };
  setState(partial: { ledger: LedgerState }): void;
}

const PAGE = 100;

export class LedgerFeed {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly source: HistorySource,
    private readonly store: Store,
    private readonly markets: () => readonly Market[],
    private readonly opts: LedgerFeedOptions = {},
  ) {}

  /** Reads the history and folds it now (a load already running is followed by one more). */
  load(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    ledgerLoading(this.store);
    this.running = this.read()
      .catch((error: unknown) => {
        this.opts.onError?.(error);
        ledgerFailed(this.store, userMessage(error));
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.load();
        }
      });
  }

  /** The account changed: reload once the last load is `minReloadMs` old (never loaded: nothing is shown, nothing to do). */
  invalidate(): void {
    const { loadedAtMs } = this.store.getState().ledger;
    if (this.stopped || loadedAtMs === null || this.timer) return;
    const now = (this.opts.now ?? Date.now)();
    const wait = Math.max(0, loadedAtMs + (this.opts.minReloadMs ?? 30_000) - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.load();
    }, wait);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Settles when the load running now (if any) has published. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async read(): Promise<void> {
    const maxPages = this.opts.maxPages ?? 10;
    const fills = await loadFills(this.source, { maxPages });
    const events = await loadAccountEvents(this.source, { maxPages });
    const rows = await collect(this.source, 'position-history', { maxPages }, () => true);
    // Stops matter only for trips the read saw open: order history back to the oldest fill read.
    const oldestFillMs = fills.reduce((t, f) => Math.min(t, f.at.t ?? t), Number.POSITIVE_INFINITY);
    const orders = fills.length === 0 ? [] : await collect(this.source, 'order-history', { maxPages: Math.ceil(maxPages / 2), fromMs: oldestFillMs }, (o) => stopOfOrder(o) !== null);
    const markets = this.markets();
    const { trips } = foldLedgerHistory({ fills, events, positionRows: rows, orders }, (id) => {
      const m = markets.find((x) => x.id === id);
      return m ? notionalAtoms(1, 1, scalesOf(m)) : 1n;
    });
    const partial = [fills, events, rows].some((list) => list.length >= maxPages * PAGE);
    ledgerLoaded(this.store, trips, (this.opts.now ?? Date.now)(), partial);
  }
}

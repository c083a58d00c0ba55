// When the history lists are re-read: a change of the account marks the lists it touches stale; the
// one on screen is refreshed once the burst of changes settles (a burst of fills makes one request),
// never sooner than minIntervalMs after the last automatic refresh, and not while signed REST requests
// queue for the shared budget; a stale list that is hidden waits until it is shown.

import type { TerminalState, TerminalStore } from '../state/store.js';
import type { HistoryFeedKind } from '../state/trading-tabs.js';
import { realTimers, type TimerHandle, type Timers } from '../lib/timers.js';

export interface HistoryRefreshOptions {
  timers?: Timers;
  /** Quiet time after the last change before refreshing: a burst of fills makes one refresh. */
  settleMs?: number;
  /** Longest a refresh waits for a burst to end. */
  maxWaitMs?: number;
  /** Least time between two automatic refreshes (each is one signed request; 3 s = at most 20 a minute of the ~54). */
  minIntervalMs?: number;
  /** True while signed requests queue for the shared REST budget: automatic refreshes wait until it clears. */
  budgetBusy?: () => boolean;
}

/** The list the trading tabs show now, if it is a history list. */
function visibleKind(state: TerminalState): HistoryFeedKind | null {
  const { tabs } = state;
  if (tabs.tab === 'fills') return 'fills';
  if (tabs.tab === 'history') return tabs.historyView;
  return null;
}

export class HistoryRefreshSchedule {
  /** Lists changed since last read; refreshed when on screen (a hidden one waits until shown). */
  private readonly dirty = new Set<HistoryFeedKind>();
  private readonly timers: Timers;
  private timer: TimerHandle | null = null;
  private burstStartedAt: number | null = null;
  private lastAutoRefreshAt = -Infinity;
  private shown: HistoryFeedKind | null;
  private readonly unsubscribe: () => void;

  constructor(
    store: TerminalStore,
    /** Re-reads a list now (the feed's refresh). */
    private readonly refresh: (kind: HistoryFeedKind) => void,
    private readonly options: HistoryRefreshOptions = {},
  ) {
    this.timers = options.timers ?? realTimers;
    this.shown = visibleKind(store.getState());
    // Showing a list that changed while hidden brings it up to date.
    this.unsubscribe = store.subscribe((state) => {
      const shown = visibleKind(state);
      if (shown === this.shown) return;
      this.shown = shown;
      if (shown !== null && this.dirty.has(shown)) this.schedule();
    });
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** `kind` was stale and has been (or is being) re-read. */
  read(kind: HistoryFeedKind): void {
    this.dirty.delete(kind);
  }

  markStale(kinds: readonly HistoryFeedKind[]): void {
    if (kinds.length === 0) return;
    for (const kind of kinds) this.dirty.add(kind);
    this.schedule();
  }

  /** (Re)arms the one refresh timer: after the burst settles, within maxWait, never sooner than minInterval after the last. */
  private schedule(): void {
    const now = this.timers.now();
    const settle = this.options.settleMs ?? 500;
    const maxWait = this.options.maxWaitMs ?? 2_000;
    const minInterval = this.options.minIntervalMs ?? 3_000;
    this.burstStartedAt ??= now;
    const due = Math.max(Math.min(now + settle, this.burstStartedAt + maxWait), this.lastAutoRefreshAt + minInterval);
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.fire(), Math.max(0, due - now));
  }

  private fire(): void {
    this.timer = null;
    this.burstStartedAt = null;
    const kind = this.shown;
    if (kind === null || !this.dirty.has(kind)) return;
    if (this.options.budgetBusy?.() === true) {
      this.schedule();
      return;
    }
    this.lastAutoRefreshAt = this.timers.now();
    this.refresh(kind);
  }
}

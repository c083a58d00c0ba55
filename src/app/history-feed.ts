// Pages of the history tabs from REST: fills, order history, position history (folded one row per
// position) and account events, in the store's tabs.history. Older pages load one at a time as the
// user scrolls (loadMore); the newest page is re-read and merged when the account changes (a fill, an
// order or position update, an account event: `invalidate`) and on `r` (`refresh`). Automatic refreshes
// are coalesced and kept well inside the signed REST budget (see HistoryRefreshOptions). The screen asks
// through TerminalServices; only this file does the I/O.

import { foldPositionHistory } from '../client/history/fold-positions.js';
import type { HistorySource } from '../client/history/source.js';
import { splitByListedMarket, type IsListedMarket } from '../client/trading/listed-markets.js';
import { accountEventRow, orderHistoryRow, type AccountEventRowView, type OrderHistoryRowView } from '../domain/trading/history-views.js';
import { effectOfEvents, fillEffects } from '../domain/trading/fill-effect.js';
import { fillRowWithEffect } from '../domain/trading/rows.js';
import { HistoryFillEvents } from './history-fill-events.js';
import type { FillRowView } from '../domain/trading/views.js';
import { MessageType } from '../protocol/enums.js';
import { userMessage } from '../protocol/errors.js';
import type { BlockTxLogTimestamp, Fill, HistoryPage, Position } from '../protocol/frames.js';
import type { TerminalStore } from '../state/store.js';
import { appendHistory, historyFailed, historyLoading, type HistoryFeedKind } from '../state/trading-tabs.js';
import type { HistoryKind, HistoryRecordOf } from '../transport/rest/history.js';
import { HistoryRefreshSchedule, type HistoryRefreshOptions } from './history-refresh-schedule.js';

const ENDPOINT: Record<HistoryFeedKind, HistoryKind> = {
  fills: 'fills',
  orders: 'order-history',
  positions: 'position-history',
  events: 'account-history',
};

export const HISTORY_FEED_KINDS: readonly HistoryFeedKind[] = ['fills', 'orders', 'positions', 'events'];

/** The history lists a trading update may have changed (mt 21 account events, 24 orders, 25 fills, 27 positions). */
export function historyKindsOf(mt: number): HistoryFeedKind[] {
  switch (mt) {
    case MessageType.AccountUpdate:
      return ['events'];
    case MessageType.OrdersUpdate:
      return ['orders'];
    case MessageType.FillsUpdate:
      return ['fills'];
    case MessageType.PositionsUpdate:
      return ['positions'];
    default:
      return [];
  }
}

/** Refuses fills, orders and positions of markets the context does not list (listed-markets.ts). */
export interface ListedMarketsCheck {
  isListed: IsListedMarket;
  /** Told about each page that held such rows (the bad-frame count and the log). */
  refused(why: string): void;
}

export interface HistoryFeedOptions extends HistoryRefreshOptions {
  /**
   * The position events the trading session saw for the order `oid` in the transaction at `at` (mt 27 `e[]`).
   * Given, a fill row gets its effect and realized PnL like a live one: from these, else from position history
   * (read for fills the session never saw: before this run, or while its socket was down); an order history
   * row gets what its fill did to the position, when the session saw it.
   */
  positionEventsOf?: (oid: number, at: BlockTxLogTimestamp) => readonly Position[];
  /** The slippage cap this client sent request `rq` with (a market order), when it knows it: a partial fill's words name it. */
  capOfRequest?: (rq: number) => number | undefined;
  /** Rows of markets the context does not list are reported and dropped (account events keep theirs). */
  listed?: ListedMarketsCheck;
}

type Pages<K extends HistoryKind> = AsyncIterator<HistoryPage<HistoryRecordOf[K]>>;
type AnyPages = Pages<HistoryKind>;

/** Identity of one position-history event row (the endpoint repeats none; a refreshed page overlaps the old). */
function positionEventKey(p: Position): string {
  return `${p.pid}:${p.at.b ?? ''}:${p.at.tx ?? ''}:${p.at.l ?? ''}:${p.sr}`;
}

function withoutDuplicates<R>(rows: readonly R[], key: (r: R) => string): R[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = key(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export class HistoryFeed {
  private readonly walks = new Map<HistoryFeedKind, AnyPages>();
  /** Position history arrives one row per event: keep them to refold as pages add events. */
  private positionEvents: Position[] = [];
  /** One request per list at a time: loads and refreshes of a list run in turn. */
  private readonly queue = new Map<HistoryFeedKind, Promise<void>>();
  /** A refresh queued and not started yet: a second one would read the same page. */
  private readonly refreshQueued = new Set<HistoryFeedKind>();
  private readonly schedule: HistoryRefreshSchedule;
  private readonly fillEvents: HistoryFillEvents;

  constructor(
    private readonly source: HistorySource,
    private readonly store: TerminalStore,
    private readonly pageSize = 50,
    /** Sees a failed page load with its whole error (the app log). */
    private readonly onError?: (kind: HistoryFeedKind, error: unknown) => void,
    private readonly options: HistoryFeedOptions = {},
  ) {
    this.schedule = new HistoryRefreshSchedule(store, (kind) => this.refresh(kind), options);
    this.fillEvents = new HistoryFillEvents(source, pageSize);
  }

  /** The position events of a fill: as the session saw them, else as position history has them. */
  private eventsOfFill(oid: number, at: BlockTxLogTimestamp): readonly Position[] {
    const live = this.options.positionEventsOf?.(oid, at) ?? [];
    return live.length > 0 ? live : this.fillEvents.eventsOf(oid, at);
  }

  /** Before a page of fills becomes rows: the position events of those the session never saw, from history. */
  private async prepare(kind: HistoryFeedKind, records: readonly unknown[]): Promise<void> {
    const sessionEvents = this.options.positionEventsOf;
    if (kind !== 'fills' || !sessionEvents) return;
    await this.fillEvents.lookUp(records as Fill[], (oid, at) => sessionEvents(oid, at).length > 0);
  }

  stop(): void {
    this.schedule.stop();
  }

  /** The page's rows of listed markets; the others are reported and dropped. Account events keep theirs. */
  private listedOnly<R extends { mkt: number }>(kind: HistoryFeedKind, records: readonly R[]): readonly R[] {
    const check = this.options.listed;
    if (!check) return records;
    const { listed, unlisted } = splitByListedMarket(records, check.isListed);
    if (unlisted.length > 0) {
      const n = records.length - listed.length;
      check.refused(`${kind} history: ${n} row${n === 1 ? '' : 's'} for market${unlisted.length === 1 ? '' : 's'} ${unlisted.join(', ')}, which the context does not list`);
    }
    return listed;
  }

  /** Loads the next page of `kind`; a no-op while one loads or when the server has no more. */
  loadMore(kind: HistoryFeedKind): void {
    const pages = this.store.getState().tabs.history[kind];
    if (pages.loading || pages.done) return;
    historyLoading(this.store, kind);
    this.enqueue(kind, () => this.next(kind));
  }

  /** Re-reads the newest page of `kind` now (`r`) and merges it; loads the first page of a list never read. */
  refresh(kind: HistoryFeedKind): void {
    this.schedule.read(kind);
    if (this.refreshQueued.has(kind)) return;
    this.refreshQueued.add(kind);
    this.enqueue(
      kind,
      () => {
        this.refreshQueued.delete(kind);
        return this.readNewest(kind);
      },
      // A failed refresh leaves the older pages' walk as it was.
      true,
    );
  }

  /** The account changed in a way these lists show: refresh them, coalesced, once on screen. */
  invalidate(kinds: readonly HistoryFeedKind[]): void {
    // A list never read has nothing stale: its first page is read when it is first shown.
    this.schedule.markStale(kinds.filter((kind) => this.everRead(kind)));
  }

  private everRead(kind: HistoryFeedKind): boolean {
    const pages = this.store.getState().tabs.history[kind];
    return this.walks.has(kind) || pages.rows.length > 0 || pages.done || pages.loading;
  }

  private enqueue(kind: HistoryFeedKind, op: () => Promise<void>, keepWalkOnError = false): void {
    const before = this.queue.get(kind) ?? Promise.resolve();
    const run = before.then(op).catch((error: unknown) => {
      // A broken walk restarts from the first page next time (rows are keyed, so nothing doubles).
      if (!keepWalkOnError) this.walks.delete(kind);
      this.onError?.(kind, error);
      historyFailed(this.store, kind, userMessage(error));
    });
    this.queue.set(kind, run);
    void run.finally(() => {
      if (this.queue.get(kind) === run) this.queue.delete(kind);
    });
  }

  private walk(kind: HistoryFeedKind): AnyPages {
    let walk = this.walks.get(kind);
    if (!walk) {
      if (kind === 'positions') this.positionEvents = [];
      walk = this.newWalk(kind);
      this.walks.set(kind, walk);
    }
    return walk;
  }

  private newWalk(kind: HistoryFeedKind): AnyPages {
    return this.source.history(ENDPOINT[kind], { count: this.pageSize })[Symbol.asyncIterator]() as AnyPages;
  }

  private async next(kind: HistoryFeedKind): Promise<void> {
    const step = await this.walk(kind).next();
    const records = step.done ? [] : step.value.d;
    await this.prepare(kind, records);
    // The walk ends after the page without a next cursor: that page is the last.
    const done = step.done === true || !step.value.np;
    const list = this.list(kind);
    list.write(withoutDuplicates([...list.loaded(), ...list.rowsOf(records)], list.key), done);
  }

  /**
   * Reads the newest pages until they reach a loaded row (at most CATCH_UP_PAGES), then merges them in
   * front. When they do not reach it, the rows in between were never read: the pages read replace the
   * list and their walk continues from there, so the list never has a hole.
   */
  private async readNewest(kind: HistoryFeedKind): Promise<void> {
    const list = this.list(kind);
    const loaded = list.loaded();
    const known = new Set(loaded.map(list.key));
    const walk = this.newWalk(kind);
    const fresh: unknown[] = [];
    let lastPage = false;
    for (let page = 0; page < CATCH_UP_PAGES; page++) {
      const step = await walk.next();
      if (step.done === true) {
        lastPage = true;
        break;
      }
      await this.prepare(kind, step.value.d);
      const rows = list.rowsOf(step.value.d);
      fresh.push(...rows);
      lastPage = !step.value.np;
      if (lastPage || known.size === 0 || rows.some((r) => known.has(list.key(r)))) break;
    }
    const overlaps = fresh.some((r) => known.has(list.key(r)));
    if (overlaps) {
      // The loaded pages (and their walk) stay behind the new rows.
      list.write(withoutDuplicates([...fresh, ...this.list(kind).loaded()], list.key), this.store.getState().tabs.history[kind].done);
      return;
    }
    this.walks.set(kind, walk);
    list.write(fresh, lastPage);
  }

  /** How each list maps records to rows, keys them, and reads / writes the store (positions: the raw events, folded). */
  private list(kind: HistoryFeedKind): HistoryList {
    const store = this.store;
    const rowsKey = (row: unknown) => (row as { key: string }).key;
    switch (kind) {
      case 'fills':
        return {
          rowsOf: (records) => {
            const fills = this.listedOnly(kind, records as HistoryRecordOf['fills'][]);
            // What each fill did to its position, as a live fill's row says it (fill-effect.ts).
            const effects = this.options.positionEventsOf ? fillEffects(fills, (oid, at) => this.eventsOfFill(oid, at)) : [];
            return fills.map((f, i) => fillRowWithEffect(f, effects[i] ?? null));
          },
          key: rowsKey,
          loaded: () => store.getState().tabs.history.fills.rows,
          write: (rows, done) => appendHistory(store, 'fills', () => rows as FillRowView[], done),
        };
      case 'orders':
        return {
          rowsOf: (records) =>
            this.listedOnly(kind, records as HistoryRecordOf['order-history'][]).map((o) => {
              const sessionEvents = this.options.positionEventsOf?.(o.oid, o.at);
              const effect = sessionEvents ? effectOfEvents(sessionEvents) : null;
              const capBps = this.options.capOfRequest?.(o.rq);
              return { ...orderHistoryRow(o), ...(effect ? { effect } : {}), ...(capBps !== undefined ? { capBps } : {}) };
            }),
          key: rowsKey,
          loaded: () => store.getState().tabs.history.orders.rows,
          write: (rows, done) => appendHistory(store, 'orders', () => rows as OrderHistoryRowView[], done),
        };
      case 'events':
        return {
          rowsOf: (records) => (records as HistoryRecordOf['account-history'][]).map(accountEventRow),
          key: rowsKey,
          loaded: () => store.getState().tabs.history.events.rows,
          write: (rows, done) => appendHistory(store, 'events', () => rows as AccountEventRowView[], done),
        };
      case 'positions':
        return {
          rowsOf: (records) => [...this.listedOnly(kind, records as Position[])],
          key: (row) => positionEventKey(row as Position),
          loaded: () => this.positionEvents,
          write: (rows, done) => {
            this.positionEvents = rows as Position[];
            appendHistory(store, 'positions', () => foldPositionHistory(this.positionEvents), done);
          },
        };
    }
  }
}

/** Newest pages a refresh reads at most to reach the rows already loaded. */
const CATCH_UP_PAGES = 3;

interface HistoryList {
  rowsOf(records: readonly unknown[]): unknown[];
  key(row: unknown): string;
  loaded(): readonly unknown[];
  write(rows: unknown[], done: boolean): void;
}

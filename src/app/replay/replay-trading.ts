// The trading side of `perpl replay`, fed in-process from the recording: no trading socket, no key, no
// sign-in and no order engine, so nothing in a replay can sign or send an order. At each position the
// trading tabs show what the live session held at that moment: the recorded inbound trading frames up to
// it, applied with the session's rules (client/trading/session.ts): every recorded connection starts over
// from its own snapshots (19/23/26 replace), updates apply only on top of that connection's snapshots,
// fills accumulate across reconnects as they did live. Playing on applies what follows; a seek back
// rebuilds from the start of the recording, so nothing is ever patched onto a later state.
// The Journal pane shows the lines the app recorded from its order engine (a local record, not a frame).

import { JournalTail } from '../../client/trading/journal-view.js';
import { withListedMarketsOnly, type IsListedMarket } from '../../client/trading/listed-markets.js';
import { isTradingUpdate, TradingState } from '../../client/trading/trading-state.js';
import type { MarkSource } from '../../domain/marks.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import { sessionLocks, type SessionFacts } from '../../domain/trading/session-locks.js';
import type { ConnectionView } from '../../domain/views.js';
import { decodeInbound } from '../../protocol/decode/index.js';
import { MessageType, ScopeMask } from '../../protocol/enums.js';
import type { Context, InboundFrame } from '../../protocol/frames.js';
import type { TerminalStore } from '../../state/store.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { appendHistory, historyFailed, type HistoryFeedKind } from '../../state/trading-tabs.js';
import { TradingPublisher, type TradingSource } from '../trading-publisher.js';
import type { ReplayClock } from './replay-clock.js';
import type { TradingEvent } from './timeline.js';

/** Why nothing can be sent: shown wherever an order key is refused. */
export const REPLAY_READ_ONLY = 'replay: read-only';
/** A replay's session as sessionLocks sees it: nothing but read-only, in its own words. */
const REPLAY_LOCK_FACTS: SessionFacts = {
  canTrade: false,
  readOnly: { message: REPLAY_READ_ONLY, label: 'replay' },
  socketOpen: true,
  feedHealth: 'live',
  account: { fw: true, frozen: false },
};
/** A heartbeat older than this (in recording time) showed the feed stale live (session.ts default). */
const STALE_AFTER_MS = 3_000;

type Prepared =
  | { t: number; at: number; kind: 'open' }
  | { t: number; at: number; kind: 'close'; reason?: string }
  | { t: number; at: number; kind: 'in'; frame: InboundFrame }
  /** A frame the app could not decode live either (counted, as the session counted it). */
  | { t: number; at: number; kind: 'malformed' }
  | { t: number; at: number; kind: 'order'; rq: number; lb: number }
  | { t: number; at: number; kind: 'journal'; entry: JournalEntryView };

const SNAPSHOT_PARTS: readonly number[] = [MessageType.WalletSnapshot, MessageType.OrdersSnapshot, MessageType.PositionsSnapshot];

function isJournalEntry(v: Record<string, unknown>): v is Record<string, unknown> & JournalEntryView {
  return typeof v.timeMs === 'number' && typeof v.kind === 'string' && typeof v.requestKey === 'string' && typeof v.text === 'string' && (v.rq === null || typeof v.rq === 'number');
}

/**
 * Decodes the recorded frames once; a frame the app could not decode live is skipped here as it was there,
 * and rows for markets the context does not list are refused and counted as the live session does.
 */
function prepare(events: readonly TradingEvent[], isListed: IsListedMarket | undefined): Prepared[] {
  const out: Prepared[] = [];
  for (const e of events) {
    if (e.kind === 'in') {
      try {
        const decoded = decodeInbound(typeof e.frame === 'string' ? e.frame : JSON.stringify(e.frame));
        const checked = isListed ? withListedMarketsOnly(decoded, isListed) : { frame: decoded, refused: null };
        if (checked.refused !== null) out.push({ t: e.t, at: e.at, kind: 'malformed' });
        out.push({ t: e.t, at: e.at, kind: 'in', frame: checked.frame });
      } catch {
        // Live, a malformed state frame also forced a resync: the recording holds that close and reopen.
        out.push({ t: e.t, at: e.at, kind: 'malformed' });
      }
    } else if (e.kind === 'journal') {
      if (isJournalEntry(e.entry)) {
        const { timeMs, kind, requestKey, rq, text } = e.entry;
        out.push({ t: e.t, at: e.at, kind: 'journal', entry: { timeMs, kind, requestKey, rq, text } });
      }
    } else out.push(e);
  }
  return out;
}

/**
 * The recorded trading state at a position of the recording, shaped as the live session and engine the
 * TradingPublisher reads (TradingSource): `session` is the account, orders, positions, fills, head and
 * health; `engine` is locked (REPLAY_READ_ONLY), with the recorded journal and the lb each order was sent with.
 */
export class ReplayTradingFeed implements TradingSource {
  private readonly events: Prepared[];
  private cursor = 0;
  private positionMs = -Infinity;
  private rebuilds = 0;
  private journalLines = 0;
  private state = new TradingState();
  private journal = new JournalTail();
  private readonly lbs = new Map<number, number>();
  private head: number | null = null;
  private opened = false;
  private open = false;
  private closeReason: string | null = null;
  private pending = new Set<number>();
  private lastHeartbeatSn: number | null = null;
  /** Recorded arrival (epoch ms) of the last heartbeat. */
  private lastHeartbeatAt: number | null = null;
  private latencyMs: number | null = null;
  private malformed = 0;

  readonly session: TradingSource['session'];
  readonly engine: TradingSource['engine'];

  constructor(
    events: readonly TradingEvent[],
    /** Epoch ms of the recording's t = 0. */
    private readonly startedAt: number,
    private readonly now: () => number = Date.now,
    /** Markets the recording's context lists; rows for others are refused (listed-markets.ts). */
    isListed?: IsListedMarket,
  ) {
    this.events = prepare(events, isListed);
    // Getters over the current objects: a rebuild swaps them under the publisher.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const feed = this;
    this.session = {
      get state() {
        return feed.state;
      },
      get head() {
        return feed.head;
      },
      get synced() {
        return feed.synced;
      },
      get malformedFrames() {
        return feed.malformed;
      },
      connectionView: () => this.connectionView(),
    };
    this.engine = {
      // Moves on every rebuild and journal line (the publisher copies only when a version moved).
      get version() {
        return feed.rebuilds * 1_000_000 + feed.journalLines;
      },
      lockFacts: () => REPLAY_LOCK_FACTS,
      journalEntries: () => this.journal.list(),
      pending: () => [],
      lastBlockOf: (rq: number) => {
        const lb = this.lbs.get(rq);
        return lb !== undefined && lb > 0 ? lb : undefined;
      },
    };
  }

  /** True once the connection current at the position has all three snapshots. */
  get synced(): boolean {
    return this.open && this.pending.size === 0;
  }

  /** Ms into the recording the state is at. */
  get position(): number {
    return this.positionMs;
  }

  /** Brings the state to `positionMs`: forward applies what follows, backward rebuilds from the start. */
  advanceTo(positionMs: number): void {
    if (positionMs < this.positionMs) this.reset();
    this.positionMs = positionMs;
    while (this.cursor < this.events.length && this.events[this.cursor]!.t <= positionMs) this.apply(this.events[this.cursor++]!);
  }

  private reset(): void {
    this.rebuilds += 1;
    this.cursor = 0;
    this.positionMs = -Infinity;
    this.state = new TradingState();
    this.journal = new JournalTail();
    this.journalLines = 0;
    this.lbs.clear();
    this.head = null;
    this.opened = false;
    this.open = false;
    this.closeReason = null;
    this.pending = new Set();
    this.lastHeartbeatSn = null;
    this.lastHeartbeatAt = null;
    this.latencyMs = null;
    this.malformed = 0;
  }

  private apply(e: Prepared): void {
    switch (e.kind) {
      case 'open':
        // A new connection: its snapshots replace everything before any update counts (session.ts beginResync).
        this.opened = true;
        this.open = true;
        this.closeReason = null;
        this.pending = new Set(SNAPSHOT_PARTS);
        this.lastHeartbeatSn = null;
        return;
      case 'close':
        this.open = false;
        this.closeReason = e.reason ?? null;
        return;
      case 'order':
        this.lbs.set(e.rq, e.lb);
        return;
      case 'journal':
        this.journal.push(e.entry);
        this.journalLines += 1;
        return;
      case 'malformed':
        this.malformed += 1;
        return;
      case 'in':
        this.applyFrame(e.frame, e.at);
    }
  }

  /** TradingSession.handle without the socket: the same state calls in the same order. */
  private applyFrame(frame: InboundFrame, at: number): void {
    const st = this.state;
    switch (frame.mt) {
      case MessageType.WalletSnapshot:
        st.applyWalletSnapshot(frame);
        if (frame.sn !== undefined) {
          this.lastHeartbeatSn = frame.sn;
          this.head = Math.max(this.head ?? 0, frame.sn);
        }
        this.lastHeartbeatAt = at;
        this.pending.delete(frame.mt);
        return;
      case MessageType.OrdersSnapshot:
        st.replaceOrders(frame.d);
        this.pending.delete(frame.mt);
        return;
      case MessageType.PositionsSnapshot:
        st.replacePositions(frame.d);
        this.pending.delete(frame.mt);
        return;
      case MessageType.Heartbeat:
        if (this.lastHeartbeatSn !== null && frame.sn <= this.lastHeartbeatSn) return;
        this.lastHeartbeatSn = frame.sn;
        this.lastHeartbeatAt = at;
        this.head = Math.max(this.head ?? 0, frame.h);
        return;
      case MessageType.Pong:
        if (frame.t !== undefined) this.latencyMs = Math.max(0, at - frame.t);
        return;
      case MessageType.StatusResponse:
        return;
    }
    if (this.synced && isTradingUpdate(frame)) st.applyUpdate(frame);
  }

  /** The health the live session reported at the position; times moved to now, as the md heartbeats are. */
  connectionView(): ConnectionView {
    const wallAt = this.startedAt + Math.max(0, this.positionMs);
    const age = this.lastHeartbeatAt === null ? null : Math.max(0, wallAt - this.lastHeartbeatAt);
    const health =
      !this.opened ? 'connecting'
      : !this.open ? 'disconnected'
      : !this.synced ? 'resyncing'
      : age !== null && age > STALE_AFTER_MS ? 'stale'
      : 'live';
    return {
      health,
      lastDataAt: age === null ? null : this.now() - age,
      headBlock: this.head,
      latencyMs: this.latencyMs,
      retryInMs: null,
      reason:
        health === 'resyncing' ? 'signing in'
        : health === 'disconnected' ? this.closeReason
        : health === 'stale' ? `no heartbeat for ${((age ?? 0) / 1000).toFixed(1)} s`
        : null,
    };
  }
}

function refused(): CommandHandle {
  return { rqs: () => [], outcome: Promise.resolve({ ok: false, results: [], message: REPLAY_READ_ONLY }) };
}

/** The screen's trading commands in a replay: every one refused, nothing sent. */
export const READ_ONLY_INTENTS: TradingCommands = {
  place: refused,
  cancel: refused,
  cancelAll: refused,
  change: refused,
  close: refused,
  addCollateral: refused,
  protect: refused,
  replaceProtection: refused,
  panic: refused,
  locks: () => sessionLocks({ session: REPLAY_LOCK_FACTS }),
  note: () => undefined,
};

/**
 * REST history pages are read live with a signed key and are not replayed: the Fills tab holds the
 * session's own fills (all there is in a replay), the History tab says it is not part of one.
 */
function replayHistory(store: TerminalStore, kind: HistoryFeedKind): void {
  if (kind === 'fills') appendHistory(store, kind, (rows) => rows, true);
  else historyFailed(store, kind, 'REST history is not part of a replay');
}

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
  intents: TradingCommands;
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
    intents: READ_ONLY_INTENTS,
    history: { loadMore: (kind) => replayHistory(o.store, kind), refresh: (kind) => replayHistory(o.store, kind) },
    stop: () => {
      clearInterval(timer);
      offClock();
    },
  };
}

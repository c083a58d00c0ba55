// The trading side of `perpl replay`: the real trading session (client/trading/session.ts), fed from the
// recording through a recorded link (recorded-link.ts) instead of the exchange's socket, so a replay
// holds at each moment what the live session held then, by the very same rules (snapshots replace,
// updates only on top of the connection's snapshots, fills kept across reconnects, heartbeat gaps and
// malformed state frames resync, rows of unlisted markets refused, one health rule). There is no key,
// no sign-in and no order engine: nothing in a replay can sign or send an order (read-only.ts).
// Playing on delivers what follows; a seek back rebuilds a fresh session from the start of the
// recording, so nothing is ever patched onto a later state. The Journal pane shows the lines the app
// recorded from its order engine (a local record, not a frame), each with the raw frame behind it (Enter on a
// Journal line shows them), and the blocks-left column the lb each recorded order was sent with.

import { JournalTail } from '../client/trading/journal-view.js';
import type { IsListedMarket } from '../client/trading/listed-markets.js';
import type { OrderEngine } from '../client/trading/order-engine.js';
import { TradingSession } from '../client/trading/session.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import type { ConnectionView } from '../domain/views.js';
import { sanitizeText } from '../protocol/sanitize-text.js';
import { REPLAY_LOCK_FACTS } from './read-only.js';
import { RecordedTradingLink } from './recorded-link.js';
import type { TradingEvent } from './timeline.js';

type Delivery =
  | { t: number; at: number; kind: 'open' }
  | { t: number; at: number; kind: 'close'; reason?: string }
  /** A trading frame as the socket handed it to the session: the recorded text. */
  | { t: number; at: number; kind: 'in'; text: string }
  | { t: number; at: number; kind: 'order'; rq: number; lb: number }
  | { t: number; at: number; kind: 'journal'; entry: JournalEntryView };

function isJournalEntry(v: Record<string, unknown>): v is Record<string, unknown> & JournalEntryView {
  return typeof v.timeMs === 'number' && typeof v.kind === 'string' && typeof v.requestKey === 'string' && typeof v.text === 'string' && (v.rq === null || typeof v.rq === 'number');
}

/** The recorded events as the link delivers them; a frame recorded as JSON goes back to text once, here. */
function deliveries(events: readonly TradingEvent[]): Delivery[] {
  const out: Delivery[] = [];
  for (const e of events) {
    if (e.kind === 'in') out.push({ t: e.t, at: e.at, kind: 'in', text: typeof e.frame === 'string' ? e.frame : JSON.stringify(e.frame) });
    else if (e.kind === 'journal') {
      if (isJournalEntry(e.entry)) {
        const { timeMs, kind, requestKey, rq, text, raw } = e.entry;
        // The frame behind the line, as the live Journal kept it (terminal-safe JSON text): Enter on the line
        // shows it. Sanitized once more, since a recording is a file anyone could have written.
        const frame = typeof raw === 'string' ? { raw: sanitizeText(raw) } : {};
        out.push({ t: e.t, at: e.at, kind: 'journal', entry: { timeMs, kind, requestKey, rq, text, ...frame } });
      }
    } else out.push(e);
  }
  return out;
}

/** What the TradingPublisher reads (app/trading-publisher.ts TradingSource). */
export type ReplaySessionView = Pick<TradingSession, 'state' | 'head' | 'synced' | 'connectionView' | 'malformedFrames'>;
export type ReplayEngineView = Pick<OrderEngine, 'version' | 'lockFacts' | 'journalEntries' | 'pending' | 'lastBlockOf'>;

/**
 * The recorded trading state at a position of the recording, shaped as the live session and engine the
 * TradingPublisher reads: `session` is the real session's account, orders, positions, fills, head and
 * health; `engine` is locked (REPLAY_READ_ONLY), with the recorded journal and the lb each order was sent with.
 */
export class ReplayTradingFeed {
  private readonly events: Delivery[];
  private cursor = 0;
  private positionMs = -Infinity;
  private rebuilds = 0;
  private journalLines = 0;
  /** Recording time (epoch ms) as the session sees it: a frame's arrival while delivering, else the position. */
  private recordingNow: number;
  private current: TradingSession;
  private link: RecordedTradingLink;
  private journal = new JournalTail();
  private readonly lbs = new Map<number, number>();

  readonly session: ReplaySessionView;
  readonly engine: ReplayEngineView;

  constructor(
    events: readonly TradingEvent[],
    /** Epoch ms of the recording's t = 0. */
    private readonly startedAt: number,
    private readonly now: () => number = Date.now,
    /** Markets the recording's context lists; rows for others are refused (listed-markets.ts). */
    private readonly isListed?: IsListedMarket,
  ) {
    this.events = deliveries(events);
    this.recordingNow = startedAt;
    ({ session: this.current, link: this.link } = this.newSession());
    // Getters over the current session: a rebuild swaps it under the publisher.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const feed = this;
    this.session = {
      get state() {
        return feed.current.state;
      },
      get head() {
        return feed.current.head;
      },
      get synced() {
        return feed.current.synced;
      },
      get malformedFrames() {
        return feed.current.malformedFrames;
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

  private newSession(): { session: TradingSession; link: RecordedTradingLink } {
    const made: { link?: RecordedTradingLink } = {};
    const session = new TradingSession({
      link: (events) => (made.link = new RecordedTradingLink(events)),
      now: () => this.recordingNow,
      ...(this.isListed ? { isListedMarket: this.isListed } : {}),
    });
    return { session, link: made.link! };
  }

  /** True once the connection current at the position has all three snapshots. */
  get synced(): boolean {
    return this.current.synced;
  }

  /** Ms into the recording the state is at. */
  get position(): number {
    return this.positionMs;
  }

  /** Brings the state to `positionMs`: forward delivers what follows, backward rebuilds from the start. */
  advanceTo(positionMs: number): void {
    if (positionMs < this.positionMs) this.reset();
    this.positionMs = positionMs;
    while (this.cursor < this.events.length && this.events[this.cursor]!.t <= positionMs) this.deliver(this.events[this.cursor++]!);
    this.recordingNow = this.startedAt + Math.max(0, positionMs);
  }

  private reset(): void {
    this.rebuilds += 1;
    this.cursor = 0;
    this.positionMs = -Infinity;
    this.recordingNow = this.startedAt;
    ({ session: this.current, link: this.link } = this.newSession());
    this.journal = new JournalTail();
    this.journalLines = 0;
    this.lbs.clear();
  }

  private deliver(e: Delivery): void {
    this.recordingNow = e.at;
    switch (e.kind) {
      case 'open':
        return this.link.open();
      case 'close':
        return this.link.close(e.reason);
      case 'in':
        return this.link.frame(e.text, e.at);
      case 'order':
        this.lbs.set(e.rq, e.lb);
        return;
      case 'journal':
        this.journal.push(e.entry);
        this.journalLines += 1;
    }
  }

  /** The health the replayed session reported at the position; its times moved to now, as the md heartbeats are. */
  connectionView(): ConnectionView {
    const view = this.current.connectionView();
    const shift = this.now() - this.recordingNow;
    return view.lastDataAt === null ? view : { ...view, lastDataAt: view.lastDataAt + shift };
  }
}
